import { describe, expect, it } from 'vitest';
import { formValidator } from '../../../src/engine/screens/form/formValidator.js';

/** The form judges a field's format by the same checks as the server's ajv (src/core/checks), not jsonschema's own. */
const supplier = {
  type: 'object',
  properties: {
    telephone: { type: ['string', 'null'], format: 'phone' },
    email: { type: 'string', format: 'email' },
    valid_from: { type: 'string', format: 'date' },
  },
} as const;
const errors = (data: Record<string, unknown>) => formValidator.rawValidation(supplier as never, data).errors ?? [];

describe('the form validator', () => {
  it('takes a Bandung landline as the server does, without a +62', () => {
    expect(errors({ telephone: '022 597 9012', email: 'order@tanimulya.co.id', valid_from: '2026-11-23' })).toEqual([]);
    expect(errors({ telephone: '+62 22 597 9012' })).toEqual([]);
    expect(errors({ telephone: null })).toEqual([]);
  });

  it('refuses what the server refuses, as a format error on the field', () => {
    const refused = errors({ telephone: 'call the owner', email: 'order@', valid_from: '23/11/2026' });
    expect(refused.map((e: any) => [e.instancePath, e.keyword, e.params.format])).toEqual([
      ['/telephone', 'format', 'phone'],
      ['/email', 'format', 'email'],
      ['/valid_from', 'format', 'date'],
    ]);
  });
});
