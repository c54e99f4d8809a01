import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { Lang } from '../../../src/core/meta/types.js';
import { formatDate, formatMoney } from '../../../src/core/format/format.js';
import { notFound } from '../../http/errors.js';
import { translate, type Labels } from '../../i18n/translate.js';
import { voucherPdf, voucherPdfRoute } from './voucherPdf.js';

/**
 * The recap voucher the controller signs for the day's payment vouchers: each voucher's payee, bank and amount,
 * what the bank pays out in all. Approved, it names the controller who approved it (an approved recap is never
 * changed again, so its last editor is its approver).
 */
export async function recapPdf(db: Db, branchId: number, id: number, lang: Lang, labels: Labels): Promise<{ pdf: Buffer; name: string }> {
  const { rows } = await sql<{
    number: string;
    date: string;
    status: string;
    description: string | null;
    hotel: string;
    hotel_address: string | null;
    prepared: string | null;
    approved: string | null;
  }>`
    SELECT r.number, r.date::text AS date, r.status, r.description, b.name AS hotel, concat_ws(', ', b.address, b.city, b.phone) AS hotel_address,
           cu.full_name AS prepared, CASE WHEN r.status = 'approved' THEN uu.full_name END AS approved
      FROM ap_recap r
      JOIN branch b ON b.id = r.branch_id
      LEFT JOIN app_user cu ON cu.id = r.created_by
      LEFT JOIN app_user uu ON uu.id = r.updated_by
     WHERE r.branch_id = ${branchId} AND r.id = ${id}`.execute(db);
  const h = rows[0];
  if (!h) throw notFound('ap-recap.title');
  const { rows: lines } = await sql<{
    number: string;
    supplier: string;
    bank: string;
    reference: string | null;
    total: string;
    charges: string;
  }>`
    SELECT p.number, s.name AS supplier, a.code AS bank, p.reference, coalesce(p.total, 0)::text AS total, p.bank_charges::text AS charges
      FROM ap_recap_line l
      JOIN ap_payment p ON p.branch_id = l.branch_id AND p.id = l.payment_id
      JOIN pur_supplier s ON s.branch_id = p.branch_id AND s.id = p.supplier_id
      JOIN gl_account a ON a.branch_id = p.branch_id AND a.id = p.bank_account_id
     WHERE l.branch_id = ${branchId} AND l.recap_id = ${id} ORDER BY l.line_no`.execute(db);
  const t = (key: string) => translate(labels, lang, `ap-recap.pdf.${key}`);
  const sum = (f: 'total' | 'charges') => lines.reduce((s, l) => s.plus(l[f]), new Decimal(0));
  const columns: [string, number, boolean?][] = [
    ['no', 26, true],
    ['voucher', 110],
    ['payee', 150],
    ['bank', 55],
    ['reference', 95],
    ['amount', 0, true],
  ];
  const pdf = await voucherPdf({
    title: `${t('title')} ${h.number}`,
    hotel: h.hotel,
    hotelAddress: h.hotel_address,
    facts: [
      [t('date'), formatDate(h.date)],
      [t('vouchers'), String(lines.length)],
      [t('status'), translate(labels, lang, `ap-recap.status.${h.status}`)],
    ],
    columns,
    label: (key) => t(`col.${key}`),
    rows: lines.map((l, i) => ({
      no: String(i + 1),
      voucher: l.number,
      payee: l.supplier,
      bank: l.bank,
      reference: l.reference ?? '–',
      amount: formatMoney(l.total),
    })),
    sums: [
      { label: t('paid'), value: formatMoney(sum('total').toFixed(2)) },
      { label: t('bankCharges'), value: formatMoney(sum('charges').toFixed(2)) },
      { label: t('bankOut'), value: `IDR ${formatMoney(sum('total').plus(sum('charges')).toFixed(2))}`, bold: true },
    ],
    note: h.description,
    signatures: [
      { label: t('preparedBy'), name: h.prepared },
      { label: t('approvedBy'), name: h.approved },
    ],
  });
  return { pdf, name: `recap-voucher-${h.number}.pdf` };
}

export async function recapPdfRoutes(app: FastifyInstance, ctx: AppContext) {
  voucherPdfRoute(app, ctx, {
    path: '/api/payables/ap-recap/:id/pdf',
    right: 'accountpayable.ap-recap-voucher',
    summary: "A recap voucher as a PDF, in the reader's language unless another is asked (?lang=en|id)",
    render: recapPdf,
  });
}
