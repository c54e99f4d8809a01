import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { conflict, notFound } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { openBusinessDay } from '../../gl/post.js';
import { journalByKey } from '../../receivables/accounts.js';
import { withdrawReceivable } from '../../receivables/invoices.js';
import { openFolio } from './folios.js';
import { id, reasonInput } from './inputs.js';
import { postFolioEvents } from './postings.js';

export const CORRECT = 'frontoffice.correct';

/**
 * A posted line is never changed: a mistake is answered by a reversing line on the same folio, dated today,
 * with the reason, by someone holding the right — and its journal reverses the line's journal. A line is
 * reversed once; a moved line is corrected where it now is (its copy on the other folio).
 */
export const correctLine = defineOp<{ id: number; reason: string }>({
  name: 'frontoffice.folioCorrect',
  summary: 'Correct a posted folio line by a reversal with a reason',
  resource: CORRECT,
  action: 'correct',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['id', 'reason'],
    additionalProperties: false,
    properties: { id: { ...id, 'x-ref': 'frontoffice/folio-line', description: 'the line corrected' }, reason: reasonInput },
  },
  handler: (c, input) => reverseFolioLine(c.trx, c.auth.branchId, c.auth.user.id, input.id, input.reason),
});

/**
 * The reversal of one posted line (see correctLine), for whoever corrects a folio: the front desk by hand, the
 * point of sales reopening a bill it had charged to the room, the income auditor in a day under audit (`auditDay`:
 * the reversal is dated in that day). Answers the reversing line.
 */
export async function reverseFolioLine(trx: Db, branch: number, userId: number, lineId: number, reason: string, auditDay?: string) {
  // the folio is locked before the line is judged, so two corrections of one line cannot both pass
  const where = (
    await sql<{ folio_id: number }>`SELECT folio_id FROM folio_line WHERE branch_id = ${branch} AND id = ${lineId}`.execute(trx)
  ).rows[0];
  if (!where) throw notFound('folio-line.title');
  const folio = await openFolio(trx, branch, Number(where.folio_id), 'id');
  const l = (
    await sql<{
      id: number;
      reservation_id: number;
      kind: 'charge' | 'payment';
      fo_article_id: number | null;
      pay_article_id: number | null;
      description: string;
      night: string | null;
      room_id: number | null;
      quantity: string;
      unit_price: string;
      base: string;
      service: string;
      tax: string;
      amount: string;
      transfer_side: string | null;
      reverses_id: number | null;
      card_brand: string | null;
      card_last4: string | null;
      company: string | null;
      account_id: number | null;
      moved: boolean;
      reversed: boolean;
    }>`
      SELECT l.id, l.reservation_id, l.kind, l.fo_article_id, l.pay_article_id, l.description, l.night::text AS night, l.room_id,
             l.quantity, l.unit_price, l.base, l.service, l.tax, l.amount, l.transfer_side, l.reverses_id, l.card_brand, l.card_last4, l.company,
             l.account_id, EXISTS (SELECT 1 FROM folio_line t WHERE t.branch_id = l.branch_id AND t.transfer_of = l.id) AS moved,
             EXISTS (SELECT 1 FROM folio_line r WHERE r.branch_id = l.branch_id AND r.reverses_id = l.id) AS reversed
        FROM folio_line l WHERE l.branch_id = ${branch} AND l.id = ${lineId}`.execute(trx)
  ).rows[0]!;
  if (l.reverses_id) throw conflict('folio.isReversal', { line: l.description });
  if (l.transfer_side) throw conflict('folio.transferLine', { line: l.description });
  if (l.moved) throw conflict('folio.alreadyMoved', { line: l.description });
  if (l.reversed) throw conflict('folio.alreadyReversed', { line: l.description });
  const neg = (v: string) => new Decimal(v).neg().toFixed(2);
  const day = auditDay ?? (await openBusinessDay(trx, branch));
  const [posted] = await postFolioEvents(
    trx,
    branch,
    userId,
    day,
    [
      [
        {
          folioId: folio.id,
          reservationId: Number(l.reservation_id),
          kind: l.kind,
          foArticleId: l.fo_article_id ?? undefined,
          payArticleId: l.pay_article_id ?? undefined,
          description: `${l.description} (correction)`,
          night: l.night,
          roomId: l.room_id,
          quantity: neg(l.quantity),
          unitPrice: l.unit_price,
          base: neg(l.base),
          service: neg(l.service),
          tax: neg(l.tax),
          amount: neg(l.amount),
          postingKey: `reversal:${l.id}`,
          reversesId: Number(l.id),
          reason,
          cardBrand: l.card_brand ?? undefined,
          cardLast4: l.card_last4 ?? undefined,
          company: l.company ?? undefined,
          accountId: l.account_id === null ? undefined : Number(l.account_id),
        },
      ],
    ],
    auditDay ? 'audit-day' : undefined,
  );
  // a city-ledger payment corrected takes back the company's receivable it raised, with the reversal's journal
  if (l.account_id !== null)
    await withdrawReceivable(trx, branch, userId, {
      key: `folio:${l.id}`,
      date: day,
      reason,
      journalId: (await journalByKey(trx, branch, `folio:reversal:${l.id}`))!,
    });
  return { id: posted.lineIds[0], reverses_id: Number(l.id), amount: neg(l.amount) };
}
