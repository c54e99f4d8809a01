import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { EntityHook } from '../../../data/hooks.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { ensureGuestFolios } from './folios.js';

export interface RouteQuery {
  reservationId: number;
  articleId: number;
  date: string;
}

interface Rule {
  reservation_id: number;
  fo_article_id: number | null;
  main_article_id: number | null;
  target_folio_id: number;
  date_from: string | null;
  date_to: string | null;
}

/**
 * The folio each charge goes to, applied when it is posted (DOMAIN.md): the stay's routing rule for the
 * article, else for its article group, else for all charges — each only within its dates and only to an
 * open folio — else the stay's window 1. Two statements (and a third to open missing guest windows) for any
 * number of charges.
 */
export async function routeCharges(trx: Db, branchId: number, userId: number | null, charges: RouteQuery[]): Promise<number[]> {
  const stays = [...new Set(charges.map((c) => c.reservationId))];
  const articles = [...new Set(charges.map((c) => c.articleId))];
  const [guestFolios, { rows: rules }, { rows: groups }] = await Promise.all([
    ensureGuestFolios(trx, branchId, userId, stays),
    sql<Rule>`
      SELECT r.reservation_id, r.fo_article_id, r.main_article_id, r.target_folio_id, r.date_from::text AS date_from, r.date_to::text AS date_to
        FROM folio_routing r JOIN folio f ON f.branch_id = r.branch_id AND f.id = r.target_folio_id
       WHERE r.branch_id = ${branchId} AND r.reservation_id = ANY(${stays}::bigint[]) AND r.active AND f.status = 'open'
       ORDER BY r.id`.execute(trx),
    sql<{ id: number; main_article_id: number }>`
      SELECT id, main_article_id FROM fo_article WHERE branch_id = ${branchId} AND id = ANY(${articles}::bigint[])`.execute(trx),
  ]);
  const groupOf = new Map(groups.map((g) => [Number(g.id), Number(g.main_article_id)]));
  const byStay = new Map<number, Rule[]>();
  for (const r of rules) byStay.set(Number(r.reservation_id), [...(byStay.get(Number(r.reservation_id)) ?? []), r]);
  return charges.map((c) => {
    const within = (byStay.get(c.reservationId) ?? []).filter(
      (r) => (!r.date_from || r.date_from <= c.date) && (!r.date_to || c.date <= r.date_to),
    );
    const rule =
      within.find((r) => Number(r.fo_article_id) === c.articleId) ??
      within.find((r) => r.main_article_id != null && Number(r.main_article_id) === groupOf.get(c.articleId)) ??
      within.find((r) => r.fo_article_id == null && r.main_article_id == null);
    return rule ? Number(rule.target_folio_id) : guestFolios.get(c.reservationId)!;
  });
}

/** A routing rule sends a stay's charges to an open folio of this property: its own window or another room's. */
export const folioRoutingHook: EntityHook = {
  async beforeWrite(c, _mode, values, _virtual, before) {
    const merged = { ...(before ?? {}), ...values };
    const target = (
      await sql<{ status: string; code: string }>`
      SELECT status, code FROM folio WHERE branch_id = ${c.auth.branchId} AND id = ${merged.target_folio_id as number}`.execute(c.trx)
    ).rows[0];
    if (!target) throw notFound('folio.title');
    if (target.status !== 'open')
      throw badRequest('folio.closed', { folio: target.code }, [
        { field: 'target_folio_id', key: 'folio.closed', params: { folio: target.code } },
      ]);
    const stay = (
      await sql<{ status: string; code: string }>`
      SELECT status, code FROM reservation WHERE branch_id = ${c.auth.branchId} AND id = ${merged.reservation_id as number}`.execute(c.trx)
    ).rows[0];
    if (!stay) throw notFound('reservation');
    if (!['tentative', 'confirmed', 'in_house'].includes(stay.status)) throw badRequest('folio.stayNotOpen', { code: stay.code });
  },
};
