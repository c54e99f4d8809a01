import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { badRequest, conflict, invalid } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { formatMoney } from '../../../../src/core/format/format.js';
import { openBusinessDay } from '../../gl/post.js';
import { BILLING, openFolio } from './folios.js';
import { amountInput, id, manualKey, positiveAmount } from './inputs.js';
import { postFolioEvents } from './postings.js';
import { cityLedgerAccount, journalByKey } from '../../receivables/accounts.js';
import { raiseReceivable } from '../../receivables/raise.js';

/** Deposits a stay holds and has not yet applied to its folios (receipts less reversals less applications). */
export async function depositAvailable(trx: Db, branchId: number, reservationId: number): Promise<Decimal> {
  const { rows } = await sql<{ received: string | null; applied: string | null }>`
    SELECT (SELECT sum(amount) FROM reservation_deposit WHERE branch_id = ${branchId} AND reservation_id = ${reservationId})::text AS received,
           (SELECT -sum(l.amount) FROM folio_line l JOIN pay_article p ON p.branch_id = l.branch_id AND p.id = l.pay_article_id
             WHERE l.branch_id = ${branchId} AND l.reservation_id = ${reservationId} AND p.payment_type = 'deposit' AND l.transfer_side IS NULL)::text AS applied`.execute(
    trx,
  );
  return new Decimal(rows[0].received ?? 0).minus(rows[0].applied ?? 0);
}

/**
 * A payment on a folio: cash, card (its brand is the payment article; only the last four digits are kept,
 * never the number or the CVV), bank transfer or QRIS, the city ledger (the company's receivable), or the
 * stay's deposit applied. A refund pays money back to a guest in credit.
 */
export const postPayment = defineOp<{
  /** the folio */
  id: number;
  pay_article_id: number;
  amount?: string;
  card_last4?: string;
  reference?: string;
  company?: string;
  account_id?: number;
  refund?: boolean;
}>({
  name: 'frontoffice.folioPay',
  summary:
    'Post a payment (or a refund) on a folio: cash, card (last four digits only), transfer/QRIS, city ledger, or the deposit applied',
  resource: BILLING,
  action: 'pay',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['id', 'pay_article_id'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/folio', description: 'the folio' },
      pay_article_id: { ...id, 'x-ref': 'system/pay-article' },
      amount: { ...amountInput, description: 'default for a deposit: what the stay still holds; otherwise the balance' },
      card_last4: { type: 'string', pattern: '^[0-9]{4}$', description: 'the last four digits of the card, nothing more' },
      reference: {
        type: 'string',
        maxLength: 30,
        pattern: '^[A-Za-z0-9/_.-]*$',
        description: "the terminal's approval code or the transfer reference",
      },
      company: { type: 'string', maxLength: 120, description: 'the company billed on the city ledger (default: the folio’s)' },
      account_id: {
        ...id,
        'x-ref': 'sales/account',
        description: 'the business account billed on the city ledger (default: the company’s)',
      },
      refund: { type: 'boolean', default: false },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const folio = await openFolio(c.trx, branch, input.id);
    if (folio.stay_status !== 'in_house') throw badRequest('folio.stayNotInHouse', { code: folio.code });
    const article = (
      await sql<{ id: number; name: string; payment_type: string; active: boolean }>`
      SELECT id, name, payment_type, active FROM pay_article WHERE branch_id = ${branch} AND id = ${input.pay_article_id}`.execute(c.trx)
    ).rows[0];
    if (!article || !article.active) throw invalid([{ field: 'pay_article_id', key: 'folio.payArticleUnknown', params: {} }]);
    const type = article.payment_type;
    if (type === 'card' && !input.card_last4) throw invalid([{ field: 'card_last4', key: 'folio.last4Required', params: {} }]);
    if (type !== 'card' && input.card_last4) throw invalid([{ field: 'card_last4', key: 'folio.last4NotCard', params: {} }]);
    // a card number typed where the approval code goes would be stored: a run of 12 digits or more is refused
    if (input.reference && /[0-9]{12,}/.test(input.reference.replace(/[ -]/g, '')))
      throw invalid([{ field: 'reference', key: 'folio.cardNumberRefused', params: {} }]);
    if (input.refund && (type === 'city_ledger' || type === 'deposit'))
      throw invalid([{ field: 'refund', key: 'folio.refundKind', params: { article: article.name } }]);

    let amount: Decimal;
    if (type === 'deposit') {
      const available = await depositAvailable(c.trx, branch, folio.reservation_id);
      amount = input.amount ? positiveAmount(input.amount, 'amount') : available;
      if (available.lte(0)) throw conflict('folio.noDeposit', { folio: folio.code });
      if (amount.gt(available))
        throw invalid([{ field: 'amount', key: 'folio.depositExceeded', params: { available: formatMoney(available.toFixed(2)) } }]);
    } else if (input.amount) {
      amount = positiveAmount(input.amount, 'amount');
    } else {
      const balance = new Decimal(
        (
          await sql<{
            b: string | null;
          }>`SELECT sum(amount)::text AS b FROM folio_line WHERE branch_id = ${branch} AND folio_id = ${folio.id}`.execute(c.trx)
        ).rows[0].b ?? 0,
      );
      amount = input.refund ? balance.neg() : balance;
      if (amount.lte(0)) throw invalid([{ field: 'amount', key: 'error.required', params: {} }]);
    }
    let company = type === 'city_ledger' ? input.company?.trim() || folio.company : undefined;
    if (type === 'city_ledger' && !company && !input.account_id)
      throw invalid([{ field: 'company', key: 'folio.companyRequired', params: {} }]);
    // the city ledger charges an active business account, whose credit is checked when the receivable is raised
    const account =
      type === 'city_ledger'
        ? await cityLedgerAccount(c.trx, branch, { accountId: input.account_id, company }, input.account_id ? 'account_id' : 'company')
        : undefined;
    if (account) company = account.name;

    const day = await openBusinessDay(c.trx, branch);
    const postingKey = manualKey('payment');
    const description = input.refund ? `${article.name} (refund)` : company ? `${article.name} – ${company}` : article.name;
    const [posted] = await postFolioEvents(c.trx, branch, c.auth.user.id, day, [
      [
        {
          folioId: folio.id,
          reservationId: folio.reservation_id,
          kind: 'payment',
          payArticleId: article.id,
          description,
          amount: (input.refund ? amount : amount.neg()).toFixed(2),
          postingKey,
          cardBrand: type === 'card' ? article.name : undefined,
          cardLast4: input.card_last4,
          reference: input.reference || undefined,
          company: company ?? undefined,
          accountId: account?.id,
        },
      ],
    ]);
    if (account)
      await raiseReceivable(c.trx, branch, {
        accountId: account.id,
        date: day,
        source: 'folio',
        sourceId: posted.lineIds[0],
        reference: folio.code,
        amount,
        description,
        key: `folio:${posted.lineIds[0]}`,
        journalId: await journalByKey(c.trx, branch, `folio:${postingKey}`),
        userId: c.auth.user.id,
      });
    return { id: posted.lineIds[0], folio_id: folio.id, amount: amount.toFixed(2), shown_amount: formatMoney(amount.toFixed(2)) };
  },
});
