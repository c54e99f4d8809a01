import type { RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { FORMATS } from '../../../core/checks/checks';
import { describeProblem } from '../../../core/checks/errorMessages';

/** rjsf's validator with the formats the server's ajv knows, so a form and the API judge alike. */
export const formValidator = customizeValidator({ customFormats: FORMATS, ajvOptionsOverrides: { strict: false } });

/** rjsf's errors in the sentences the server uses ("Code is required"), naming fields by their labels. */
export function errorTransformer(t: (key: string, params?: Record<string, unknown>) => string, fieldLabel: (name: string) => string) {
  return (errors: RJSFValidationError[]) =>
    errors.map((e) => {
      const field = (e.property ?? '').replace(/^\./, '').split('.')[0];
      const { key, params } = describeProblem(e.name ?? '', (e.params ?? {}) as Record<string, unknown>);
      return { ...e, message: t(key, { ...params, field: fieldLabel(field) }) };
    });
}
