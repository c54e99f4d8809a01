import type { HookContext } from '../../../data/hooks.js';
import { conflict } from '../../../http/errors.js';
import { formatDate, formatMoney, formatQuantity } from '../../../../src/core/format/format.js';
import type { Lang } from '../../../../src/core/meta/types.js';
import { translate } from '../../../i18n/translate.js';
import { loadOrder, orderPdf } from './orderPdf.js';
import { sql } from 'kysely';

/**
 * Sends an approved order to the supplier's e-mail through the mailer (the outbox in development): the order
 * in the text, its PDF attached, both in the order's language. A supplier without an e-mail is refused: the
 * order would be marked sent and reach no one.
 */
export async function sendOrder(c: HookContext, orderId: number) {
  const b = c.auth.branchId;
  const { rows } = await sql<{ language: Lang }>`SELECT language FROM purchase_order WHERE branch_id = ${b} AND id = ${orderId}`.execute(
    c.trx,
  );
  const lang = rows[0].language;
  const { head, lines } = await loadOrder(c.trx, b, orderId);
  if (!head.supplier_email) throw conflict('purchase-order.supplierNoEmail', { supplier: head.supplier });
  const t = (key: string, params: Record<string, unknown> = {}) => translate(c.ctx.meta.labels, lang, `purchase-order.mail.${key}`, params);
  const { pdf, name } = await orderPdf(c.trx, b, orderId, lang, c.ctx.meta.labels);
  const text = [
    t('greeting', { supplier: head.supplier }),
    '',
    t('intro', { number: head.number, hotel: head.hotel, delivery: formatDate(head.delivery_date) }),
    '',
    ...lines.map(
      (l, i) =>
        `${i + 1}. ${l.code} ${lang === 'id' ? l.name_id : l.name}: ${formatQuantity(l.quantity, lang)} ${l.unit} × ${formatMoney(l.unit_price)} = ${formatMoney(l.amount)}`,
    ),
    '',
    t('totals', { subtotal: formatMoney(head.subtotal), rate: head.tax_rate, tax: formatMoney(head.tax), total: formatMoney(head.total) }),
    '',
    t('closing', { hotel: head.hotel }),
  ].join('\n');
  await c.ctx.mailer.send({
    to: head.supplier_email,
    subject: t('subject', { number: head.number, hotel: head.hotel }),
    text,
    attachments: [{ filename: name, contentType: 'application/pdf', content: pdf }],
  });
}
