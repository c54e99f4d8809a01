import Ajv2020 from 'ajv/dist/2020.js';
import { FORMATS } from '../../src/core/checks/checks.js';
import { refusingControlCharacters } from './plainText.js';

export type AjvInstance = Ajv2020;

/**
 * One configuration of ajv for every schema the server checks: our formats and x- keywords, and no control
 * characters in any text (every validator this instance compiles refuses them first).
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
  for (const kw of ['x-db', 'x-ui', 'x-ref', 'x-permission', 'x-column', 'x-virtual', 'x-default', 'x-label']) ajv.addKeyword(kw);
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: object) => refusingControlCharacters(compile(schema))) as typeof ajv.compile;
  return ajv;
}
