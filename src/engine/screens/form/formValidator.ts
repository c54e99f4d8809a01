import { Validator, ValidatorResult, type Options, type SchemaContext, type ValidationError } from 'jsonschema';
import type { ErrorObject } from 'ajv';
import type { CustomValidator, ErrorTransformer, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import { FORMATS } from '../../../core/checks/checks';

/**
 * The forms' JSON Schema validator, without code generation: ajv compiles each schema into a function with
 * `new Function`, which a strict Content-Security-Policy (no 'unsafe-eval') forbids, so forms would fail to
 * validate. jsonschema interprets the schema instead; its errors are given ajv's shape (keyword, params) so
 * rjsf and our messages (core/checks/errorMessages) read them unchanged.
 */
const engine = new Validator();
// jsonschema's own formats win over custom ones (its 'phone' must start with +: a hotel's "022 597 9012" was
// refused in the form and accepted by the server), so the format keyword itself is ours: the checks the
// server's ajv uses, and no other
engine.attributes.format = (instance: unknown, schema: { format?: string }, options: Options, ctx: SchemaContext) => {
  const result = new ValidatorResult(instance, schema, options, ctx);
  const format = schema.format ?? '';
  const check = FORMATS[format];
  if (typeof instance === 'string' && check && !check(instance))
    result.addError({ name: 'format', argument: format, message: `does not conform to the "${format}" format` });
  return result;
};

const PARAM: Record<string, string> = {
  required: 'missingProperty',
  additionalProperties: 'additionalProperty',
  format: 'format',
  type: 'type',
  pattern: 'pattern',
  enum: 'allowedValues',
};

function toAjvError(e: ValidationError): ErrorObject {
  const path = e.path.map(String);
  const param = PARAM[e.name] ?? 'limit';
  return {
    keyword: e.name,
    instancePath: path.length ? `/${path.join('/')}` : '',
    schemaPath: `#/${path.map((p) => `properties/${p}`).join('/')}/${e.name}`.replace('#//', '#/'),
    params: e.argument === undefined ? {} : { [param]: Array.isArray(e.argument) && param === 'type' ? e.argument.join(',') : e.argument },
    message: e.message,
  };
}

/** Our schemas hold no $ref, so a schema is checked on its own (rjsf's root schema resolves nothing here). */
function check(schema: RJSFSchema, data: unknown): ErrorObject[] {
  // a schema's $id ("system/user") names it; it is not an address to resolve references against
  const { $id: _id, ...target } = schema as Record<string, unknown>;
  return engine.validate(data, target as never, { nestedErrors: false, allowUnknownAttributes: true }).errors.map(toAjvError);
}

export const formValidator: ValidatorType = {
  rawValidation<Result = ErrorObject>(schema: RJSFSchema, formData?: unknown) {
    const errors = check(schema, formData);
    return { errors: (errors.length ? errors : undefined) as Result[] | undefined };
  },
  validateFormData(formData, schema, customValidate?: CustomValidator, transformErrors?: ErrorTransformer, uiSchema?: UiSchema) {
    return processRawValidationErrors(
      this,
      this.rawValidation(schema, formData),
      formData,
      schema,
      customValidate,
      transformErrors,
      uiSchema,
    );
  },
  isValid(schema, formData) {
    return check(schema, formData).length === 0;
  },
};
