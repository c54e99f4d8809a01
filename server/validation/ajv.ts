import Ajv2020 from 'ajv/dist/2020.js';
import type { SchemaValidateFunction, ValidateFunction } from 'ajv';
import { FORMATS } from '../../src/core/checks/checks.js';
import { refusingUnsafeText } from './plainText.js';
import { dateRangeProblems, type DateRange } from '../../src/core/checks/dateRanges.js';

export type AjvInstance = Ajv2020;

/**
 * One configuration of ajv for every schema the server checks: our formats and x- keywords, and no control
 * character or full card number in any text (every validator this instance compiles refuses them first).
 */
export function createAjv(options: { coerceTypes?: boolean; removeAdditional?: boolean } = {}): AjvInstance {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    coerceTypes: options.coerceTypes ?? false,
    useDefaults: false,
    removeAdditional: options.removeAdditional ?? false,
  });
  for (const [name, check] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate: check });
  for (const kw of [
    'x-db',
    'x-ui',
    'x-ref',
    'x-permission',
    'x-column',
    'x-virtual',
    'x-sensitive',
    'x-read-right',
    'x-default',
    'x-label',
    'x-lines',
    'x-document',
    'x-refFilter',
    'x-refScope',
  ])
    ajv.addKeyword(kw);
  const checkRanges: SchemaValidateFunction = (ranges: DateRange[], data: Record<string, unknown>, _parent, cxt) => {
    const problems = dateRangeProblems(ranges, data);
    checkRanges.errors = problems.map((p) => ({
      keyword: 'x-dateRanges',
      instancePath: `${cxt?.instancePath ?? ''}/${p.field}`,
      schemaPath: '#/x-dateRanges',
      params: { key: p.key, ...p.params },
    }));
    return problems.length === 0;
  };
  ajv.addKeyword({ keyword: 'x-dateRanges', type: 'object', schemaType: 'array', errors: true, validate: checkRanges });
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: object) => compiledOnFirstUse(() => refusingUnsafeText(compile(schema)))) as typeof ajv.compile;
  return ajv;
}

/**
 * A validator compiled when it first checks something, not when it is declared: the server declares one for
 * every route and entity (hundreds), most of which a process never uses, and compiling them all was a third of
 * its start. A schema ajv cannot compile fails on that first check (the fuzz and bad-input tests call every route).
 */
function compiledOnFirstUse(compile: () => ValidateFunction): ValidateFunction {
  let validate: ValidateFunction | undefined;
  const lazy = ((data: unknown, ctx?: unknown) => {
    validate ??= compile();
    const ok = (validate as (d: unknown, c?: unknown) => boolean)(data, ctx);
    lazy.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return lazy;
}
