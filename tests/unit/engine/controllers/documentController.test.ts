import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/engine/api/client.js';
import type { Row } from '../../../../src/engine/api/dataProvider.js';
import {
  createDocumentController,
  type DocumentSource,
  type PasteColumn,
} from '../../../../src/engine/controllers/document/documentController.js';
import { parseClipboard, convertCell, matchOption } from '../../../../src/engine/controllers/document/paste.js';
import type { EntitySchema } from '../../../../src/core/meta/types.js';

/** The arrangement as shipped (schemas/sales/arrangement.json), with a check on posting for the status tests. */
const arrangement: EntitySchema = {
  $id: 'sales/arrangement',
  type: 'object',
  'x-permission': 'sales.arrangement',
  'x-db': { table: 'arrangement', scope: 'branch', label: ['code', 'name'] },
  'x-document': {
    totals: { double_room: { sum: 'lines', of: { field: 'double_room' } } },
    checks: [
      {
        assert: { compare: { left: { total: 'double_room' }, op: 'lte', right: '500000' } },
        message: 'arrangement.tooRich',
        on: ['approve'],
      },
    ],
  },
  required: ['code', 'name'],
  properties: {
    code: { type: 'string', maxLength: 10 },
    name: { type: 'string', maxLength: 80 },
    lines: {
      type: 'array',
      maxItems: 20,
      'x-lines': {
        table: 'arrangement_line',
        parent: 'arrangement_id',
        order: 'line_no',
        computed: {
          double_room: { mul: [{ field: 'amount' }, { if: { field: { name: 'basis', equals: 'per_person' } }, then: '2', else: '1' }] },
        },
      },
      items: {
        type: 'object',
        required: ['fo_article_id', 'amount', 'basis'],
        properties: {
          fo_article_id: { type: 'integer', 'x-ref': 'frontoffice/article' },
          amount: { type: 'string', format: 'money' },
          basis: { type: 'string', enum: ['per_person', 'per_room'], default: 'per_person' },
        },
      },
    },
  },
};

const ARTICLES = [
  { id: 3, label: 'BF - Breakfast' },
  { id: 7, label: 'TRF - Airport transfer' },
  { id: 9, label: 'DIN - Dinner' },
];

/** The arrangements of Grand Nusantara Bandung in memory, answering as /api/data does (ids, versions, line ids). */
function arrangements(failWith?: (values: Record<string, unknown>) => ApiError | undefined) {
  const table = new Map<number, Row>();
  const calls: string[] = [];
  let nextId = 1;
  let nextLine = 100;
  const store = (id: number, values: Record<string, unknown>, version: number) => {
    const lines = ((values.lines as Row[]) ?? (table.get(id)?.lines as Row[]) ?? []).map((l) => ({ ...l, id: l.id ?? nextLine++ }));
    const row = { ...table.get(id), ...values, id, version, lines } as Row;
    table.set(id, row);
    return structuredClone(row);
  };
  const source: DocumentSource = {
    getOne: async (_e, id) => structuredClone(table.get(id)!),
    create: async (_e, values) => {
      calls.push(`create ${JSON.stringify(values)}`);
      const err = failWith?.(values);
      if (err) throw err;
      return store(nextId++, values, 1);
    },
    update: async (_e, id, version, values) => {
      calls.push(`update ${id} v${version} ${JSON.stringify(values)}`);
      const row = table.get(id)!;
      if (row.version !== version)
        throw new ApiError(
          409,
          'CONFLICT',
          'This record was changed by Rina Kusuma at 23/11/2026 10:15.',
          {},
          { currentVersion: row.version },
        );
      const err = failWith?.(values);
      if (err) throw err;
      return store(id, values, version + 1);
    },
    delete: async () => ({ deleted: true, deactivated: false }),
    run: async () => ({}) as never,
    action: async (_e, id, version, action) => {
      calls.push(`action ${action} ${id} v${version}`);
      const row = table.get(id)!;
      return store(id, { status: 'approved' }, row.version! + 1);
    },
  };
  return { source, calls, table };
}

const columns: PasteColumn[] = [
  {
    field: 'fo_article_id',
    type: 'lookup',
    lookup: async (text) => ARTICLES.filter((a) => a.label.toLowerCase().includes(text.toLowerCase())),
  },
  { field: 'amount', type: 'money' },
  {
    field: 'basis',
    type: 'select',
    options: [
      { value: 'per_person', label: 'person' },
      { value: 'per_room', label: 'room' },
    ],
  },
  { field: 'double_room', type: 'computed' },
];

const linesOf = (c: ReturnType<typeof createDocumentController>) => c.store.get().lines.lines;

describe('a new arrangement entered line by line', () => {
  it('starts with one blank line, computes the double-room price exactly, and sends the filled lines only', async () => {
    const { source, calls } = arrangements();
    const c = createDocumentController({ source, entity: arrangement, id: null });
    const [first] = linesOf(c);
    expect(linesOf(c)).toHaveLength(1);
    c.setCell('lines', first.key, 'fo_article_id', 3, 'BF - Breakfast');
    c.setCell('lines', first.key, 'amount', '125000');
    const second = c.addLine('lines', 1);
    c.setCell('lines', second, 'fo_article_id', 7, 'TRF - Airport transfer');
    c.setCell('lines', second, 'amount', '275000.50');
    c.setCell('lines', second, 'basis', 'per_room');
    c.addLine('lines', 2);
    const saved = await c.save({ code: 'RBT', name: 'Breakfast and transfer' });
    expect(saved?.created).toBe(true);
    expect(calls).toEqual([
      'create {"code":"RBT","name":"Breakfast and transfer","lines":[{"fo_article_id":3,"amount":"125000","basis":"per_person"},{"fo_article_id":7,"amount":"275000.50","basis":"per_room"}]}',
    ]);
    // after the save the lines are the server's, with their ids
    expect(c.store.get().lines.lines.map((l) => l.values.id)).toEqual([100, 101]);
    expect(c.linesChanged()).toBe(false);
  });

  it('refuses to send a line without its article, naming that line, and sends nothing', async () => {
    const { source, calls } = arrangements();
    const c = createDocumentController({ source, entity: arrangement, id: null });
    const [first] = linesOf(c);
    c.setCell('lines', first.key, 'amount', '125000');
    expect(await c.save({ code: 'BO', name: 'Breakfast only' })).toBeUndefined();
    expect(calls).toEqual([]);
    expect(c.store.get().issues).toEqual([
      { key: 'error.required', params: {}, field: 'fo_article_id', lines: 'lines', lineKey: first.key, line: 0 },
    ]);
    expect(c.store.get().attempted).toBe(true);
  });

  it("puts the server's message for line 2 on the right line even when a blank line was left between", async () => {
    const { source } = arrangements((values) =>
      (values.lines as unknown[])?.length === 2
        ? new ApiError(400, 'VALIDATION', 'Line 2, Revenue article: the chosen record does not exist in this property', {
            'lines/1/fo_article_id': 'Line 2, Revenue article: the chosen record does not exist in this property',
          })
        : undefined,
    );
    const c = createDocumentController({ source, entity: arrangement, id: null });
    const [first] = linesOf(c);
    c.setCell('lines', first.key, 'fo_article_id', 3);
    c.setCell('lines', first.key, 'amount', '125000');
    c.addLine('lines', 1);
    const third = c.addLine('lines', 2);
    c.setCell('lines', third, 'fo_article_id', 999);
    c.setCell('lines', third, 'amount', '50000');
    expect(await c.save({ code: 'X', name: 'Ghost' })).toBeUndefined();
    expect(c.store.get().cellErrors).toEqual({
      [third]: { fo_article_id: 'Line 2, Revenue article: the chosen record does not exist in this property' },
    });
    expect(c.record.store.get().problem).toBeUndefined();
    // correcting the cell takes its message away
    c.setCell('lines', third, 'fo_article_id', 9, 'DIN - Dinner');
    expect(c.store.get().cellErrors[third]).toEqual({});
  });
});

describe('an arrangement changed by two people', () => {
  it('sends only what changed, and says so when someone else saved first', async () => {
    const { source, calls, table } = arrangements();
    table.set(1, {
      id: 1,
      version: 4,
      code: 'RB',
      name: 'Room & breakfast',
      lines: [{ id: 50, fo_article_id: 3, amount: '125000.00', basis: 'per_person' }],
    });
    const c = createDocumentController({ source, entity: arrangement, id: 1 });
    await c.load();
    expect(await c.save({ name: 'Room and breakfast' })).toBeDefined();
    expect(calls.pop()).toBe('update 1 v4 {"name":"Room and breakfast"}');
    table.set(1, { ...table.get(1)!, version: 9 });
    const [line] = c.store.get().lines.lines;
    c.setCell('lines', line.key, 'amount', '135000');
    expect(await c.save({})).toBeUndefined();
    expect(calls.pop()).toBe('update 1 v5 {"lines":[{"id":50,"fo_article_id":3,"amount":"135000","basis":"per_person"}]}');
    expect(c.record.store.get().problem).toMatchObject({ stale: true, tone: 'warning' });
  });
});

describe('a status action', () => {
  it('runs the checks of that action first, then the action with the version read', async () => {
    const { source, calls, table } = arrangements();
    table.set(1, {
      id: 1,
      version: 2,
      code: 'HB',
      name: 'Half board',
      lines: [
        { id: 50, fo_article_id: 3, amount: '125000', basis: 'per_person' },
        { id: 51, fo_article_id: 9, amount: '175000', basis: 'per_person' },
      ],
    });
    const c = createDocumentController({ source, entity: arrangement, id: 1 });
    await c.load();
    expect(await c.act('approve', {}, false)).toBeUndefined();
    expect(c.store.get().issues.map((i) => [i.key, i.params.double_room])).toEqual([['arrangement.tooRich', '600.000']]);
    c.removeLine('lines', c.store.get().lines.lines[1].key);
    expect(await c.act('approve', {}, true)).toBeDefined();
    expect(calls).toEqual([
      'update 1 v2 {"lines":[{"id":50,"fo_article_id":3,"amount":"125000","basis":"per_person"}]}',
      'action approve 1 v3',
    ]);
    expect(c.record.store.get().row?.status).toBe('approved');
  });
});

describe('lines pasted from a spreadsheet', () => {
  it('reads amounts as people type them, choices by label and lookups by code or name, and says what it could not read', async () => {
    const { source } = arrangements();
    const c = createDocumentController({ source, entity: arrangement, id: null });
    const result = await c.paste(
      'lines',
      0,
      columns,
      'BF\t125.000\tperson\r\nAirport transfer\t275000\troom\r\nXYZ\tseratus ribu\troom\r\n',
    );
    expect(result).toEqual({
      lines: 3,
      notes: [
        { line: 3, field: 'fo_article_id', value: 'XYZ', reason: 'noMatch' },
        { line: 3, field: 'amount', value: 'seratus ribu', reason: 'unreadable' },
      ],
    });
    expect(c.store.get().lines.lines.map((l) => [l.values.fo_article_id, l.values.amount, l.values.basis])).toEqual([
      [3, '125000', 'per_person'],
      [7, '275000', 'per_room'],
      [undefined, undefined, 'per_room'],
    ]);
    expect(c.store.get().lines.lines[1].values._refs).toEqual({ fo_article_id: 'TRF - Airport transfer' });
  });

  it('saves the article typed faster than its lookup answered: Ctrl+S right after Tab waits for the lookup', async () => {
    const { source, calls } = arrangements();
    const c = createDocumentController({ source, entity: arrangement, id: null });
    const [first] = linesOf(c);
    let answer!: () => void;
    const slow: PasteColumn = {
      ...columns[0],
      lookup: (text) => new Promise((ok) => (answer = () => ok(ARTICLES.filter((a) => a.label.includes(text))))),
    };
    const typed = c.paste('lines', 0, [slow], 'DIN');
    c.setCell('lines', first.key, 'amount', '185000');
    const saving = c.save({ code: 'DNR', name: 'Dinner' });
    await Promise.resolve();
    expect(calls).toEqual([]);
    answer();
    await typed;
    expect((await saving)?.created).toBe(true);
    expect(calls).toEqual(['create {"code":"DNR","name":"Dinner","lines":[{"fo_article_id":9,"amount":"185000","basis":"per_person"}]}']);
  });

  it('parses what Excel and LibreOffice put on the clipboard', () => {
    expect(parseClipboard('BF\t125.000\n"Dinner, 3 courses\twith ""wine"""\t350000\n')).toEqual([
      ['BF', '125.000'],
      ['Dinner, 3 courses\twith "wine"', '350000'],
    ]);
    expect(parseClipboard('125000')).toEqual([['125000']]);
    expect(convertCell('date', '24/12/2026')).toEqual({ value: '2026-12-24' });
    expect(convertCell('date', '31/02/2026')).toEqual({ unreadable: true });
    expect(convertCell('money', '1.250.000,50')).toEqual({ value: '1250000.50' });
    expect(convertCell('money', '12,345')).toEqual({ value: '12345' });
    expect(convertCell('quantity', '2,5')).toEqual({ value: '2.5' });
    expect(convertCell('integer', '2')).toEqual({ value: 2 });
    expect(convertCell('money', '')).toEqual({ value: null });
    expect(matchOption('dinner', ARTICLES)).toBe(9);
    expect(matchOption('din', ARTICLES)).toBe(9);
    expect(matchOption('Din', [{ id: 1, label: 'DINNER - Din' }, ...ARTICLES])).toBe(9);
    expect(matchOption('Dine', ARTICLES)).toBeUndefined();
  });
});
