import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { AuthInfo } from '../../context.js';
import type { EntityModel } from '../../data/entityModel.js';
import { hasRight } from '../../http/rbac.js';
import { likeEscape, searchText } from '../../data/crud.js';
import { findGuests, type GuestMatch } from './guestMatches.js';
import { GUEST_COPY, RESERVATION } from './reservations.js';
import { GUEST } from './booking.js';

export const ROOM = 'frontoffice.room';
const LIMIT = 8;

export interface FoundReservation {
  id: number;
  code: string;
  guest: string;
  arrival: string;
  departure: string;
  status: string;
  room: string | null;
  room_type: string;
  company: string | null;
  voucher_no: string | null;
}

export interface HeaderSearch {
  reservations: FoundReservation[];
  guests: GuestMatch[];
  rooms: { id: number; code: string; room_type: string; hk_status: string }[];
  companies: { company: string; stays: number }[];
}

/**
 * The header's one search box: reservations by number, voucher, group or company and by their guest's name,
 * telephone, e-mail or document; guests; rooms by number; companies named on bookings. Each part only
 * for whoever may view it. Both text matches go through the trigram indexes on the entities' search text
 * (0012, 0017); the stays nearest the business date come first.
 */
export async function headerSearch(db: Db, models: Map<string, EntityModel>, auth: AuthInfo, q: string): Promise<HeaderSearch> {
  const text = q.trim();
  const empty: HeaderSearch = { reservations: [], guests: [], rooms: [], companies: [] };
  if (text.length < 2) return empty;
  const like = `%${likeEscape(text)}%`;
  const branch = auth.branchId;
  const { resText } = searchTexts(models);
  const mayReservations = hasRight(auth, RESERVATION, 'view');
  const [reservations, guests, rooms, companies] = await Promise.all([
    mayReservations
      ? staysStatement(models, branch, text)
          .execute(db)
          .then((r) => r.rows)
      : [],
    hasRight(auth, GUEST, 'view') ? findGuests(db, branch, text) : [],
    hasRight(auth, ROOM, 'view') || mayReservations
      ? sql<HeaderSearch['rooms'][number]>`
          SELECT r.id::int AS id, r.code, t.code AS room_type, r.hk_status
            FROM room r JOIN room_type t ON t.branch_id = r.branch_id AND t.id = r.room_type_id
           WHERE r.branch_id = ${branch} AND r.active AND r.code ILIKE ${`${likeEscape(text)}%`}
           ORDER BY r.code LIMIT ${LIMIT}`
          .execute(db)
          .then((r) => r.rows)
      : [],
    mayReservations
      ? sql<HeaderSearch['companies'][number]>`
          SELECT company, count(*)::int AS stays FROM reservation
           WHERE branch_id = ${branch} AND (${resText}) ILIKE ${like} AND company ILIKE ${like}
           GROUP BY company ORDER BY count(*) DESC, company LIMIT 5`
          .execute(db)
          .then((r) => r.rows)
      : [],
  ]);
  return { reservations, guests, rooms, companies };
}

const LIVE = sql`('tentative', 'confirmed', 'in_house')`;
/** live stays whose arrival is this many days from the business date are looked for first */
const NEAR_DAYS = 30;

/**
 * The best few stays for a search: live ones first, then the nearest the business date. A common surname has
 * thousands of stays; they are ranked on the rows the indexes found (neither read twice nor joined), and first
 * only the live stays arriving within NEAR_DAYS are looked at: when eight are there, no stay further away could
 * come before them, and the statement stops before reading the rest of the hotel's history (a LIMIT over
 * UNION ALL runs its second part only when the first falls short). The bench shows its plan.
 */
export function staysStatement(models: Map<string, EntityModel>, branch: number, text: string): RawBuilder<FoundReservation> {
  const like = `%${likeEscape(text)}%`;
  const { resText, guestText } = searchTexts(models);
  return sql<FoundReservation>`
    WITH s AS (SELECT business_date FROM hotel_setup WHERE branch_id = ${branch}),
    g AS MATERIALIZED (SELECT id FROM guest WHERE branch_id = ${branch} AND (${guestText}) ILIKE ${like}),
    own AS MATERIALIZED (SELECT v.id, v.status, v.arrival FROM reservation v WHERE v.branch_id = ${branch} AND (${resText}) ILIKE ${like}),
    near AS MATERIALIZED (
      SELECT h.id, h.status, abs(h.arrival - s.business_date) AS distance
        FROM (SELECT v.id, v.status, v.arrival FROM reservation v CROSS JOIN s
               WHERE v.branch_id = ${branch} AND v.status IN ${LIVE}
                 AND v.arrival BETWEEN s.business_date - ${NEAR_DAYS}::int AND s.business_date + ${NEAR_DAYS}::int
                 AND v.guest_id IN (SELECT id FROM g)
              UNION
              SELECT own.id, own.status, own.arrival FROM own CROSS JOIN s
               WHERE own.status IN ${LIVE} AND own.arrival BETWEEN s.business_date - ${NEAR_DAYS}::int AND s.business_date + ${NEAR_DAYS}::int) h
       CROSS JOIN s
       ORDER BY distance, h.id DESC
       LIMIT ${LIMIT}),
    far AS (
      SELECT h.id, h.status, abs(h.arrival - s.business_date) AS distance
        FROM (SELECT v.id, v.status, v.arrival FROM reservation v WHERE v.branch_id = ${branch} AND v.guest_id IN (SELECT id FROM g)
              UNION
              SELECT own.id, own.status, own.arrival FROM own) h
       CROSS JOIN s
       WHERE h.id NOT IN (SELECT id FROM near)
       ORDER BY (h.status IN ${LIVE}) DESC, distance, h.id DESC
       LIMIT ${LIMIT}),
    best AS (SELECT * FROM ((SELECT * FROM near) UNION ALL (SELECT * FROM far)) b LIMIT ${LIMIT})
    SELECT v.id::int AS id, v.code, g.name AS guest, v.arrival::text AS arrival, v.departure::text AS departure, v.status,
           r.code AS room, t.code AS room_type, v.company, v.voucher_no
      FROM best JOIN reservation v ON v.branch_id = ${branch} AND v.id = best.id
      JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
      JOIN room_type t ON t.branch_id = v.branch_id AND t.id = v.room_type_id
      LEFT JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
     ORDER BY (best.status IN ${LIVE}) DESC, best.distance, best.id DESC`;
}

/** The search texts of 0017's and 0012's trigram indexes: the booking's own fields (its guest is found through the guest's). */
function searchTexts(models: Map<string, EntityModel>) {
  const reservation = models.get('frontoffice/reservation')!;
  return {
    resText: searchText({ ...reservation, searchFields: reservation.searchFields.filter((f) => f !== GUEST_COPY) }),
    guestText: searchText(models.get('frontoffice/guest')!),
  };
}
