import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EntityHook } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { audit } from '../../http/audit.js';
import { defineOp } from '../../ops/registry.js';
import { notFound } from '../../http/errors.js';
import { formatDate } from '../../../src/core/format/format.js';
import { openBusinessDay } from './post.js';

/** How far back one run makes the months a template missed: two years, never an unbounded loop. */
const MONTHS_BACK = 24;

interface Template {
  id: number;
  code: string;
  description: string;
  day_of_month: number;
  start_month: string;
  end_month: string | null;
}

/**
 * Makes the draft journal vouchers of every active recurring journal (or of one) that fell due on or before
 * `upTo`: one per template and month, dated its day of that month (the last day when the month is shorter),
 * never in a closed month, never twice — the database keeps one per template and month. The accountant
 * reviews and posts them as any journal.
 */
export async function generateDueJournals(trx: Db, branchId: number, userId: number | null, upTo: string, only?: number) {
  const { rows: templates } = await sql<Template>`
    SELECT id, code, description, day_of_month, start_month::text AS start_month, end_month::text AS end_month
      FROM gl_recurring_journal
     WHERE branch_id = ${branchId} AND active AND start_month <= ${upTo}::date AND (${only ?? null}::bigint IS NULL OR id = ${only ?? null})
     ORDER BY code`.execute(trx);
  if (!templates.length) return [];
  const { rows: closed } = await sql<{ period: string }>`
    SELECT period::text AS period FROM gl_period_close WHERE branch_id = ${branchId} AND closed`.execute(trx);
  const closedMonths = new Set(closed.map((c) => c.period));
  const made: { number: string; date: string; template: string }[] = [];
  for (const t of templates) {
    const last = dayjs(upTo).startOf('month');
    const end = t.end_month && dayjs(t.end_month).isBefore(last) ? dayjs(t.end_month) : last;
    let month = dayjs(t.start_month);
    if (month.isBefore(last.subtract(MONTHS_BACK - 1, 'month'))) month = last.subtract(MONTHS_BACK - 1, 'month');
    for (; !month.isAfter(end); month = month.add(1, 'month')) {
      const period = month.format('YYYY-MM-DD');
      const date = month.date(Math.min(t.day_of_month, month.daysInMonth())).format('YYYY-MM-DD');
      if (date > upTo || closedMonths.has(period)) continue;
      const number = await nextNumber(trx, branchId, 'gl_entry', `JV-${month.format('YYYYMM')}-`);
      const { rows } = await sql<{ id: number }>`
        INSERT INTO gl_entry (branch_id, number, kind, date, description, reference, status, recurring_id, recurring_period, created_by, updated_by)
        VALUES (${branchId}, ${number}, 'journal', ${date}, ${`${t.description} ${formatDate(date).slice(3)}`}, ${t.code}, 'draft', ${t.id},
                ${period}, ${userId}, ${userId})
        ON CONFLICT (branch_id, recurring_id, recurring_period) WHERE recurring_id IS NOT NULL DO NOTHING
        RETURNING id`.execute(trx);
      if (!rows[0]) continue;
      await sql`
        INSERT INTO gl_entry_line (branch_id, entry_id, line_no, account_id, department_id, description, debit, credit)
        SELECT branch_id, ${rows[0].id}, line_no, account_id, department_id, description, debit, credit
          FROM gl_recurring_journal_line WHERE branch_id = ${branchId} AND recurring_id = ${t.id}`.execute(trx);
      await sql`
        UPDATE gl_entry e SET total = (SELECT coalesce(sum(debit), 0) FROM gl_entry_line l WHERE l.branch_id = e.branch_id AND l.entry_id = e.id)
         WHERE e.branch_id = ${branchId} AND e.id = ${rows[0].id}`.execute(trx);
      await sql`
        UPDATE gl_recurring_journal SET last_period = greatest(coalesce(last_period, ${period}::date), ${period}::date)
         WHERE branch_id = ${branchId} AND id = ${t.id}`.execute(trx);
      await audit(
        trx,
        undefined,
        { entity: 'gl/gl-entry', entityId: rows[0].id, action: 'generate', summary: `${number} from ${t.code}` },
        { userId: userId ?? undefined, branchId },
      );
      made.push({ number, date, template: t.code });
    }
  }
  return made;
}

/** `gl.generateRecurring`: the accountant makes a template's drafts due up to the business date now. */
export const generateRecurring = defineOp<{ id: number }>({
  name: 'gl.generateRecurring',
  summary: 'Make the draft journals a recurring journal owes up to the business date (each month once)',
  resource: 'gl.recurring',
  action: 'generate',
  input: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1, 'x-ref': 'gl/recurring-journal' } },
  },
  async handler(c, { id }) {
    const { rows } = await sql`SELECT 1 FROM gl_recurring_journal WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
    if (!rows.length) throw notFound('recurring-journal.title');
    const made = await generateDueJournals(c.trx, c.auth.branchId, c.auth.user.id, await openBusinessDay(c.trx, c.auth.branchId), id);
    return { count: made.length, numbers: made.map((m) => m.number).join(', ') || '–' };
  },
});

/** A recurring journal runs from the first of a month to the first of a month: whatever day is typed. */
export const recurringJournalHook: EntityHook = {
  async beforeWrite(_c, _mode, values) {
    for (const f of ['start_month', 'end_month'])
      if (typeof values[f] === 'string' && values[f]) values[f] = dayjs(String(values[f])).startOf('month').format('YYYY-MM-DD');
  },
};
