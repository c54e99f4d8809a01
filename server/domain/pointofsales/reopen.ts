import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { conflict } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { openBusinessDay, reverseJournal } from '../gl/post.js';
import { postCash, requireOpenShift } from '../gc/shift.js';
import { reverseFolioLine } from '../frontoffice/folio/correctOps.js';
import { reasonInput } from '../frontoffice/folio/inputs.js';
import { ORDER, loadCheck } from './bill.js';
import { currentLine } from './roomTransfer.js';
import { withdrawReceivable } from '../receivables/invoices.js';

interface PaymentRow {
  id: number;
  kind: string;
  amount: string;
  journal_id: number;
  line_id: number | null;
  pay_article_id: number | null;
  card_last4: string | null;
  company: string | null;
  reason_id: number | null;
  posting_key: string;
}

/**
 * A paid bill opened again, by someone holding the right and with a reason, on the business day it was paid:
 * nothing posted is changed. Each payment is answered by a reversing one — cash goes back out of the reopening
 * cashier's till, a charge to the room comes off the guest's folio where it stands now (a correction line), a
 * card, transfer, city-ledger or complimentary payment's journal is reversed — and so is the bill's revenue.
 * The bill is open again to be settled right; the op's audit entry and the bill keep who did it and why.
 */
export const reopenBill = defineOp<{ id: number; reason: string }>({
  name: 'pointofsales.reopen',
  summary: 'Reopen a paid bill of today: its payments and its revenue reversed, by right and with a reason',
  resource: ORDER,
  action: 'reopen',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['id', 'reason'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': 'pointofsales/check' }, reason: reasonInput },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const check = await loadCheck(c.trx, branch, input.id);
    if (check.status !== 'paid') throw conflict('pos-reopen.notPaid', { number: check.number });
    const day = await openBusinessDay(c.trx, branch);
    const { rows: facts } = await sql<{ business_date: string; journal_id: number }>`
      SELECT business_date::text AS business_date, journal_id FROM pos_check WHERE branch_id = ${branch} AND id = ${check.id}`.execute(
      c.trx,
    );
    if (facts[0].business_date !== day) throw conflict('pos-reopen.closedDay', { number: check.number });
    if (check.table_id) {
      const { rows: busy } = await sql`
        SELECT 1 FROM pos_check WHERE branch_id = ${branch} AND table_id = ${check.table_id} AND status = 'open' AND split_of IS NULL`.execute(
        c.trx,
      );
      if (busy.length) throw conflict('pos-reopen.tableBusy', { table: check.table_code });
    }
    const shift = await requireOpenShift(c, 'pos');
    if (shift.outlet_id !== check.outlet_id) throw conflict('pos-pay.otherOutlet', { outlet: check.outlet_name });
    const { rows: payments } = await sql<PaymentRow>`
      SELECT p.id, p.kind, p.amount::text AS amount, p.journal_id, ${currentLine} AS line_id, p.pay_article_id, p.card_last4, p.company, p.reason_id, p.posting_key
        FROM pos_payment p
       WHERE p.branch_id = ${branch} AND p.check_id = ${check.id} AND p.reverses_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM pos_payment r WHERE r.branch_id = p.branch_id AND r.reverses_id = p.id)
       ORDER BY p.id`.execute(c.trx);
    const description = `${check.outlet_name} bill ${check.number} reopened: ${input.reason.trim()}`;
    for (const p of payments) {
      const key = `pos-reopen:${p.id}`;
      const amount = new Decimal(p.amount);
      let journal: number;
      let lineId: number | null = null;
      if (p.kind === 'cash') {
        journal = await postCash(c, shift, {
          key,
          kind: 'pos_payment',
          sourceType: 'pos_payment',
          sourceId: check.id,
          description,
          lines: [{ role: 'pos_clearing', amount, subledger: { type: 'pos_check', id: check.id }, description }],
          cash: amount.neg(),
        });
      } else if (p.kind === 'room') {
        const reversal = await reverseFolioLine(c.trx, branch, c.auth.user.id, Number(p.line_id), description);
        lineId = reversal.id;
        const { rows } = await sql<{ id: number }>`
          SELECT id FROM gl_journal WHERE branch_id = ${branch} AND source_type = 'folio_line' AND source_id = ${lineId}`.execute(c.trx);
        journal = Number(rows[0].id);
      } else {
        journal = (
          await reverseJournal(c.trx, branch, c.auth.user.id, Number(p.journal_id), {
            date: day,
            key,
            description,
            sourceType: 'pos_payment',
            sourceId: check.id,
          })
        ).id;
        // the company's receivable goes with the charge it was raised for
        if (p.kind === 'city_ledger')
          await withdrawReceivable(c.trx, branch, c.auth.user.id, {
            key: `pos:${p.posting_key}`,
            date: day,
            reason: description,
            journalId: journal,
          });
      }
      await sql`
        INSERT INTO pos_payment (branch_id, check_id, shift_id, kind, pay_article_id, amount, card_last4, folio_line_id, company, reason_id,
                                 journal_id, posting_key, reverses_id, created_by)
        VALUES (${branch}, ${check.id}, ${shift.id}, ${p.kind}, ${p.pay_article_id}, ${amount.neg().toFixed(2)}, ${p.card_last4}, ${lineId},
                ${p.company}, ${p.reason_id}, ${journal}, ${key}, ${p.id}, ${c.auth.user.id})`.execute(c.trx);
    }
    await reverseJournal(c.trx, branch, c.auth.user.id, Number(facts[0].journal_id), {
      date: day,
      key: `pos-reopen:check:${facts[0].journal_id}`,
      description,
      sourceType: 'pos_check',
      sourceId: check.id,
    });
    await sql`
      UPDATE pos_check SET status = 'open', paid = 0, closed_at = NULL, closed_by = NULL, journal_id = NULL, reopened_at = now(),
             reopened_by = ${c.auth.user.id}, reopen_reason = ${input.reason.trim()}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${branch} AND id = ${check.id}`.execute(c.trx);
    return { number: check.number, status: 'open', payments_reversed: payments.length };
  },
});
