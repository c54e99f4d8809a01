import { describe, expect, it } from 'vitest';
import { evaluate, evaluateFormula } from '../../../src/core/conditions/evaluate.js';
import { evaluateDocument } from '../../../src/core/documents/evaluateDocument.js';
import type { EntitySchema, Formula } from '../../../src/core/meta/types.js';

const value = (f: Formula, data: Record<string, unknown> = {}) => evaluateFormula(f, { data, mode: 'edit' })?.toFixed() ?? null;

describe('formulas are data evaluated in exact decimals', () => {
  it('multiplies a quantity by a price without a float ever appearing', () => {
    expect(value({ mul: [{ field: 'quantity' }, { field: 'price' }] }, { quantity: '0.1', price: '0.2' })).toBe('0.02');
    expect(value({ mul: [{ field: 'quantity' }, { field: 'price' }] }, { quantity: '12.5000', price: '18750.00' })).toBe('234375');
    expect(value({ add: ['0.1', '0.2'] })).toBe('0.3');
  });

  it('rounds half up to whole rupiah, as Indonesian invoices do', () => {
    expect(value({ round: { mul: [{ field: 'base' }, '0.11'] } }, { base: '1234550' })).toBe('135801');
    expect(value({ round: { mul: ['2.5', '1'] } })).toBe('3');
    expect(value({ round: { div: ['10', '3'] }, scale: 2 })).toBe('3.33');
  });

  it('counts a blank quantity as none, and gives no value for a division by zero or text that is no number', () => {
    expect(value({ mul: [{ field: 'quantity' }, '125000'] }, { quantity: '' })).toBe('0');
    expect(value({ div: [{ field: 'cost' }, { field: 'price' }] }, { cost: '42000', price: '0' })).toBeNull();
    expect(value({ add: [{ field: 'amount' }, '1'] }, { amount: 'seratus' })).toBeNull();
  });

  it('chooses with a condition: breakfast for two when it is sold per person', () => {
    const perRoomNight: Formula = {
      mul: [{ field: 'amount' }, { if: { field: { name: 'basis', equals: 'per_person' } }, then: '2', else: '1' }],
    };
    expect(value(perRoomNight, { amount: '125000.00', basis: 'per_person' })).toBe('250000');
    expect(value(perRoomNight, { amount: '275000.00', basis: 'per_room' })).toBe('275000');
  });
});

describe('compare conditions', () => {
  const ctx = (data: Record<string, unknown>, totals: Record<string, string | null> = {}) => ({ data, mode: 'edit' as const, totals });

  it('compares totals as decimals: 1.500.000,00 equals 1500000', () => {
    const balanced = { compare: { left: { total: 'debit' }, op: 'eq' as const, right: { total: 'credit' } } };
    expect(evaluate(balanced, ctx({}, { debit: '1500000.00', credit: '1500000' }))).toBe(true);
    expect(evaluate(balanced, ctx({}, { debit: '1500000.00', credit: '1499999.99' }))).toBe(false);
  });

  it('compares dates as text, so a stay date must fall on or after the voucher date', () => {
    const onOrAfter = { compare: { left: { field: 'service_date' }, op: 'gte' as const, right: { header: 'voucher_date' } } };
    expect(evaluate(onOrAfter, { data: { service_date: '2026-12-24' }, header: { voucher_date: '2026-12-01' }, mode: 'edit' })).toBe(true);
    expect(evaluate(onOrAfter, { data: { service_date: '2026-11-30' }, header: { voucher_date: '2026-12-01' }, mode: 'edit' })).toBe(false);
  });

  it('finds a missing amount unequal to anything but never equal', () => {
    expect(evaluate({ compare: { left: { div: ['1', '0'] }, op: 'eq', right: '0' } }, ctx({}))).toBe(false);
    expect(evaluate({ compare: { left: { div: ['1', '0'] }, op: 'ne', right: '0' } }, ctx({}))).toBe(true);
  });
});

/** A journal voucher: debit and credit lines that must balance before it is posted. */
const journal: EntitySchema = {
  $id: 'gl/journal',
  type: 'object',
  'x-permission': 'gl.journal',
  'x-db': { table: 'journal', scope: 'branch' },
  'x-document': {
    totals: {
      debit: { sum: 'lines', of: { field: 'debit' } },
      credit: { sum: 'lines', of: { field: 'credit' } },
      difference: { sub: [{ total: 'debit' }, { total: 'credit' }] },
      lineCount: { count: 'lines' },
    },
    checks: [
      { assert: { compare: { left: { total: 'lineCount' }, op: 'gte', right: '2' } }, message: 'journal.twoLines' },
      {
        assert: { compare: { left: { total: 'debit' }, op: 'eq', right: { total: 'credit' } } },
        message: 'journal.unbalanced',
        on: ['post'],
      },
    ],
  },
  properties: {
    voucher_date: { type: 'string', format: 'date' },
    lines: {
      type: 'array',
      'x-lines': {
        table: 'journal_line',
        parent: 'journal_id',
        checks: [
          { assert: { field: { name: 'account_id', empty: false } }, message: 'journal.accountMissing', field: 'account_id' },
          {
            assert: {
              any: [
                { compare: { left: { field: 'debit' }, op: 'eq', right: '0' } },
                { compare: { left: { field: 'credit' }, op: 'eq', right: '0' } },
              ],
            },
            message: 'journal.debitOrCredit',
            field: 'credit',
          },
        ],
      },
      items: { type: 'object', properties: { account_id: { type: 'integer' }, debit: { type: 'string' }, credit: { type: 'string' } } },
    },
  },
};

describe('a document evaluated like the server judges it', () => {
  const lines = [
    { account_id: 11, debit: '2750000', credit: '0' },
    { account_id: 41, debit: '0', credit: '2500000' },
    { account_id: 21, debit: '0', credit: '250000' },
  ];

  it('totals a balanced journal and lets it be posted', () => {
    const r = evaluateDocument(journal, { header: { voucher_date: '2026-11-23' }, lines: { lines } }, { mode: 'edit', on: 'post' });
    expect(r.totals).toEqual({ debit: '2750000', credit: '2750000', difference: '0', lineCount: '3' });
    expect(r.problems).toEqual([]);
  });

  it('saves an unbalanced draft but refuses to post it, naming both totals', () => {
    const short = lines.slice(0, 2);
    expect(evaluateDocument(journal, { header: {}, lines: { lines: short } }, { mode: 'edit' }).problems).toEqual([]);
    const post = evaluateDocument(journal, { header: {}, lines: { lines: short } }, { mode: 'edit', on: 'post' });
    expect(post.totals.difference).toBe('250000');
    expect(post.problems).toEqual([
      { message: 'journal.unbalanced', params: expect.objectContaining({ debit: '2.750.000', credit: '2.500.000' }) },
    ]);
  });

  it('names the line and the field of a line that breaks a rule', () => {
    const r = evaluateDocument(
      journal,
      {
        header: {},
        lines: {
          lines: [lines[0], { account_id: null, debit: '0', credit: '2750000' }, { account_id: 21, debit: '5000', credit: '5000' }],
        },
      },
      { mode: 'create' },
    );
    expect(r.problems.map((p) => [p.message, p.lines, p.line, p.field, p.params.line])).toEqual([
      ['journal.accountMissing', 'lines', 1, 'account_id', 2],
      ['journal.debitOrCredit', 'lines', 2, 'credit', 3],
    ]);
  });
});

describe('computed line values feed the totals', () => {
  /** A purchase order: quantity × price per line, PPN 11 % on the subtotal, rounded to the rupiah. */
  const order: EntitySchema = {
    ...journal,
    $id: 'purchasing/order',
    'x-document': {
      totals: {
        subtotal: { sum: 'lines', of: { field: 'amount' } },
        tax: { round: { mul: [{ total: 'subtotal' }, '0.11'] } },
        total: { add: [{ total: 'subtotal' }, { total: 'tax' }] },
      },
    },
    properties: {
      lines: {
        type: 'array',
        'x-lines': { table: 'po_line', parent: 'po_id', computed: { amount: { mul: [{ field: 'quantity' }, { field: 'price' }] } } },
        items: { type: 'object', properties: {} },
      },
    },
  };

  it('prices 12,5 kg of beef tenderloin and 30 trays of eggs with PPN', () => {
    const r = evaluateDocument(
      order,
      {
        header: {},
        lines: {
          lines: [
            { quantity: '12.5', price: '285000' },
            { quantity: '30', price: '52500' },
          ],
        },
      },
      { mode: 'create' },
    );
    expect(r.computed.lines).toEqual([{ amount: '3562500' }, { amount: '1575000' }]);
    expect(r.totals).toEqual({ subtotal: '5137500', tax: '565125', total: '5702625' });
  });
});
