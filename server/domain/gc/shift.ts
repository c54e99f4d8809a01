import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { HookContext } from '../../data/hooks.js';
import { defineOp } from '../../ops/registry.js';
import { conflict, invalid } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { parseAmount } from '../../../src/core/format/amount.js';
import { RUPIAH_DENOMINATIONS } from '../../../src/core/money/denominations.js';
import { openBusinessDay, postJournal, type PostingLine } from '../gl/post.js';
import type { Db } from '../../db/connect.js';

const AMOUNT = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9.]+(,[0-9]{1,2})?$' };

/** The desk a cash box belongs to: the general cashier's, or an outlet cashier's at the point of sales. */
export type Box = 'gc' | 'pos';

export interface OpenShift {
  id: number;
  outlet_id: number | null;
  cash_account_id: number;
  cash_account: string;
  business_date: string;
  opening_float: string;
}

export type MovementKind =
  'advance_disbursed' | 'advance_returned' | 'advance_paid' | 'journal_receipt' | 'journal_payment' | 'journal_reversal' | 'pos_payment';

/**
 * The acting cashier's open shift, locked until the transaction ends: a posting into the box and the close
 * of the shift never pass each other, so a closed shift takes no more cash. Postings share the lock (ten
 * terminals paying into one outlet's till go in side by side: each only adds its own movement), the close
 * holds it alone: it waits for the postings under way and counts them, and a posting that waited for the
 * close finds the shift closed.
 */
export async function requireOpenShift(c: HookContext, box: Box = 'gc', purpose: 'post' | 'close' = 'post'): Promise<OpenShift> {
  const { rows } = await sql<OpenShift>`
    SELECT s.id, s.outlet_id, s.cash_account_id, a.code AS cash_account, s.business_date::text AS business_date, s.opening_float::text AS opening_float
      FROM gc_shift s JOIN gl_account a ON a.branch_id = s.branch_id AND a.id = s.cash_account_id
     WHERE s.branch_id = ${c.auth.branchId} AND s.user_id = ${c.auth.user.id} AND s.status = 'open' AND s.box = ${box}
       ${purpose === 'close' ? sql`FOR UPDATE OF s` : sql`FOR SHARE OF s`}`.execute(c.trx);
  if (!rows[0]) throw conflict(box === 'gc' ? 'gc-shift.noneOpen' : 'pos-till.noneOpen');
  const r = rows[0];
  return {
    ...r,
    id: Number(r.id),
    outlet_id: r.outlet_id === null ? null : Number(r.outlet_id),
    cash_account_id: Number(r.cash_account_id),
  };
}

export interface CashPosting {
  key: string;
  kind: MovementKind;
  sourceType: string;
  sourceId: number;
  description: string;
  /** the lines besides the box's own */
  lines: PostingLine[];
  /** what enters the box (negative: what leaves it) */
  cash: Decimal;
}

/**
 * Money through the cashier's box: one journal through the posting function — the given lines and the box's
 * cash account for `cash` — on the business date, and the movement in the shift's append-only list.
 */
export async function postCash(c: HookContext, shift: OpenShift, p: CashPosting): Promise<number> {
  const posted = await postJournal(c.trx, c.auth.branchId, c.auth.user.id, {
    date: await openBusinessDay(c.trx, c.auth.branchId),
    source: shift.outlet_id === null ? 'gc' : 'pointofsales',
    sourceType: p.sourceType,
    sourceId: p.sourceId,
    key: p.key,
    description: p.description,
    lines: [...p.lines, { account: shift.cash_account, amount: p.cash, description: p.description }],
  });
  if (!posted.replayed)
    await sql`
      INSERT INTO gc_cash_movement (branch_id, shift_id, kind, source_type, source_id, description, amount, journal_id, created_by)
      VALUES (${c.auth.branchId}, ${shift.id}, ${p.kind}, ${p.sourceType}, ${p.sourceId}, ${p.description}, ${p.cash.toFixed(2)}, ${posted.id}, ${c.auth.user.id})`.execute(
      c.trx,
    );
  return posted.id;
}

/** The box's expected cash: the float and every movement of the shift. */
export async function expectedCash(trx: Db, branchId: number, shift: { id: number; opening_float: string }): Promise<Decimal> {
  const { rows } = await sql<{ total: string }>`
    SELECT coalesce(sum(amount), 0)::text AS total FROM gc_cash_movement WHERE branch_id = ${branchId} AND shift_id = ${shift.id}`.execute(
    trx,
  );
  return new Decimal(shift.opening_float).plus(rows[0].total);
}

/** What else a desk shows of its shift besides the cash (an outlet's takings by card, room charge, city ledger …). */
export type Takings = (trx: Db, branchId: number, shiftId: number) => Promise<{ kind: string; count: number; amount: string }[]>;

export interface DeskSpec {
  box: Box;
  /** the ops' prefix ('gc', 'pointofsales') and the right they need */
  prefix: string;
  resource: string;
  /** the shift's read route */
  route: string;
  who: string;
  takings?: Takings;
  /** a desk whose cashier may hand the counted box over to another (an outlet at the change of shift): who may take it */
  handOver?: { ref: string; taker(trx: Db, branchId: number, id: number): Promise<{ user_id: number; name: string } | undefined> };
}

/** What the shift screen shows: the cashier's open shift, what the box should hold, and how it got there. */
async function shiftView(trx: Db, branchId: number, userId: number, desk: DeskSpec) {
  const { rows } = await sql<OpenShift & { opened_at: string; cash_account_name: string; outlet_name: string | null }>`
    SELECT s.id, s.outlet_id, o.name AS outlet_name, s.cash_account_id, a.code AS cash_account, a.name AS cash_account_name,
           s.business_date::text AS business_date, s.opening_float::text AS opening_float, s.opened_at
      FROM gc_shift s JOIN gl_account a ON a.branch_id = s.branch_id AND a.id = s.cash_account_id
      LEFT JOIN outlet o ON o.branch_id = s.branch_id AND o.id = s.outlet_id
     WHERE s.branch_id = ${branchId} AND s.user_id = ${userId} AND s.status = 'open' AND s.box = ${desk.box}`.execute(trx);
  const shift = rows[0];
  if (!shift) return { shift: null };
  const id = Number(shift.id);
  const movements = await sql<{ kind: string; description: string; amount: string; created_at: string }>`
    SELECT kind, description, amount::text AS amount, created_at FROM gc_cash_movement
     WHERE branch_id = ${branchId} AND shift_id = ${id} ORDER BY id`.execute(trx);
  const expected = await expectedCash(trx, branchId, { id, opening_float: shift.opening_float });
  const takings = desk.takings ? await desk.takings(trx, branchId, id) : [];
  return { shift: { ...shift, id, expected: expected.toFixed(2), movements: movements.rows, takings } };
}

interface CloseInput {
  count: { denomination: number; quantity: number }[];
  reason?: string;
  hand_over_to?: number;
}

/**
 * A desk's shift: open the box on a cash account with the float counted in (at an outlet for the point of
 * sales), and close it against a count by denomination — expected is the float and every movement; a
 * difference needs a reason and posts to cash over and short, so the ledger's cash is what was counted.
 */
export function cashDesk(desk: DeskSpec) {
  const openShift = defineOp<{ cash_account_id?: number; opening_float: string; outlet_id?: number }>({
    name: `${desk.prefix}.openShift`,
    summary: `Open the ${desk.who}'s shift on a cash account with the float counted into the box`,
    resource: desk.resource,
    action: 'open',
    input: {
      type: 'object',
      // an outlet's box is the property's rupiah cash unless another is named
      required: desk.box === 'pos' ? ['outlet_id', 'opening_float'] : ['cash_account_id', 'opening_float'],
      additionalProperties: false,
      properties: {
        cash_account_id: { type: 'integer', minimum: 1, 'x-ref': 'gl/coa' },
        opening_float: AMOUNT,
        ...(desk.box === 'pos' ? { outlet_id: { type: 'integer', minimum: 1, 'x-ref': 'system/outlet' } } : {}),
      },
    },
    async handler(c, input) {
      const float = parseAmount(input.opening_float);
      if (float === undefined || new Decimal(float).isNegative() || new Decimal(float).decimalPlaces() > 0)
        throw invalid([{ field: 'opening_float', key: 'gc-shift.floatForm', params: {} }]);
      const { rows: accounts } = await sql<{ id: number; is_cash: boolean; posting: boolean; active: boolean; code: string }>`
        SELECT id, is_cash, posting, active, code FROM gl_account
         WHERE branch_id = ${c.auth.branchId}
           AND id = ${
             input.cash_account_id ??
             sql`(SELECT a.id FROM pay_article p JOIN gl_account a ON a.branch_id = p.branch_id AND a.code = p.gl_account
                                                     WHERE p.branch_id = ${c.auth.branchId} AND p.payment_type = 'cash' AND p.active ORDER BY p.id LIMIT 1)`
           }`.execute(c.trx);
      const account = accounts[0];
      if (!account || !account.is_cash || !account.posting || !account.active)
        throw invalid([{ field: 'cash_account_id', key: 'gc-shift.notCashAccount', params: {} }]);
      if (input.outlet_id) {
        const { rows: outlets } = await sql`
          SELECT 1 FROM outlet WHERE branch_id = ${c.auth.branchId} AND id = ${input.outlet_id} AND active`.execute(c.trx);
        if (!outlets.length) throw invalid([{ field: 'outlet_id', key: 'error.refMissing', params: {} }]);
      }
      const { rows: open } = await sql`
        SELECT 1 FROM gc_shift WHERE branch_id = ${c.auth.branchId} AND user_id = ${c.auth.user.id} AND status = 'open' AND box = ${desk.box}`.execute(
        c.trx,
      );
      if (open.length) throw conflict('gc-shift.alreadyOpen');
      await sql`
        INSERT INTO gc_shift (branch_id, user_id, box, outlet_id, business_date, cash_account_id, opening_float, created_by, updated_by)
        VALUES (${c.auth.branchId}, ${c.auth.user.id}, ${desk.box}, ${input.outlet_id ?? null}, ${await openBusinessDay(c.trx, c.auth.branchId)},
                ${account.id}, ${float}, ${c.auth.user.id}, ${c.auth.user.id})`.execute(c.trx);
      return shiftView(c.trx, c.auth.branchId, c.auth.user.id, desk);
    },
  });

  const closeShift = defineOp<CloseInput>({
    name: `${desk.prefix}.closeShift`,
    idempotencyKey: 'required',
    summary: `Close the ${desk.who}'s shift with the box counted by denomination (a difference needs a reason)`,
    resource: desk.resource,
    action: 'close',
    input: {
      type: 'object',
      required: ['count'],
      additionalProperties: false,
      properties: {
        count: {
          type: 'array',
          maxItems: RUPIAH_DENOMINATIONS.length,
          items: {
            type: 'object',
            required: ['denomination', 'quantity'],
            additionalProperties: false,
            properties: { denomination: { enum: [...RUPIAH_DENOMINATIONS] }, quantity: { type: 'integer', minimum: 0, maximum: 100000 } },
          },
        },
        reason: { type: 'string', minLength: 3, maxLength: 300 },
        ...(desk.handOver
          ? {
              hand_over_to: {
                type: 'integer',
                minimum: 1,
                'x-ref': desk.handOver.ref,
                description: 'the cashier who takes the counted box over',
              },
            }
          : {}),
      },
    },
    async handler(c, input) {
      const shift = await requireOpenShift(c, desk.box, 'close');
      const taker = input.hand_over_to ? await desk.handOver!.taker(c.trx, c.auth.branchId, input.hand_over_to) : undefined;
      if (input.hand_over_to && (!taker || taker.user_id === c.auth.user.id))
        throw invalid([{ field: 'hand_over_to', key: 'gc-shift.takerUnknown', params: {} }]);
      const counted = input.count.reduce((s, l) => s.plus(new Decimal(l.denomination).times(l.quantity)), new Decimal(0));
      const expected = await expectedCash(c.trx, c.auth.branchId, shift);
      const difference = counted.minus(expected);
      if (!difference.isZero()) {
        if (!input.reason?.trim())
          throw invalid([
            {
              field: 'reason',
              key: difference.isNegative() ? 'gc-shift.reasonShort' : 'gc-shift.reasonOver',
              params: { difference: formatMoney(difference.abs().toFixed(2)) },
            },
          ]);
        await postJournal(c.trx, c.auth.branchId, c.auth.user.id, {
          date: await openBusinessDay(c.trx, c.auth.branchId),
          source: desk.box === 'gc' ? 'gc' : 'pointofsales',
          sourceType: 'shift_difference',
          sourceId: shift.id,
          key: `gc-shift:${shift.id}:difference`,
          description: `Cash ${difference.isNegative() ? 'short' : 'over'} at close of shift ${shift.id}: ${input.reason}`,
          lines: [
            { account: shift.cash_account, amount: difference },
            { role: 'cash_over_short', amount: difference.neg() },
          ],
        });
      }
      const denominations = input.count.filter((l) => l.quantity > 0);
      await sql`
        UPDATE gc_shift SET status = 'closed', closed_at = now(), expected = ${expected.toFixed(2)}, counted = ${counted.toFixed(2)},
               difference = ${difference.toFixed(2)}, reason = ${input.reason ?? null}, denominations = ${JSON.stringify(denominations)}::jsonb,
               version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
         WHERE branch_id = ${c.auth.branchId} AND id = ${shift.id}`.execute(c.trx);
      // the next cashier takes the box as counted: their float is this count, at the same outlet and cash account
      if (taker) {
        const { rows } = await sql<{ id: number }>`
          INSERT INTO gc_shift (branch_id, user_id, box, outlet_id, business_date, cash_account_id, opening_float, created_by, updated_by)
          SELECT branch_id, ${taker.user_id}, box, outlet_id, ${await openBusinessDay(c.trx, c.auth.branchId)}, cash_account_id, ${counted.toFixed(2)},
                 ${c.auth.user.id}, ${c.auth.user.id}
            FROM gc_shift WHERE branch_id = ${c.auth.branchId} AND id = ${shift.id}
          ON CONFLICT DO NOTHING RETURNING id`.execute(c.trx);
        if (!rows.length) throw conflict('gc-shift.takerHasShift', { name: taker.name });
      }
      const result = {
        id: shift.id,
        expected: expected.toFixed(2),
        counted: counted.toFixed(2),
        difference: difference.toFixed(2),
        ...(taker ? { handed_to: taker.name } : {}),
      };
      return desk.takings ? { ...result, takings: await desk.takings(c.trx, c.auth.branchId, shift.id) } : result;
    },
  });

  /** `GET <route>` — the signed-in cashier's open shift (or null), its expected cash and its movements. */
  async function routes(app: FastifyInstance, ctx: AppContext) {
    app.get(
      desk.route,
      {
        preValidation: needsRight(ctx, desk.resource, 'view'),
        schema: { tags: [desk.prefix], summary: `The signed-in ${desk.who}'s open shift: float, expected cash and every movement` },
      },
      async (req) => {
        const auth = requireAuth(req);
        return shiftView(ctx.db, auth.branchId, auth.user.id, desk);
      },
    );
  }

  return { openShift, closeShift, routes };
}
