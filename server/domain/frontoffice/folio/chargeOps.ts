import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { HookContext } from '../../../data/hooks.js';
import { badRequest, invalid } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { openBusinessDay } from '../../gl/post.js';
import { formatMoney } from '../../../../src/core/format/format.js';
import type { TaxService } from '../pricing.js';
import { BILLING, openFolio } from './folios.js';
import { amountInput, id, manualKey, positiveAmount } from './inputs.js';
import { postFolioEvents } from './postings.js';
import { routeCharges } from './routing.js';
import { splitCharge } from './split.js';

interface ArticleRow {
  id: number;
  code: string;
  name: string;
  active: boolean;
  default_price: string | null;
  kind: string;
  service_pct: string | null;
  tax_pct: string | null;
  tax_on_service: boolean | null;
  price_mode: 'plus' | 'nett' | null;
}

/**
 * A charge posted by hand (minibar, laundry, a late check-out fee): quantity × price under the article's
 * tax-service code — "++" adds service and tax, "nett" contains them — split to the rupiah. Posted on the
 * folio named, or, when only the stay is named, where its routing rules send the article.
 */
export interface ManualCharge {
  /** the folio */
  id?: number;
  reservation_id?: number;
  fo_article_id: number;
  quantity?: number;
  unit_price?: string;
  description?: string;
}

export const postCharge = defineOp<ManualCharge>({
  name: 'frontoffice.folioCharge',
  summary: 'Post a charge by article, quantity and price on a folio (or on a stay, routed by its rules)',
  resource: BILLING,
  action: 'post',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['fo_article_id'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/folio', description: 'the folio (or name the stay: its routing picks the folio)' },
      reservation_id: { ...id, 'x-ref': 'frontoffice/reservation' },
      fo_article_id: { ...id, 'x-ref': 'frontoffice/article' },
      quantity: { type: 'integer', minimum: 1, maximum: 999, default: 1 },
      unit_price: { ...amountInput, description: "default: the article's price" },
      description: { type: 'string', maxLength: 120 },
    },
  },
  handler: postManualCharge,
});

/** A charge by hand on a folio, or on a stay where its routing sends the article (a lost loan item too). */
export async function postManualCharge(c: HookContext, input: ManualCharge) {
  const branch = c.auth.branchId;
  if (!input.id && !input.reservation_id) throw invalid([{ field: 'id', key: 'error.required', params: {} }]);
  const article = (
    await sql<ArticleRow>`
    SELECT a.id, a.code, a.name, a.active, a.default_price, a.kind, t.service_pct, t.tax_pct, t.tax_on_service, t.price_mode
      FROM fo_article a LEFT JOIN tax_service t ON t.branch_id = a.branch_id AND t.id = a.tax_service_id
     WHERE a.branch_id = ${branch} AND a.id = ${input.fo_article_id}`.execute(c.trx)
  ).rows[0];
  if (!article || !article.active) throw invalid([{ field: 'fo_article_id', key: 'folio.articleUnknown', params: {} }]);
  if (article.kind === 'room' || article.kind === 'package' || article.kind === 'pos')
    throw invalid([{ field: 'fo_article_id', key: 'folio.articleAutomatic', params: { article: article.name } }]);
  const price = input.unit_price
    ? positiveAmount(input.unit_price, 'unit_price')
    : article.default_price
      ? new Decimal(article.default_price)
      : undefined;
  if (!price) throw invalid([{ field: 'unit_price', key: 'folio.priceRequired', params: { article: article.name } }]);
  const quantity = new Decimal(input.quantity ?? 1);
  const day = await openBusinessDay(c.trx, branch);

  let folioId = input.id;
  if (!folioId) {
    const stay = (
      await sql<{
        status: string;
        code: string;
      }>`SELECT status, code FROM reservation WHERE branch_id = ${branch} AND id = ${input.reservation_id!}`.execute(c.trx)
    ).rows[0];
    if (!stay) throw invalid([{ field: 'reservation_id', key: 'error.refMissing', params: {} }]);
    if (stay.status !== 'in_house') throw badRequest('folio.stayNotInHouse', { code: stay.code });
    [folioId] = await routeCharges(c.trx, branch, c.auth.user.id, [
      { reservationId: input.reservation_id!, articleId: article.id, date: day },
    ]);
  }
  const folio = await openFolio(c.trx, branch, folioId);
  if (folio.stay_status !== 'in_house') throw badRequest('folio.stayNotInHouse', { code: folio.code });
  const ts: TaxService | null = article.price_mode
    ? { servicePct: article.service_pct!, taxPct: article.tax_pct!, taxOnService: article.tax_on_service!, priceMode: article.price_mode }
    : null;
  const parts = splitCharge(quantity.mul(price), ts);
  if (new Decimal(parts.total).isZero()) throw invalid([{ field: 'unit_price', key: 'folio.amountPositive', params: {} }]);
  const description = input.description?.trim() || (quantity.eq(1) ? article.name : `${article.name} × ${quantity.toString()}`);
  const [posted] = await postFolioEvents(c.trx, branch, c.auth.user.id, day, [
    [
      {
        folioId: folio.id,
        reservationId: folio.reservation_id,
        kind: 'charge',
        foArticleId: article.id,
        description,
        roomId: folio.room_id,
        quantity: quantity.toString(),
        unitPrice: price.toFixed(2),
        base: parts.base,
        service: parts.service,
        tax: parts.tax,
        amount: parts.total,
        postingKey: manualKey('charge'),
      },
    ],
  ]);
  return {
    id: posted.lineIds[0],
    folio_id: folio.id,
    base: parts.base,
    service: parts.service,
    tax: parts.tax,
    amount: parts.total,
    // as the cashier reads them, for the confirmation the screen shows
    shown_base: formatMoney(parts.base),
    shown_service: formatMoney(parts.service),
    shown_tax: formatMoney(parts.tax),
    shown_amount: formatMoney(parts.total),
  };
}
