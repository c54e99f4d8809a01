import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { conflict } from '../../../http/errors.js';
import { formatDate } from '../../../../src/core/format/format.js';
import { openBusinessDay } from '../../gl/post.js';
import { activeRules, applyRule, houseOccupancy, pickRule } from '../dynamicRates.js';
import { priceStay, type RateRow, type StayOptions, type TaxService } from '../pricing.js';
import { postFolioEvents, type FolioEvent } from '../folio/postings.js';
import { routeCharges } from '../folio/routing.js';
import { splitNight, type NightPart } from '../folio/split.js';

interface PackageRow {
  arrangement_id: number;
  fo_article_id: number;
  name: string;
  amount: string;
  basis: 'per_person' | 'per_room';
}

export interface RoomChargeResult {
  /** stays charged this night (before: a replay charges none) */
  stays: number;
  lines: number;
  total: string;
}

/** The key of a night's automatic posting: one per stay, night and part, so posting the night again writes nothing. */
export const nightKey = (stayId: number, night: string, articleId: number) => `night:${stayId}:${night}:${articleId}`;

export interface PricedStay {
  id: number;
  room_id: number | null;
  rate_code_id: number | null;
  rate_override: string | null;
  adults: number;
}

export interface StayNightPart {
  stayId: number;
  roomId: number | null;
  articleId: number;
  description: string;
  part: NightPart;
}

/**
 * One night's price of each stay, as the guest was quoted (dynamic rule, override, ++ or nett), its base
 * divided between the packages the arrangement includes — each to its own revenue article (breakfast to
 * F&B) — and the room. A stay with no price for the night (a complimentary room) has no parts. A fixed
 * number of statements for any number of stays.
 */
export async function nightParts(trx: Db, branchId: number, night: string, stays: PricedStay[]): Promise<StayNightPart[]> {
  if (!stays.length) return [];
  const rateIds = [...new Set(stays.map((s) => s.rate_code_id).filter((x): x is number => x != null))].map(Number);
  const [{ rows: rates }, { rows: room }] = await Promise.all([
    sql<RateRow & { id: number; usage: 'paid' | 'complimentary' | 'house_use' }>`
      SELECT r.id, r.code, r.room_type_id::int AS room_type_id, r.arrangement_id::int AS arrangement_id, r.dynamic, r.valid_from::text AS valid_from,
             r.valid_to::text AS valid_to, r.weekday_price, r.weekend_price, r.usage, t.service_pct, t.tax_pct, t.tax_on_service, t.price_mode
        FROM rate_code r JOIN tax_service t ON t.branch_id = r.branch_id AND t.id = r.tax_service_id
       WHERE r.branch_id = ${branchId} AND r.id = ANY(${rateIds}::bigint[])`.execute(trx),
    sql<{ id: number; name: string }>`
      SELECT id, name FROM fo_article WHERE branch_id = ${branchId} AND kind = 'room' AND active ORDER BY id LIMIT 1`.execute(trx),
  ]);
  if (!room[0]) throw conflict('stay.noRoomArticle');
  const roomArticle = { id: Number(room[0].id), name: room[0].name };
  const rateOf = new Map(rates.map((r) => [Number(r.id), r]));
  const arrangementIds = [...new Set(rates.map((r) => r.arrangement_id).filter((x): x is number => x != null))];
  const { rows: packageRows } = await sql<PackageRow>`
    SELECT l.arrangement_id, l.fo_article_id, a.name, l.amount, l.basis FROM arrangement_line l
      JOIN fo_article a ON a.branch_id = l.branch_id AND a.id = l.fo_article_id
     WHERE l.branch_id = ${branchId} AND l.arrangement_id = ANY(${arrangementIds}::bigint[]) ORDER BY l.arrangement_id, l.line_no`.execute(
    trx,
  );
  const articleName = new Map<number, string>([[roomArticle.id, roomArticle.name]]);
  for (const p of packageRows) articleName.set(Number(p.fo_article_id), p.name);
  const next = dayjs(night).add(1, 'day').format('YYYY-MM-DD');
  let dynamic: ((rate: RateRow) => StayOptions) | undefined;
  if (rates.some((r) => r.dynamic)) {
    const [rules, occupancy] = await Promise.all([activeRules(trx, branchId, night, next), houseOccupancy(trx, branchId, night, next)]);
    // the rule of the stay's own room type for the night: the quote applied the same one
    dynamic = (rate) => ({
      adjust(date, price) {
        const rule = pickRule(rules, rate.room_type_id, date, occupancy.get(date) ?? 0);
        return rule && { price: applyRule(price, rule), rule: rule.code };
      },
    });
  }
  const out: StayNightPart[] = [];
  for (const stay of stays) {
    const rate = stay.rate_code_id == null ? undefined : rateOf.get(Number(stay.rate_code_id));
    // a complimentary or house-use rate is occupied, never charged
    if (!rate || rate.usage !== 'paid') continue;
    const ts: TaxService = {
      servicePct: rate.service_pct,
      taxPct: rate.tax_pct,
      taxOnService: rate.tax_on_service,
      priceMode: rate.price_mode,
    };
    const [price] = priceStay(rate, night, next, stay.rate_override, rate.dynamic && dynamic ? dynamic(rate) : {});
    if (new Decimal(price.total).isZero()) continue;
    const packages = packageRows
      .filter((p) => Number(p.arrangement_id) === rate.arrangement_id)
      .map((p) => ({
        articleId: Number(p.fo_article_id),
        amount: new Decimal(p.amount).mul(p.basis === 'per_person' ? stay.adults : 1).toFixed(0),
      }));
    // a price agreed below what the arrangement includes is all room revenue: nothing is left to give the packages
    const split: NightPart[] = (packages.length && splitNight(price, packages, ts)) || [price];
    for (const part of split) {
      if (new Decimal(part.total).isZero()) continue;
      const articleId = part.articleId ?? roomArticle.id;
      out.push({
        stayId: Number(stay.id),
        roomId: stay.room_id == null ? null : Number(stay.room_id),
        articleId,
        description: articleName.get(articleId)!,
        part,
      });
    }
  }
  return out;
}

/**
 * Posts one night's room charge for in-house stays (all of them, or those named): each stay's parts for the
 * night (nightParts), every part routed by the stay's rules. Keyed by stay, night and article: running it
 * again for the same night posts nothing. Only the open business day's night can be posted.
 */
export async function postRoomCharges(
  trx: Db,
  branchId: number,
  userId: number | null,
  night: string,
  reservationIds?: number[],
): Promise<RoomChargeResult> {
  const open = await openBusinessDay(trx, branchId);
  if (night !== open) throw conflict(night < open ? 'gl.dayClosed' : 'gl.dayNotOpen', { date: formatDate(night), open: formatDate(open) });
  const { rows: stays } = await sql<PricedStay>`
    SELECT id, room_id, rate_code_id, rate_override, adults FROM reservation
     WHERE branch_id = ${branchId} AND status = 'in_house' AND arrival <= ${night}::date AND departure > ${night}::date AND room_id IS NOT NULL
       AND (${reservationIds ?? null}::bigint[] IS NULL OR id = ANY(${reservationIds ?? null}::bigint[]))
     ORDER BY id`.execute(trx);
  const parts = await nightParts(trx, branchId, night, stays);
  if (!parts.length) return { stays: 0, lines: 0, total: '0' };
  const folios = await routeCharges(
    trx,
    branchId,
    userId,
    parts.map((p) => ({ reservationId: p.stayId, articleId: p.articleId, date: night })),
  );
  const byStay = new Map<number, FolioEvent>();
  parts.forEach((p, i) => {
    const event = byStay.get(p.stayId) ?? [];
    event.push({
      folioId: folios[i],
      reservationId: p.stayId,
      kind: 'charge',
      foArticleId: p.articleId,
      description: p.description,
      night,
      roomId: p.roomId,
      unitPrice: p.part.total,
      base: p.part.base,
      service: p.part.service,
      tax: p.part.tax,
      amount: p.part.total,
      postingKey: nightKey(p.stayId, night, p.articleId),
    });
    byStay.set(p.stayId, event);
  });
  const events = [...byStay.values()];
  const posted = await postFolioEvents(trx, branchId, userId, night, events);
  let lines = 0;
  let total = new Decimal(0);
  let charged = 0;
  events.forEach((event, i) => {
    if (posted[i].replayed) return;
    charged += 1;
    lines += event.length;
    for (const l of event) total = total.plus(l.amount);
  });
  return { stays: charged, lines, total: total.toFixed(0) };
}
