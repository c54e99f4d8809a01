import { generateDueJournals } from '../../gl/recurring.js';
import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { conflict, forbidden } from '../../../http/errors.js';
import { audit } from '../../../http/audit.js';
import { hasRight } from '../../../http/rbac.js';
import { serverStep, type ServerFlowImplementation, type StepArgs } from '../../../flows/registry.js';
import { formatDate, formatMoney } from '../../../../src/core/format/format.js';
import { postRoomCharges } from '../stay/roomCharges.js';
import { auditChecks } from './checks.js';
import { checkGuestLedger } from './guestLedger.js';
import { closeOpenShifts } from './closeShifts.js';
import { postNoShows } from './noShows.js';
import { keepReportSet, runReportSet } from './reportSet.js';
import { dayStatistics, keepDayStatistics } from './statistics.js';
import { roomsForNewDay } from '../../housekeeping/roomStatus.js';
import { clearExpiredIdNumbers } from '../privacy/idRetention.js';
import { refuseWhenAuditBacklogFull } from '../../incomeaudit/auditDays.js';

export const NIGHT_AUDIT = 'frontoffice.night-audit';
/** stays charged per step: each batch commits alone, so a crash loses at most one batch's work (done again) */
export const CHARGE_BATCH = 250;
/** steps after the charges, for the progress bar: no-shows, cashier shifts, statistics, the report set, roll */
const LATER_STEPS = 5;

interface AuditContext {
  business_date: string;
  cursor: number;
  done: number;
  total: number;
  charged: number;
  charged_total: string;
  no_shows: number;
}

/** Every step ends by checking the guest ledger in its own transaction, after what it wrote (guestLedger.ts). */
const ledgerTies = (write: StepArgs['write'], branchId: number, step: string) =>
  write((trx) => checkGuestLedger(trx, branchId, `nightAudit.step.${step}`));

const currentDay = async (db: Db, branchId: number) =>
  (await sql<{ d: string }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${branchId}`.execute(db)).rows[0].d;

async function inHouseIds(db: Db, branchId: number, day: string, after: number, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM reservation WHERE branch_id = ${branchId} AND status = 'in_house' AND arrival <= ${day}::date AND departure > ${day}::date AND id > ${after}
     ORDER BY id LIMIT ${limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * The night audit (flows/night-audit-run.json): checks → room and package charges in batches → no-shows →
 * the cashier shifts still open closed → statistics → the report set kept as the auditor sees it → roll the business date. Every posting is keyed (stay, night, article), the statistics are
 * kept once per day and the roll only moves the date it closes, so a resumed step, or a second run of the
 * same day, posts nothing new. The roll is the last step's own transaction.
 */
export const nightAuditFlow: ServerFlowImplementation = {
  flow: 'night-audit-run',
  async prepare({ input, auth, ctx }) {
    const open = await currentDay(ctx.db, auth.branchId);
    if (input.business_date && input.business_date !== open)
      throw conflict('nightAudit.notOpenDay', { date: formatDate(input.business_date), open: formatDate(open) });
    if (input.override_reason && !hasRight(auth, NIGHT_AUDIT, 'override')) throw forbidden('nightAudit.overrideRight');
    return { input: { ...input, business_date: open } };
  },
  guards: {
    allCharged: ({ event }) => event.output?.more === false,
  },
  actors: {
    runChecks: serverStep(async ({ db, input, run, auth, write }) => {
      const day = input.business_date as string;
      if ((await currentDay(db, run.branchId)) !== day) throw conflict('nightAudit.notOpenDay', { date: formatDate(day), open: '' });
      await refuseWhenAuditBacklogFull(db, run.branchId);
      const problems = await auditChecks(db, run.branchId, day);
      const blocking = problems.filter((p) => p.blocking);
      const reason = input.override_reason as string | undefined;
      if (blocking.length && !reason)
        throw conflict('nightAudit.blocked', {
          date: formatDate(day),
          problems: blocking.map((p) => `${p.count} × ${p.items.slice(0, 5).join(', ')}`).join('; '),
        });
      // the rights of the starter now, not when the run was asked for: a right taken away meanwhile stops it here
      if (blocking.length && !hasRight(auth, NIGHT_AUDIT, 'override')) throw forbidden('nightAudit.overrideRight');
      if (blocking.length)
        write((trx) =>
          audit(
            trx,
            { auth },
            {
              entity: 'night-audit',
              entityId: run.id,
              action: 'override',
              summary: `${formatDate(day)}: ${reason}`,
              after: { business_date: day, reason, overridden: blocking },
            },
          ),
        );
      const stays = (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM reservation WHERE branch_id = ${run.branchId} AND status = 'in_house'
             AND arrival <= ${day}::date AND departure > ${day}::date`.execute(db)
      ).rows[0].n;
      ledgerTies(write, run.branchId, 'checking');
      return {
        business_date: day,
        business_date_shown: formatDate(day),
        problems,
        override_reason: blocking.length ? reason : null,
        overridden: blocking,
        total: stays + LATER_STEPS,
        done: 0,
        cursor: 0,
        current: 'nightAudit.step.charging',
      };
    }),
    postNextRoomCharges: serverStep(async ({ db, context, run, write }) => {
      const c = context as unknown as AuditContext;
      const ids = await inHouseIds(db, run.branchId, c.business_date, c.cursor, CHARGE_BATCH);
      if (ids.length)
        write(async (trx) => {
          const r = await postRoomCharges(trx, run.branchId, run.userId, c.business_date, ids);
          const total = new Decimal(c.charged_total).plus(r.total).toFixed(0);
          return { charged: c.charged + r.stays, charged_total: total, charged_total_shown: formatMoney(total) };
        });
      ledgerTies(write, run.branchId, 'charging');
      return { cursor: ids.at(-1) ?? c.cursor, done: c.done + ids.length, more: ids.length === CHARGE_BATCH };
    }),
    postNoShows: serverStep(async ({ context, run, write }) => {
      const c = context as unknown as AuditContext;
      write(async (trx) => {
        const r = await postNoShows(trx, run.branchId, run.userId, c.business_date);
        return { no_shows: r.noShows };
      });
      ledgerTies(write, run.branchId, 'noShows');
      return { done: c.done + 1, current: 'nightAudit.step.shifts' };
    }),
    closeShifts: serverStep(async ({ context, run, auth, write }) => {
      const c = context as unknown as AuditContext;
      write(async (trx) => ({ shifts_closed: await closeOpenShifts(trx, auth, run.id) }));
      ledgerTies(write, run.branchId, 'shifts');
      return { done: c.done + 1, current: 'nightAudit.step.statistics' };
    }),
    keepStatistics: serverStep(async ({ db, context, run, write }) => {
      const c = context as unknown as AuditContext;
      const stats = await dayStatistics(db, run.branchId, c.business_date, c.no_shows);
      write((trx) => keepDayStatistics(trx, run.branchId, run.userId, run.id, stats));
      ledgerTies(write, run.branchId, 'statistics');
      return { statistics: stats, done: c.done + 1, current: 'nightAudit.step.reports' };
    }),
    keepReports: serverStep(async ({ ctx, context, run, write }) => {
      const c = context as unknown as AuditContext;
      const results = await runReportSet(ctx, run.branchId, c.business_date);
      write((trx) => keepReportSet(trx, run.branchId, run.userId, run.id, c.business_date, results));
      ledgerTies(write, run.branchId, 'reports');
      return { reports: results.map((r) => r.code), done: c.done + 1, current: 'nightAudit.step.rolling' };
    }),
    rollBusinessDate: serverStep(async ({ context, run, auth, write }) => {
      const c = context as unknown as AuditContext;
      const next = dayjs(c.business_date).add(1, 'day').format('YYYY-MM-DD');
      write(async (trx) => {
        // waits for postings in flight (they hold the day FOR SHARE), then moves only the day it closes
        const rolled =
          await sql`UPDATE hotel_setup SET business_date = ${next}::date, version = version + 1, updated_at = now(), updated_by = ${run.userId}
                   WHERE branch_id = ${run.branchId} AND business_date = ${c.business_date}::date`.execute(trx);
        // only the roll that moved the date turns the rooms over, so a re-run changes nothing twice
        if (Number(rolled.numAffectedRows ?? 0) > 0) {
          await roomsForNewDay(trx, run.branchId, run.userId, next);
          // the accountant finds the month's recurring journals waiting as drafts on the day they fall due
          await generateDueJournals(trx, run.branchId, run.userId, next);
          // identity document numbers kept longer than the property's retention leave the profiles
          await clearExpiredIdNumbers(trx, { auth }, run.branchId, next);
        }
      });
      ledgerTies(write, run.branchId, 'rolling');
      return { new_date: next, new_date_shown: formatDate(next), done: c.done + 1, current: null };
    }),
  },
};
