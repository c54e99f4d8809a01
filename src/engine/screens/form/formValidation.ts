import type { RJSFValidationError } from '@rjsf/utils';
import { describeProblem } from '../../../core/checks/errorMessages';

/** rjsf's errors in the sentences the server uses ("Code is required"), naming fields by their labels. */
export function errorTransformer(t: (key: string, params?: Record<string, unknown>) => string, fieldLabel: (name: string) => string) {
  return (errors: RJSFValidationError[]) =>
    errors.map((e) => {
      const field = (e.property ?? '').replace(/^\./, '').split('.')[0];
      const { key, params } = describeProblem(e.name ?? '', (e.params ?? {}) as Record<string, unknown>);
      return { ...e, message: t(key, { ...params, field: fieldLabel(field) }) };
    });
}
