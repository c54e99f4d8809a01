import pg from 'pg';
import { CompiledQuery } from 'kysely';
import type { Db } from '../../server/db/connect.js';

/** One statement as the driver sent it: its text and its bound parameters. */
export interface SentStatement {
  text: string;
  values: unknown[];
}

const BEGIN = /^\s*begin\b/i;
const END = /^\s*(commit|rollback)\b/i;

/**
 * The statements the app sends inside the transactions of one call, as its driver sends them (the pg client
 * speaks to both databases: a PostgreSQL server, and the embedded one through its wire protocol). Only one
 * call may run meanwhile: every client's statements are recorded.
 */
export async function recordTransaction<T>(call: () => Promise<T>): Promise<{ result: T; statements: SentStatement[] }> {
  const statements: SentStatement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  let inside = false;
  proto.query = function (this: unknown, ...args: unknown[]) {
    // the app's pools send a statement as { text, values, name } (server/db/preparedStatements.ts)
    const [first, second] = args;
    const { text, values } =
      typeof first === 'string' ? { text: first, values: second } : ((first ?? {}) as { text?: unknown; values?: unknown });
    if (typeof text === 'string') {
      if (BEGIN.test(text)) inside = true;
      else if (END.test(text)) inside = false;
      else if (inside) statements.push({ text, values: Array.isArray(values) ? [...values] : [] });
    }
    return query.apply(this, args);
  };
  try {
    return { result: await call(), statements };
  } finally {
    proto.query = query;
  }
}

/**
 * Sends recorded statements again in one transaction, each parameter the same but where `swap` gives another
 * (a new document number, the new row's id once a statement has returned it).
 */
export function replay(db: Db, statements: SentStatement[], swap: (value: unknown, returned: Record<string, unknown>[]) => unknown) {
  return db.transaction().execute(async (trx) => {
    const returned: Record<string, unknown>[] = [];
    for (const s of statements) {
      const { rows } = await trx.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(
          s.text,
          s.values.map((v) => swap(v, returned)),
        ),
      );
      returned.push(rows[0] ?? {});
    }
  });
}

/**
 * The raw side of a document's save: the statements `save` sent inside its transaction for its first document
 * (whose id is `first`), sent again directly by `again()`, each with the next number and, after the header's
 * insert into `table`, the new row's id where the first one's was.
 */
export async function statementsOfSave(
  db: Db,
  table: string,
  nextNumber: () => string,
  save: (number: string) => Promise<number>,
): Promise<{ first: number; count: number; again: () => Promise<void> }> {
  const firstNumber = nextNumber();
  const { result: first, statements } = await recordTransaction(() => save(firstNumber));
  const header = statements.findIndex((s) => s.text.trimStart().toLowerCase().startsWith(`insert into "${table}" `));
  // the id is swapped by value: one as small as a user's or the property's id would be taken for theirs
  if (header < 0 || first <= 1) throw new Error(`${table}: the save did not insert its row as expected`);
  return {
    first,
    count: statements.length,
    again: () => {
      const number = nextNumber();
      return replay(db, statements, (v, returned) => {
        if (v === firstNumber) return number;
        if (returned.length <= header) return v;
        const id = Number(returned[header].id);
        return v === first ? id : v === String(first) ? String(id) : v;
      });
    },
  };
}
