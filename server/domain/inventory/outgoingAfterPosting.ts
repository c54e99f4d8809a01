import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { HookContext } from '../../data/hooks.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { postJournal } from '../gl/post.js';
import { inventorySettings, moveStock, type StockMove } from './ledger.js';

/** The receiving store confirms a transfer arrived: who and when, kept on the document. */
export async function stampValidated(c: HookContext, row: Record<string, unknown>) {
  await sql`UPDATE inv_outgoing SET validated_at = now(), validated_by = ${c.auth.user.id}
             WHERE branch_id = ${c.auth.branchId} AND id = ${Number(row.id)}`.execute(c.trx);
}

interface Outgoing {
  id: number;
  number: string;
  kind: 'issue' | 'transfer';
  status: string;
  version: number;
  store_id: number;
  to_store_id: number | null;
}

interface Movement {
  id: number;
  store_id: number;
  item_id: number;
  quantity: string;
  value: string;
  department_id: number | null;
  outlet_id: number | null;
}

/**
 * Cancels a posted issue or transfer on the business day, in one transaction: nothing posted is changed.
 * An issue's stock comes back into the giving store at the value it left with. A transfer's stock leaves the
 * receiving store as it came in (refused once any of it has gone there) and comes back into the giving store
 * at that value. The document's journal, when the ledger has it, is reversed through the posting function;
 * one still waiting for review is withdrawn, as nothing of it reached the ledger.
 */
export const cancelOutgoingOp = defineOp<{ id: number; version: number; reason: string }>({
  name: 'inventory.cancelOutgoing',
  summary: 'Cancel a posted issue or transfer: reversal movements and, when posted, the reversed journal',
  resource: 'inventory.outgoing',
  action: 'cancel',
  labelsFrom: 'inventory/outgoing',
  input: {
    type: 'object',
    required: ['id', 'version', 'reason'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': 'inventory/outgoing' },
      version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      reason: { type: 'string', minLength: 3, maxLength: 200, pattern: '\\S' },
    },
  },
  async handler(c, { id, version, reason }) {
    const b = c.auth.branchId;
    const { rows } = await sql<Outgoing>`
      SELECT id, number, kind, status, version, store_id, to_store_id FROM inv_outgoing WHERE branch_id = ${b} AND id = ${id} FOR UPDATE`.execute(
      c.trx,
    );
    const doc = rows[0];
    if (!doc) throw notFound('outgoing.title');
    if (doc.version !== version) throw conflict('outgoing.changedMeanwhile', { number: doc.number });
    if (doc.status !== 'posted' && doc.status !== 'validated')
      throw conflict('outgoing.cancelNotPosted', { number: doc.number, status: `outgoing.status.${doc.status}` });
    const date = (await inventorySettings(c.trx, b)).businessDate;
    const { rows: moved } = await sql<Movement>`
      SELECT id, store_id, item_id, quantity, value, department_id, outlet_id FROM inv_movement
       WHERE branch_id = ${b} AND kind = ${doc.kind} AND document_id = ${id} ORDER BY id`.execute(c.trx);
    const mismatch = doc.kind === 'issue' ? await giveBackIssue(c, doc, date, moved) : await sendBackTransfer(c, doc, date, moved);
    await reverseJournal(c.trx, b, c.auth.user.id, { ...doc, reason: reason.trim() }, date, mismatch);
    await sql`
      UPDATE inv_outgoing SET status = 'cancelled', cancelled_date = ${date}, cancelled_at = now(), cancelled_by = ${c.auth.user.id},
             cancel_reason = ${reason.trim()}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
    return { id, number: doc.number, date };
  },
});

/** An issue's stock back into its store at the value it was issued at; answers whether any value differs (never). */
async function giveBackIssue(c: HookContext, doc: Outgoing, date: string, moved: Movement[]) {
  const moves: StockMove[] = moved.map((m) => ({
    storeId: Number(m.store_id),
    itemId: Number(m.item_id),
    departmentId: m.department_id == null ? null : Number(m.department_id),
    outletId: m.outlet_id == null ? null : Number(m.outlet_id),
    receive: new Decimal(m.quantity).neg(),
    value: new Decimal(m.value).neg(),
  }));
  await moveStock(c.trx, c.auth.branchId, c.auth.user.id, { kind: 'issue_cancel', id: doc.id, number: doc.number, date }, moves);
  return false;
}

/**
 * A transfer's stock out of the receiving store as it came in (the ledger refuses once any of it has gone),
 * then into the giving store at the value taken; answers whether any line left at another value than it came
 * (the receiving store's other stock was worth less: its average took the difference).
 */
async function sendBackTransfer(c: HookContext, doc: Outgoing, date: string, moved: Movement[]) {
  const cameIn = moved.filter((m) => new Decimal(m.quantity).gt(0));
  const stock = { kind: 'transfer_cancel' as const, id: doc.id, number: doc.number, date };
  const taken = await moveStock(
    c.trx,
    c.auth.branchId,
    c.auth.user.id,
    stock,
    cameIn.map((m) => ({
      storeId: Number(m.store_id),
      itemId: Number(m.item_id),
      giveBack: new Decimal(m.quantity),
      value: new Decimal(m.value),
      receipt: Number(m.id),
    })),
  ).catch((e: unknown) => {
    // the ledger words it for a supplier's receipt; the storekeeper cancels a transfer
    if (e instanceof HttpError && e.key === 'inventory.receiptGone') throw conflict('outgoing.cancelStockGone', e.params);
    throw e;
  });
  await moveStock(
    c.trx,
    c.auth.branchId,
    c.auth.user.id,
    stock,
    cameIn.map((m, i) => ({ storeId: doc.store_id, itemId: Number(m.item_id), receive: new Decimal(m.quantity), value: taken[i].value })),
  );
  return cameIn.some((m, i) => !taken[i].value.eq(m.value));
}

/**
 * The document's journal undone: posted → the same lines the other way through postJournal (dated the
 * cancellation's business day in an open month, keyed inventory:<kind>_cancel:<id>, naming the journal it
 * reverses); pending review → withdrawn. A transfer that came back at another value than it went cannot
 * reverse its journal exactly: refused, to be corrected by a count instead.
 */
async function reverseJournal(
  trx: Db,
  branchId: number,
  userId: number,
  doc: Outgoing & { reason: string },
  date: string,
  valueMoved: boolean,
) {
  const { rows } = await sql<{ id: number; status: string; journal_id: number | null; description: string }>`
    SELECT id, status, journal_id, description FROM inv_gl_transfer
     WHERE branch_id = ${branchId} AND source_kind = ${doc.kind} AND source_id = ${doc.id} FOR UPDATE`.execute(trx);
  const proposal = rows[0];
  if (!proposal) return;
  if (valueMoved) throw conflict('outgoing.cancelRevalued', { number: doc.number });
  if (proposal.status !== 'posted') {
    await sql`DELETE FROM inv_gl_transfer WHERE branch_id = ${branchId} AND id = ${proposal.id}`.execute(trx);
    return;
  }
  const { rows: lines } = await sql<{ account: string; department_id: number | null; debit: string; credit: string }>`
    SELECT a.code AS account, l.department_id, l.debit, l.credit
      FROM inv_gl_transfer_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
     WHERE l.branch_id = ${branchId} AND l.transfer_id = ${proposal.id} ORDER BY l.line_no`.execute(trx);
  await postJournal(trx, branchId, userId, {
    date,
    source: 'inventory',
    sourceType: `${doc.kind}_cancel`,
    sourceId: doc.id,
    key: `inventory:${doc.kind}_cancel:${doc.id}`,
    description: `${doc.number} ✕ ${doc.reason}`,
    dating: 'open-period',
    reversesId: proposal.journal_id == null ? undefined : Number(proposal.journal_id),
    lines: lines.map((l) => ({
      account: l.account,
      amount: new Decimal(l.credit).minus(l.debit),
      departmentId: l.department_id == null ? null : Number(l.department_id),
      description: doc.number,
    })),
  });
}
