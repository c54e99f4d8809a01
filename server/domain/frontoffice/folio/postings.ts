import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { conflict } from '../../../http/errors.js';
import { postJournals, type Posting, type PostingLine } from '../../gl/post.js';
import { cityLedgerLine } from '../../receivables/raise.js';

/** One line about to be written to a folio. Amounts are decimal strings; a payment's amount is negative. */
export interface NewFolioLine {
  folioId: number;
  reservationId: number;
  kind: 'charge' | 'payment';
  foArticleId?: number;
  payArticleId?: number;
  description: string;
  night?: string | null;
  roomId?: number | null;
  quantity?: string;
  unitPrice?: string;
  base?: string;
  service?: string;
  tax?: string;
  amount: string;
  /** unique per property: the same key posted again writes nothing */
  postingKey: string;
  reversesId?: number;
  reason?: string;
  transferOf?: number;
  transferSide?: 'out' | 'in';
  cardBrand?: string;
  cardLast4?: string;
  reference?: string;
  company?: string;
  /** the business account a city-ledger payment charges (its sub-ledger in the journal) */
  accountId?: number;
}

/** Lines that make one journal: a charge, a payment, a correction, or the two sides of a transfer. */
export type FolioEvent = NewFolioLine[];

export interface PostedEvent {
  /** the ids of the event's lines, in order; empty when its keys had been posted before */
  lineIds: number[];
  replayed: boolean;
}

interface Accounts {
  revenue: Map<number, { account: string | null; department: number | null; code: string }>;
  payment: Map<number, { account: string | null; type: string; code: string }>;
}

/**
 * Writes folio lines and their journals in the caller's transaction, for any number of events in a fixed
 * number of statements. Every line moves the guest ledger by its amount on its folio's subledger; a charge
 * credits its article's revenue account (its base), service and tax payable; a payment debits what it was
 * paid with (the payment article's account, the city ledger, or the deposits ledger); the two lines of a
 * transfer only move the amount between folios. Keys posted before are skipped, so a replay posts nothing.
 */
export async function postFolioEvents(
  trx: Db,
  branchId: number,
  userId: number | null,
  businessDate: string,
  events: FolioEvent[],
  dating?: Posting['dating'],
): Promise<PostedEvent[]> {
  const lines = events.flat();
  if (!lines.length) return events.map(() => ({ lineIds: [], replayed: false }));
  const rows = lines.map((l) => ({
    folio_id: l.folioId,
    reservation_id: l.reservationId,
    kind: l.kind,
    fo_article_id: l.foArticleId ?? null,
    pay_article_id: l.payArticleId ?? null,
    description: l.description,
    night: l.night ?? null,
    room_id: l.roomId ?? null,
    quantity: l.quantity ?? '1',
    unit_price: l.unitPrice ?? l.amount,
    base: l.base ?? '0',
    service: l.service ?? '0',
    tax: l.tax ?? '0',
    amount: l.amount,
    posting_key: l.postingKey,
    reverses_id: l.reversesId ?? null,
    reason: l.reason ?? null,
    transfer_of: l.transferOf ?? null,
    transfer_side: l.transferSide ?? null,
    card_brand: l.cardBrand ?? null,
    card_last4: l.cardLast4 ?? null,
    reference: l.reference ?? null,
    company: l.company ?? null,
    account_id: l.accountId ?? null,
  }));
  const { rows: inserted } = await sql<{ id: number; posting_key: string }>`
    INSERT INTO folio_line (branch_id, folio_id, reservation_id, business_date, kind, fo_article_id, pay_article_id, description, night, room_id,
                            quantity, unit_price, base, service, tax, amount, posting_key, reverses_id, reason, transfer_of, transfer_side,
                            card_brand, card_last4, reference, company, account_id, created_by)
    SELECT ${branchId}, x.folio_id, x.reservation_id, ${businessDate}::date, x.kind, x.fo_article_id, x.pay_article_id, x.description, x.night, x.room_id,
           x.quantity, x.unit_price, x.base, x.service, x.tax, x.amount, x.posting_key, x.reverses_id, x.reason, x.transfer_of, x.transfer_side,
           x.card_brand, x.card_last4, x.reference, x.company, x.account_id, ${userId}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(folio_id bigint, reservation_id bigint, kind text, fo_article_id bigint, pay_article_id bigint,
           description text, night date, room_id bigint, quantity numeric, unit_price numeric, base numeric, service numeric, tax numeric, amount numeric,
           posting_key text, reverses_id bigint, reason text, transfer_of bigint, transfer_side text, card_brand text, card_last4 text, reference text, company text, account_id bigint)
    ON CONFLICT (branch_id, posting_key) DO NOTHING
    RETURNING id, posting_key`.execute(trx);
  const ids = new Map(inserted.map((r) => [r.posting_key, Number(r.id)]));

  const accounts = await articleAccounts(trx, branchId, lines);
  const reversed = await journalsOf(
    trx,
    branchId,
    lines.filter((l) => l.reversesId && ids.has(l.postingKey)).map((l) => l.reversesId!),
  );
  const postings: Posting[] = [];
  const out = events.map((event): PostedEvent => {
    const written = event.filter((l) => ids.has(l.postingKey));
    if (!written.length) return { lineIds: [], replayed: true };
    if (written.length !== event.length) throw conflict('folio.partlyPosted', { key: event[0].postingKey });
    const first = event[0];
    postings.push({
      date: businessDate,
      source: 'frontoffice',
      sourceType: 'folio_line',
      sourceId: ids.get(first.postingKey)!,
      key: `folio:${first.postingKey}`,
      description: first.description,
      reversesId: first.reversesId ? reversed.get(first.reversesId) : undefined,
      dating,
      lines: event.flatMap((l) => journalLines(l, accounts)),
    });
    return { lineIds: event.map((l) => ids.get(l.postingKey)!), replayed: false };
  });
  await postJournals(trx, branchId, userId, postings);
  return out;
}

/** What one folio line posts to the ledger (signed: debit positive). */
function journalLines(l: NewFolioLine, accounts: Accounts): PostingLine[] {
  const ledger: PostingLine = {
    role: 'guest_ledger',
    amount: l.amount,
    subledger: { type: 'folio', id: l.folioId },
    description: l.description,
  };
  if (l.transferSide) return [ledger];
  if (l.kind === 'charge') {
    const a = accounts.revenue.get(l.foArticleId!)!;
    if (!a.account) throw conflict('folio.articleNoAccount', { article: a.code });
    return [
      ledger,
      { account: a.account, amount: new Decimal(l.base ?? 0).neg(), departmentId: a.department, description: l.description },
      { role: 'service_payable', amount: new Decimal(l.service ?? 0).neg(), departmentId: a.department },
      { role: 'tax_payable', amount: new Decimal(l.tax ?? 0).neg(), departmentId: a.department },
    ];
  }
  const p = accounts.payment.get(l.payArticleId!)!;
  const counter = new Decimal(l.amount).neg();
  if (p.type === 'city_ledger')
    return [
      ledger,
      l.accountId
        ? cityLedgerLine(l.accountId, counter, l.company ?? l.description)
        : { role: 'city_ledger', amount: counter, description: l.company ?? l.description },
    ];
  if (p.type === 'deposit') return [ledger, { role: 'deposit_ledger', amount: counter, description: l.description }];
  if (!p.account) throw conflict('folio.articleNoAccount', { article: p.code });
  return [ledger, { account: p.account, amount: counter, description: l.description }];
}

async function articleAccounts(trx: Db, branchId: number, lines: NewFolioLine[]): Promise<Accounts> {
  const fo = [...new Set(lines.filter((l) => l.foArticleId && !l.transferSide).map((l) => l.foArticleId!))];
  const pay = [...new Set(lines.filter((l) => l.payArticleId && !l.transferSide).map((l) => l.payArticleId!))];
  const { rows } = await sql<{
    kind: string;
    id: number;
    code: string;
    account: string | null;
    department: number | null;
    type: string | null;
  }>`
    SELECT 'fo' AS kind, id, code, gl_account AS account, department_id AS department, NULL AS type FROM fo_article WHERE branch_id = ${branchId} AND id = ANY(${fo}::bigint[])
    UNION ALL
    SELECT 'pay', id, code, gl_account, NULL, payment_type FROM pay_article WHERE branch_id = ${branchId} AND id = ANY(${pay}::bigint[])`.execute(
    trx,
  );
  const accounts: Accounts = { revenue: new Map(), payment: new Map() };
  for (const r of rows) {
    if (r.kind === 'fo') accounts.revenue.set(Number(r.id), { account: r.account, department: r.department, code: r.code });
    else accounts.payment.set(Number(r.id), { account: r.account, type: r.type!, code: r.code });
  }
  return accounts;
}

/** The journal each folio line was posted with (for a correction to name the journal it reverses). */
async function journalsOf(trx: Db, branchId: number, lineIds: number[]): Promise<Map<number, number>> {
  if (!lineIds.length) return new Map();
  const { rows } = await sql<{ source_id: number; id: number }>`
    SELECT source_id, id FROM gl_journal WHERE branch_id = ${branchId} AND source_type = 'folio_line' AND source_id = ANY(${lineIds}::bigint[])`.execute(
    trx,
  );
  return new Map(rows.map((r) => [Number(r.source_id), Number(r.id)]));
}
