import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { ensureGuestFolios } from '../folio/folios.js';
import { postFolioEvents, type FolioEvent } from '../folio/postings.js';
import { nightParts, type PricedStay } from '../stay/roomCharges.js';

export interface NoShowResult {
  noShows: number;
  /** guaranteed no-shows charged their first night */
  charged: number;
  total: string;
}

/**
 * Arrivals that did not come by the end of the day become no-shows and free their room. A guaranteed booking
 * (a guaranteed reservation type, a card given, or a deposit held) is charged its first night, all of it room
 * revenue (USALI: a no-show fee is room revenue, though no room was sold), and the deposit it holds is
 * applied to that folio. Keyed per stay, so a resumed step posts nothing twice.
 */
export async function postNoShows(trx: Db, branchId: number, userId: number | null, day: string): Promise<NoShowResult> {
  const { rows } = await sql<PricedStay & { code: string; guaranteed: boolean; deposit: string }>`
    SELECT v.id, v.code, v.room_id, v.rate_code_id, v.rate_override, v.adults,
           (coalesce(t.guaranteed, false) OR v.guarantee_pay_article_id IS NOT NULL) AS guaranteed,
           (coalesce((SELECT sum(d.amount) FROM reservation_deposit d WHERE d.branch_id = v.branch_id AND d.reservation_id = v.id), 0)
            + coalesce((SELECT sum(l.amount) FROM folio_line l JOIN pay_article p ON p.branch_id = l.branch_id AND p.id = l.pay_article_id
                         WHERE l.branch_id = v.branch_id AND l.reservation_id = v.id AND p.payment_type = 'deposit' AND l.transfer_side IS NULL), 0))::text AS deposit
      FROM reservation v LEFT JOIN reserve_type t ON t.branch_id = v.branch_id AND t.id = v.reserve_type_id
     WHERE v.branch_id = ${branchId} AND v.status IN ('tentative', 'confirmed') AND v.arrival <= ${day}::date
     ORDER BY v.id FOR UPDATE OF v`.execute(trx);
  if (!rows.length) return { noShows: 0, charged: 0, total: '0' };
  await sql`UPDATE reservation SET status = 'no_show', version = version + 1, updated_at = now(), updated_by = ${userId}
             WHERE branch_id = ${branchId} AND id = ANY(${rows.map((r) => Number(r.id))}::bigint[])`.execute(trx);
  const held = (r: (typeof rows)[number]) => new Decimal(r.deposit);
  const guaranteed = rows.filter((r) => r.guaranteed || held(r).gt(0));
  const parts = await nightParts(trx, branchId, day, guaranteed);
  const folios = await ensureGuestFolios(
    trx,
    branchId,
    userId,
    guaranteed.map((r) => Number(r.id)),
  );
  const deposit = (
    await sql<{ id: number; name: string }>`
      SELECT id, name FROM pay_article WHERE branch_id = ${branchId} AND payment_type = 'deposit' AND active ORDER BY id LIMIT 1`.execute(
      trx,
    )
  ).rows[0];
  const events: FolioEvent[] = [];
  let total = new Decimal(0);
  for (const r of guaranteed) {
    const stayId = Number(r.id);
    const mine = parts.filter((p) => p.stayId === stayId);
    if (!mine.length) continue;
    const sum = (k: 'base' | 'service' | 'tax' | 'total') => mine.reduce((a, p) => a.plus(p.part[k]), new Decimal(0)).toFixed(0);
    const roomArticle = mine.find((p) => p.part.articleId === undefined)?.articleId ?? mine[0].articleId;
    const folioId = folios.get(stayId)!;
    const event: FolioEvent = [
      {
        folioId,
        reservationId: stayId,
        kind: 'charge',
        foArticleId: roomArticle,
        description: `No-show ${r.code}`,
        night: day,
        roomId: r.room_id == null ? null : Number(r.room_id),
        unitPrice: sum('total'),
        base: sum('base'),
        service: sum('service'),
        tax: sum('tax'),
        amount: sum('total'),
        postingKey: `noshow:${stayId}:${day}`,
      },
    ];
    total = total.plus(sum('total'));
    events.push(event);
    if (held(r).gt(0) && deposit)
      events.push([
        {
          folioId,
          reservationId: stayId,
          kind: 'payment',
          payArticleId: Number(deposit.id),
          description: deposit.name,
          amount: held(r).neg().toFixed(2),
          postingKey: `deposit-applied:${stayId}:no-show`,
        },
      ]);
  }
  await postFolioEvents(trx, branchId, userId, day, events);
  return { noShows: rows.length, charged: events.filter((e) => e[0].kind === 'charge').length, total: total.toFixed(0) };
}
