import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import { likeEscape } from '../../data/crud.js';

/** A guest profile as the desk picks it: enough to tell two Budi Santosos apart, the document masked. */
export interface GuestMatch {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  /** the identity document's last four characters */
  id_hint: string | null;
  city: string | null;
  company: string | null;
  birth_date: string | null;
  vip: string | null;
  stays: number;
  last_arrival: string | null;
  /** what this profile has in common with the one being made: name, phone, email, document */
  same: ('name' | 'phone' | 'email' | 'document')[];
}

export interface GuestDetails {
  name: string;
  phone?: string | null;
  email?: string | null;
  id_number?: string | null;
}

const LIMIT = 8;
/** the last nine digits of a telephone number: +62 812 2233 4455 and 0812-2233-4455 are the same line */
const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-9);
const words = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter((w) => w.length >= 2)
    .slice(0, 5);

/** The guest search text of 0012_search_trigram.sql (the trigram index answers ILIKE on exactly this). */
const searchText = sql`(coalesce(g.name::text, '') || ' ' || coalesce(g.id_number::text, '') || ' ' || coalesce(g.phone::text, '') || ' ' || coalesce(g.email::text, '') || ' ' || coalesce(g.company::text, ''))`;
const phoneDigits = sql`right(regexp_replace(g.phone, '[^0-9]', '', 'g'), 9)`;

async function matches(
  db: Db,
  branchId: number,
  /** each a way of being the guest looked for (a condition on guest g); a guest meeting several is found once */
  ways: RawBuilder<unknown>[],
  same: Record<GuestMatch['same'][number], RawBuilder<unknown>>,
  rank: RawBuilder<unknown>,
) {
  if (!ways.length) return [];
  // The few best matches are chosen first, ranked on the rows the index found without reading them again;
  // only those are joined and their stays counted (a surname can match thousands).
  const found = ways.map(
    (way) => sql`SELECT g.id, g.name, ${rank} AS rank FROM guest g WHERE g.branch_id = ${branchId} AND g.active AND ${way}`,
  );
  const { rows } = await sql<GuestMatch>`
    WITH found AS (${sql.join(found, sql` UNION `)}),
         top AS (
           SELECT g.*, f.rank FROM (SELECT id, rank FROM found ORDER BY rank, name, id LIMIT ${LIMIT}) f
             JOIN guest g ON g.branch_id = ${branchId} AND g.id = f.id)
    SELECT g.id::int AS id, g.name, g.phone, g.email,
           CASE WHEN g.id_number IS NULL THEN NULL ELSE right(g.id_number, 4) END AS id_hint,
           g.city, g.company, g.birth_date::text AS birth_date, vip.code AS vip,
           coalesce(s.stays, 0)::int AS stays, s.last_arrival::text AS last_arrival,
           array_remove(ARRAY[${sql.join(
             Object.entries(same).map(([k, cond]) => sql`CASE WHEN ${cond} THEN ${k} END`),
             sql`, `,
           )}]::text[], NULL) AS same
      FROM top g
      LEFT JOIN type_vip vip ON vip.branch_id = g.branch_id AND vip.id = g.type_vip_id
      LEFT JOIN LATERAL (
        SELECT count(*) AS stays, max(v.arrival) AS last_arrival FROM reservation v
         WHERE v.branch_id = g.branch_id AND v.guest_id = g.id AND v.status NOT IN ('cancelled', 'no_show')) s ON true
     ORDER BY g.rank, s.last_arrival DESC NULLS LAST, g.name, g.id`.execute(db);
  return rows;
}

/**
 * Profiles that are probably the guest about to be created: every word of the name in an existing name
 * (typed in any order: "Lestari Ayu" finds Ayu Lestari), or the same telephone line, e-mail address or
 * identity document. Offered before a new profile is made, so a guest keeps one history.
 */
export async function likelyDuplicates(db: Db, branchId: number, g: GuestDetails): Promise<GuestMatch[]> {
  const ways: RawBuilder<unknown>[] = [];
  const nameWords = words(g.name);
  const nameCond = nameWords.length
    ? sql.join(
        nameWords.map((w) => sql`g.name ILIKE ${`%${likeEscape(w)}%`}`),
        sql` AND `,
      )
    : sql`false`;
  if (nameWords.length)
    ways.push(
      sql`${sql.join(
        nameWords.map((w) => sql`${searchText} ILIKE ${`%${likeEscape(w)}%`}`),
        sql` AND `,
      )} AND ${nameCond}`,
    );
  const phone = g.phone ? phoneKey(g.phone) : '';
  if (phone.length >= 6) ways.push(sql`g.phone IS NOT NULL AND ${phoneDigits} = ${phone}`);
  const email = g.email?.trim().toLowerCase();
  if (email) ways.push(sql`g.email IS NOT NULL AND lower(g.email) = ${email}`);
  const doc = g.id_number?.trim().toUpperCase();
  if (doc) ways.push(sql`g.id_number IS NOT NULL AND upper(g.id_number) = ${doc}`);
  const same = {
    name: nameCond,
    phone: phone.length >= 6 ? sql`${phoneDigits} = ${phone}` : sql`false`,
    email: email ? sql`lower(g.email) = ${email}` : sql`false`,
    document: doc ? sql`upper(g.id_number) = ${doc}` : sql`false`,
  };
  // a document or a telephone line is stronger evidence than a shared name
  const rank = sql`(CASE WHEN ${same.document} THEN 0 WHEN ${same.phone} OR ${same.email} THEN 1 WHEN lower(g.name) = lower(${g.name.trim()}) THEN 2 ELSE 3 END)`;
  return matches(db, branchId, ways, same, rank);
}

/**
 * The desk's guest search (booking a stay, the header search): a name, telephone number, e-mail or
 * identity document, or part of one. Exact names first, then names starting so, then the most recent guests.
 */
export async function findGuests(db: Db, branchId: number, q: string): Promise<GuestMatch[]> {
  const text = q.trim();
  if (text.length < 2) return [];
  const ways = [sql`${searchText} ILIKE ${`%${likeEscape(text)}%`}`];
  const phone = phoneKey(text);
  // a number typed another way (0812… for +62 812 …) is still the same line
  if (phone.length >= 9 && /^[+0-9 ()-]+$/.test(text)) ways.push(sql`g.phone IS NOT NULL AND ${phoneDigits} = ${phone}`);
  const same = {
    name: sql`g.name ILIKE ${`%${likeEscape(text)}%`}`,
    phone: phone.length >= 9 ? sql`${phoneDigits} = ${phone}` : sql`false`,
    email: sql`lower(g.email) = ${text.toLowerCase()}`,
    document: sql`upper(g.id_number) = ${text.toUpperCase()}`,
  };
  const rank = sql`(CASE WHEN lower(g.name) = lower(${text}) THEN 0 WHEN g.name ILIKE ${`${likeEscape(text)}%`} THEN 1 ELSE 2 END)`;
  return matches(db, branchId, ways, same, rank);
}
