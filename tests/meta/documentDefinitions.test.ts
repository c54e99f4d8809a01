import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/connect.js';
import { loadMeta, MetaLoadError, readMetaFiles } from '../../server/meta/load.js';
import { validateMeta, type MetaError } from '../../server/meta/validate.js';
import { addJournalVoucher } from '../support/journalVoucher.js';
import { copyOfRepository, type FixtureProject } from './fixtureProject.js';

/**
 * Document definitions with one deliberate mistake each: the check names the file, the JSON pointer and the
 * mistake in a sentence, and the server refuses to start on it, so a wrong total never reaches a cashier.
 */
let base: FixtureProject;

beforeAll(() => {
  base = copyOfRepository();
  addJournalVoucher(base);
});
afterAll(() => base?.dispose());

const JOURNAL = 'schemas/fixture/sample-journal.json';
const SCREEN = 'screens/fixture/sample-journal.json';

/** The journal-voucher project with one change, and every problem found in it. */
function problems(change: (p: FixtureProject) => void): MetaError[] {
  const p = copyOfRepository();
  try {
    addJournalVoucher(p);
    change(p);
    const errors: MetaError[] = [];
    const raw = readMetaFiles(p.root, errors);
    return [...errors, ...validateMeta(raw)];
  } finally {
    p.dispose();
  }
}

describe('a journal voucher declared in JSON', () => {
  it('validates without a single error, and so does the arrangement document shipped with the hotel', () => {
    const errors: MetaError[] = [];
    expect([...errors, ...validateMeta(readMetaFiles(base.root, errors))]).toEqual([]);
  });
});

describe('a broken document is named by file, pointer and sentence', () => {
  it('a grid column naming a field the lines do not have', () => {
    expect(problems((p) => p.edit(SCREEN, (s) => (s.grids[0].columns[1].field = 'descripton')))).toEqual([
      {
        file: SCREEN,
        pointer: '/grids/0/columns/1/field',
        message: "'descripton' is neither a field of the lines 'lines' nor computed on them",
      },
    ]);
  });

  it('a grid on a field that is not a lines field, and a footer naming a total that does not exist', () => {
    expect(
      problems((p) =>
        p.edit(SCREEN, (s) => {
          s.grids[0].footer[1].total = 'kredit';
          s.grids.push({ field: 'memo', columns: [{ field: 'memo' }] });
        }),
      ),
    ).toEqual([
      {
        file: SCREEN,
        pointer: '/grids/0/footer/1/total',
        message: "'kredit' is not a total of fixture/sample-journal (x-document.totals)",
      },
      { file: SCREEN, pointer: '/grids/1/field', message: "'memo' is not a lines field of fixture/sample-journal (an array with x-lines)" },
    ]);
  });

  it('a required line field without a column, so no line could ever be saved', () => {
    expect(problems((p) => p.edit(SCREEN, (s) => s.grids[0].columns.shift()))).toEqual([
      { file: SCREEN, pointer: '/grids/0/columns', message: "required line field 'account_id' has no column, so no line could be saved" },
    ]);
  });

  it('a column type the meta-schema does not know', () => {
    expect(problems((p) => p.edit(SCREEN, (s) => (s.grids[0].columns[2].type = 'rupiah')))).toEqual([
      {
        file: SCREEN,
        pointer: '/grids/0/columns/2/type',
        message: 'must be one of "money", "quantity", "number", "integer", "lookup", "date", "text", "select"',
      },
    ]);
  });

  it('a total summing lines that do not exist, and one using a total declared after it', () => {
    expect(
      problems((p) =>
        p.edit(JOURNAL, (e) => {
          e['x-document'].totals.debit.sum = 'line';
          e['x-document'].totals = { difference: e['x-document'].totals.difference, ...e['x-document'].totals };
        }),
      ),
    ).toEqual([
      {
        file: JOURNAL,
        pointer: '/x-document/totals/difference/sub/0/total',
        message: "'debit' is not a total declared before this point (none)",
      },
      {
        file: JOURNAL,
        pointer: '/x-document/totals/difference/sub/1/total',
        message: "'credit' is not a total declared before this point (none)",
      },
      {
        file: JOURNAL,
        pointer: '/x-document/totals/debit/sum',
        message: "'line' is not a lines field of fixture/sample-journal (an array with x-lines)",
      },
    ]);
  });

  it('a formula with two operations at once, and a line check reading a field the lines do not have', () => {
    expect(
      problems((p) =>
        p.edit(JOURNAL, (e) => {
          e['x-document'].totals.credit = { sum: 'lines', of: { field: 'credit' }, add: ['1', '2'] };
          e.properties.lines['x-lines'].checks[0].assert.any[0].compare.left.field = 'debet';
        }),
      ),
    ).toEqual([
      {
        file: JOURNAL,
        pointer: '/properties/lines/x-lines/checks/0/assert/any/0/compare/left/field',
        message: "'debet' is not a field of the lines 'lines' of fixture/sample-journal",
      },
      {
        file: JOURNAL,
        pointer: '/x-document/totals/credit',
        message: 'a formula needs exactly one operation (field, header, total, add, sub, mul, div, round, if, sum, count), this one has 2',
      },
    ]);
  });

  it('a check message with no label, and a check for an action the document does not have', () => {
    expect(
      problems((p) =>
        p.edit(JOURNAL, (e) => {
          e['x-document'].checks[0].message = 'sample-journal.notBalanced';
          e['x-document'].checks[1].on = ['approve'];
        }),
      ),
    ).toEqual([
      {
        file: JOURNAL,
        pointer: '/x-document/checks/0/message',
        message: "no label for the message of the check: add 'sample-journal.notBalanced' (en and id) to a file in locales/",
      },
      {
        file: JOURNAL,
        pointer: '/x-document/checks/1/on/0',
        message: "'approve' is neither 'save' nor an action of x-document.status (post)",
      },
    ]);
  });

  it('a status action no route lets a group hold, and a status the field does not have', () => {
    expect(
      problems((p) => {
        p.edit(JOURNAL, (e) => (e['x-document'].status.actions[0].to = 'approved'));
        p.edit('routes.json', (r) => delete r.routes.find((x: any) => x.path === '/fixture-gl').children[1].ops);
      }),
    ).toEqual([
      { file: JOURNAL, pointer: '/x-document/status/actions/0/to', message: "'approved' is not a value of 'status'" },
      {
        file: JOURNAL,
        pointer: '/x-document/status/actions/0/key',
        message: 'no route with permission gl.sample-journal offers the right \'post\': add { "key": "post", "name": … } to its ops',
      },
    ]);
  });

  it('lines without a maximum count, and a line field without a label (named where it is declared and where it is shown)', () => {
    const noLabel = "no label for line field 'debit': add 'sample-journal.lines.debit' or 'field.debit' (en and id) to a file in locales/";
    expect(
      problems((p) => {
        p.edit(JOURNAL, (e) => delete e.properties.lines.maxItems);
        p.edit('locales/fixture-gl.json', (l) => delete l['sample-journal.lines.debit']);
      }),
    ).toEqual([
      { file: JOURNAL, pointer: '/properties/lines/items/properties/debit', message: noLabel },
      { file: JOURNAL, pointer: '/properties/lines', message: "lines 'lines' need a maxItems, so no request can send a million of them" },
      { file: SCREEN, pointer: '/grids/0/columns/2', message: noLabel.replace('line field', 'column') },
    ]);
  });
});

describe('a broken dependent lookup is named too', () => {
  it('filtering on a field the looked-up entity does not have, from a header field that does not exist', () => {
    expect(
      problems((p) =>
        p.edit(JOURNAL, (e) => {
          const filter = e.properties.lines.items.properties.account_id['x-refFilter'];
          filter.currenci = filter.currency;
          filter.currency = { header: 'mata_uang' };
        }),
      ),
    ).toEqual([
      {
        file: JOURNAL,
        pointer: '/properties/lines/items/properties/account_id/x-refFilter/currency/header',
        message: "'mata_uang' is not a field of the header of fixture/sample-journal",
      },
      {
        file: JOURNAL,
        pointer: '/properties/lines/items/properties/account_id/x-refFilter/currenci',
        message: "'currenci' is not a field of fixture/sample-account, the entity this lookup picks from",
      },
    ]);
  });

  it('filtering on free text, which would let a lookup probe names', () => {
    expect(
      problems((p) => p.edit(JOURNAL, (e) => (e.properties.lines.items.properties.account_id['x-refFilter'].name = { value: 'Kas' }))),
    ).toEqual([
      {
        file: JOURNAL,
        pointer: '/properties/lines/items/properties/account_id/x-refFilter/name',
        message: "'name' of fixture/sample-account is free text; a lookup filters on flags, numbers, dates, choices and references",
      },
    ]);
  });

  it("a reservation's room filtered by a field the reservation does not have", () => {
    expect(
      problems((p) =>
        p.edit(
          'schemas/frontoffice/reservation.json',
          (e) => (e.properties.room_id['x-refFilter'].room_type_id = { field: 'roomtype_id' }),
        ),
      ),
    ).toEqual([
      {
        file: 'schemas/frontoffice/reservation.json',
        pointer: '/properties/room_id/x-refFilter/room_type_id/field',
        message: "'roomtype_id' is not a field of the header of frontoffice/reservation",
      },
    ]);
  });
});

/** A database that fails the test if the server touches it before refusing to start. */
const untouchable = new Proxy({} as Database, {
  get(_, prop) {
    throw new Error(`the database was used (${String(prop)}) although the definitions are broken`);
  },
});

describe('the server refuses to start', () => {
  it('on a broken document, naming it', () => {
    const p = copyOfRepository();
    try {
      addJournalVoucher(p);
      p.edit(SCREEN, (s) => (s.grids[0].columns[1].field = 'descripton'));
      expect(() => loadMeta(p.root)).toThrow(MetaLoadError);
      expect(() => loadMeta(p.root)).toThrow(`${SCREEN}#/grids/0/columns/1/field: 'descripton' is neither a field of the lines 'lines'`);
    } finally {
      p.dispose();
    }
  });

  it('on a lookup rule (x-refScope) no domain registers, before it opens the database', async () => {
    const p = copyOfRepository();
    try {
      addJournalVoucher(p);
      p.edit(JOURNAL, (e) => (e.properties.lines.items.properties.account_id['x-refScope'] = { name: 'openPeriod', params: {} }));
      const meta = loadMeta(p.root);
      await expect(buildApp({ config: { ...loadConfig({}), root: p.root, dataDir: p.root }, database: untouchable, meta })).rejects.toThrow(
        `${JOURNAL}#/properties/lines/items/properties/account_id/x-refScope/name: 'openPeriod' is not a lookup rule that fixture/sample-account registers`,
      );
    } finally {
      p.dispose();
    }
  });
});
