import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { conflict } from '../../http/errors.js';
import { openBusinessDay, postJournal, reverseJournal, type PostingLine } from './post.js';

interface EntryLine {
  account_id: number;
  department_id?: number | null;
  description?: string | null;
  debit?: string | null;
  credit?: string | null;
}

const PREFIX: Record<string, string> = { journal: 'JV', adjustment: 'ADJ' };

/**
 * An accountant's journal or adjustment (gl/gl-entry): numbered JV-/ADJ-YYYYMM-#### when none is given;
 * posting writes one journal through the posting function (dated in an open month, every line a posting
 * account, balanced to the cent) and keeps its id; reversing posts the counter-journal on the business date.
 */
export const glEntryHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    if (mode === 'update' && before && values.kind !== undefined && values.kind !== before.kind) throw conflict('gl-entry.kindFixed');
    if (mode === 'create' && !values.number) {
      const stem = `${PREFIX[String(values.kind ?? 'journal')] ?? 'JV'}-${dayjs(String(values.date)).format('YYYYMM')}-`;
      values.number = await nextNumber(c.trx, c.auth.branchId, 'gl_entry', stem);
    }
  },
  async onStatus(c, action, row) {
    const id = Number(row.id);
    if (action === 'post') {
      const posted = await postJournal(c.trx, c.auth.branchId, c.auth.user.id, {
        date: String(row.date),
        source: 'gl',
        sourceType: String(row.kind),
        sourceId: id,
        key: `gl-entry:${id}`,
        description: `${String(row.number)} ${String(row.description)}`,
        dating: 'open-period',
        lines: await postingLines(c, (row.lines as EntryLine[]) ?? []),
      });
      await sql`UPDATE gl_entry SET journal_id = ${posted.id} WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
    } else if (action === 'reverse') {
      const date = await openBusinessDay(c.trx, c.auth.branchId);
      const reversal = await reverseJournal(c.trx, c.auth.branchId, c.auth.user.id, Number(row.journal_id), {
        date,
        key: `gl-entry:${id}:reversal`,
        description: `Reversal of ${String(row.number)} ${String(row.description)}`,
        sourceType: `${String(row.kind)}_reversal`,
        sourceId: id,
      });
      await sql`UPDATE gl_entry SET reversal_journal_id = ${reversal.id} WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(
        c.trx,
      );
    }
  },
};

/** The document's lines as posting lines: debit positive, credit negative, the account by its number. */
async function postingLines(c: HookContext, lines: EntryLine[]): Promise<PostingLine[]> {
  const ids = [...new Set(lines.map((l) => Number(l.account_id)))];
  const { rows } = await sql<{ id: number; code: string }>`
    SELECT id, code FROM gl_account WHERE branch_id = ${c.auth.branchId} AND id = ANY(${ids}::bigint[])`.execute(c.trx);
  const code = new Map(rows.map((r) => [Number(r.id), r.code]));
  return lines.map((l) => ({
    account: code.get(Number(l.account_id)),
    amount: new Decimal(l.debit || 0).minus(l.credit || 0),
    departmentId: l.department_id ?? null,
    description: l.description ?? undefined,
  }));
}

/** An account with postings keeps its type and stays a posting account: the statements already count it so. */
export const glAccountHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    if (mode !== 'update' || !before) return;
    const changesType = values.type !== undefined && values.type !== before.type;
    const becomesHeader = values.posting === false && before.posting === true;
    if (!changesType && !becomesHeader) return;
    const { rows } = await sql`
      SELECT 1 FROM gl_journal_line WHERE branch_id = ${c.auth.branchId} AND account_id = ${Number(before.id)} LIMIT 1`.execute(c.trx);
    if (rows.length) throw conflict('coa.hasPostings', { account: String(before.code) });
  },
};
