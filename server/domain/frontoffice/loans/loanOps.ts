import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../../data/hooks.js';
import { badRequest, conflict, invalid, notFound } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { amountInput, id } from '../folio/inputs.js';
import { postManualCharge } from '../folio/chargeOps.js';

export const LOAN_ORDER = 'frontoffice.loan-order';

/**
 * An item lent to an in-house guest: dated the business day, out until returned or charged, and never more
 * than the item's stock still on the shelf. Once lent, only the note changes; its end comes by its actions.
 */
export const loanOrderHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    const branch = c.auth.branchId;
    if (mode === 'update') {
      for (const k of ['reservation_id', 'loan_item_id', 'quantity', 'status', 'lent_on'])
        if (k in values && values[k] !== before?.[k]) throw badRequest('loan-order.fixed');
      return;
    }
    const stay = (
      await sql<{ status: string; code: string }>`
        SELECT status, code FROM reservation WHERE branch_id = ${branch} AND id = ${values.reservation_id as number}`.execute(c.trx)
    ).rows[0];
    if (!stay) throw invalid([{ field: 'reservation_id', key: 'error.refMissing', params: {} }]);
    if (stay.status !== 'in_house') throw badRequest('folio.stayNotInHouse', { code: stay.code });
    const item = (
      await sql<{ name: string; stock: number; out: number }>`
        SELECT i.name, i.stock, coalesce((SELECT sum(o.quantity) FROM loan_order o WHERE o.branch_id = i.branch_id AND o.loan_item_id = i.id AND o.status = 'out'), 0)::int AS out
          FROM loan_item i WHERE i.branch_id = ${branch} AND i.id = ${values.loan_item_id as number} AND i.active FOR UPDATE OF i`.execute(
        c.trx,
      )
    ).rows[0];
    if (!item) throw invalid([{ field: 'loan_item_id', key: 'error.refMissing', params: {} }]);
    const quantity = Number(values.quantity ?? 1);
    if (item.out + quantity > item.stock)
      throw conflict('loan-order.outOfStock', { item: item.name, left: item.stock - item.out }, [
        { field: 'quantity', key: 'loan-order.outOfStock', params: { item: item.name, left: item.stock - item.out } },
      ]);
    values.lent_on = (
      await sql<{ d: string }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${branch}`.execute(c.trx)
    ).rows[0].d;
    values.status = 'out';
  },
  async beforeDelete() {
    throw badRequest('loan-order.noDelete');
  },
};

async function outstanding(c: HookContext, loanId: number) {
  const row = (
    await sql<{ status: string; reservation_id: number; name: string; quantity: number; deposit: string }>`
      SELECT o.status, o.reservation_id, i.name, o.quantity, i.deposit FROM loan_order o JOIN loan_item i ON i.branch_id = o.branch_id AND i.id = o.loan_item_id
       WHERE o.branch_id = ${c.auth.branchId} AND o.id = ${loanId} FOR UPDATE OF o`.execute(c.trx)
  ).rows[0];
  if (!row) throw notFound('loan-order.title');
  if (row.status !== 'out') throw conflict('loan-order.closed', { item: row.name, status: `loan-order.status.${row.status}` });
  return row;
}

export const returnLoan = defineOp<{ id: number }>({
  name: 'frontoffice.loanReturn',
  summary: 'The guest brought a lent item back',
  resource: LOAN_ORDER,
  action: 'return',
  input: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { ...id, 'x-ref': 'frontoffice/loan-order' } },
  },
  async handler(c, input) {
    await outstanding(c, input.id);
    await sql`UPDATE loan_order SET status = 'returned', returned_at = now(), version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${input.id}`.execute(c.trx);
    return { id: input.id, status: 'returned' };
  },
});

/** A lent item not returned (lost, broken) is charged to the stay as a folio charge, by default its deposit value per piece. */
export const chargeLoan = defineOp<{ id: number; fo_article_id: number; unit_price?: string }>({
  name: 'frontoffice.loanCharge',
  summary: 'Charge a lent item that was not returned to the stay’s folio (routed), at its deposit value unless a price is given',
  resource: LOAN_ORDER,
  action: 'charge',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['id', 'fo_article_id'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/loan-order' },
      fo_article_id: { ...id, 'x-ref': 'frontoffice/article' },
      unit_price: amountInput,
    },
  },
  async handler(c, input) {
    const loan = await outstanding(c, input.id);
    const posted = await postManualCharge(c, {
      reservation_id: Number(loan.reservation_id),
      fo_article_id: input.fo_article_id,
      quantity: loan.quantity,
      unit_price: input.unit_price ?? (Number(loan.deposit) > 0 ? new Decimal(loan.deposit).toFixed(0) : undefined),
      description: `${loan.name} (not returned)`,
    });
    await sql`UPDATE loan_order SET status = 'charged', charged_line_id = ${posted.id}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${input.id}`.execute(c.trx);
    return { id: input.id, status: 'charged', line_id: posted.id, amount: posted.amount };
  },
});
