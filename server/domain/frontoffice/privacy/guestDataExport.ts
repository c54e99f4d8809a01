import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { notFound } from '../../../http/errors.js';
import type { OpDefinition } from '../../../ops/registry.js';

/**
 * Everything the property holds about one guest, for their right of access under UU 27/2022 (PDP) art. 7 and
 * 32: the profile, every stay with its folios and their lines, what they signed and withdrew, the erasure
 * asked for, and the audit trail of their records. Amounts are exact decimal strings, days YYYY-MM-DD.
 */
export interface GuestDataExport {
  exported_at: string;
  property: { code: string; name: string; timezone: string };
  guest: Record<string, unknown>;
  /** profile fields this user may not read (the identity document number without its right) */
  withheld: string[];
  stays: Stay[];
  signatures: Record<string, unknown>[];
  consent_withdrawals: Record<string, unknown>[];
  erasures: Record<string, unknown>[];
  audit: AuditEntry[];
}

interface Folio {
  id: number;
  code: string;
  name: string;
  company: string | null;
  status: string;
  balance: string;
  lines: Record<string, unknown>[];
}

interface Stay {
  id: number;
  code: string;
  status: string;
  arrival: string;
  departure: string;
  booked_departure: string | null;
  room: string | null;
  room_type: string;
  rate_code: string | null;
  adults: number;
  children: number;
  company: string | null;
  special_requests: string | null;
  pickup_detail: string | null;
  checked_in_at: string | null;
  checked_out_at: string | null;
  folios: Folio[];
}

export interface AuditEntry {
  at: string;
  username: string | null;
  entity: string;
  entity_id: string | null;
  action: string;
  summary: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The commands whose audit rows are about a record of these entities: those whose input `id` names one (a
 * check-in names the stay, a posting the folio). Their rows carry the module as entity and the id as entity_id.
 */
function commandsAbout(ops: OpDefinition[], entity: string): { module: string; names: string[] } {
  const names = ops
    .filter((op) => (op.input as { properties?: { id?: { 'x-ref'?: string } } }).properties?.id?.['x-ref'] === entity)
    .map((op) => op.name);
  return { module: entity.split('/')[0], names };
}

export async function guestDataExport(
  db: Db,
  branchId: number,
  guestId: number,
  withheld: string[],
  ops: OpDefinition[],
): Promise<GuestDataExport> {
  const property = (
    await sql<{ code: string; name: string; timezone: string }>`SELECT code, name, timezone FROM branch WHERE id = ${branchId}`.execute(db)
  ).rows[0];
  const guest = (
    await sql<Record<string, unknown>>`
      SELECT g.id, g.name, ti.name AS title, g.birth_date::text AS birth_date, g.nationality, gi.name AS id_type, g.id_number,
             g.phone, g.email, g.address, g.city, g.company, vip.name AS vip, gc.name AS guest_card, g.card_number, g.preferences, g.notes,
             g.active, g.created_at, g.updated_at
        FROM guest g
        LEFT JOIN guest_title ti ON ti.branch_id = g.branch_id AND ti.id = g.title_id
        LEFT JOIN guest_identity gi ON gi.branch_id = g.branch_id AND gi.id = g.id_type_id
        LEFT JOIN type_vip vip ON vip.branch_id = g.branch_id AND vip.id = g.type_vip_id
        LEFT JOIN guest_card gc ON gc.branch_id = g.branch_id AND gc.id = g.guest_card_id
       WHERE g.branch_id = ${branchId} AND g.id = ${guestId}`.execute(db)
  ).rows[0];
  if (!guest) throw notFound('guest.title');
  for (const field of withheld) if (field in guest) guest[field] = null;

  const stays = (
    await sql<Omit<Stay, 'folios'>>`
      SELECT v.id, v.code, v.status, v.arrival::text AS arrival, v.departure::text AS departure, v.booked_departure::text AS booked_departure,
             r.code AS room, t.name AS room_type, rc.code AS rate_code, v.adults, v.children, v.company, v.special_requests, v.pickup_detail,
             v.checked_in_at, v.checked_out_at
        FROM reservation v
        JOIN room_type t ON t.branch_id = v.branch_id AND t.id = v.room_type_id
        LEFT JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
        LEFT JOIN rate_code rc ON rc.branch_id = v.branch_id AND rc.id = v.rate_code_id
       WHERE v.branch_id = ${branchId} AND v.guest_id = ${guestId}
       ORDER BY v.arrival, v.id`.execute(db)
  ).rows.map((s) => ({ ...s, id: Number(s.id), folios: [] as Folio[] }));
  const stayIds = stays.map((s) => s.id);

  const folios = (
    await sql<Omit<Folio, 'lines'> & { reservation_id: number }>`
      SELECT f.id, f.reservation_id, f.code, f.name, f.company, f.status,
             coalesce((SELECT sum(l.amount) FROM folio_line l WHERE l.branch_id = f.branch_id AND l.folio_id = f.id), 0)::text AS balance
        FROM folio f WHERE f.branch_id = ${branchId} AND f.reservation_id = ANY(${stayIds}::bigint[]) ORDER BY f.reservation_id, f.window_no`.execute(
      db,
    )
  ).rows.map((f) => ({ ...f, id: Number(f.id), lines: [] as Record<string, unknown>[] }));
  const folioIds = folios.map((f) => f.id);
  const lines = (
    await sql<Record<string, unknown> & { folio_id: number }>`
      SELECT l.folio_id, l.id, l.business_date::text AS business_date, l.kind, l.description, coalesce(fa.code, pa.code) AS article,
             l.night::text AS night, l.quantity::text AS quantity, l.unit_price::text AS unit_price, l.base::text AS base,
             l.service::text AS service, l.tax::text AS tax, l.amount::text AS amount, l.card_brand, l.card_last4, l.reference, l.reason,
             l.reverses_id, l.transfer_side, l.created_at
        FROM folio_line l
        LEFT JOIN fo_article fa ON fa.branch_id = l.branch_id AND fa.id = l.fo_article_id
        LEFT JOIN pay_article pa ON pa.branch_id = l.branch_id AND pa.id = l.pay_article_id
       WHERE l.branch_id = ${branchId} AND l.folio_id = ANY(${folioIds}::bigint[]) ORDER BY l.folio_id, l.id`.execute(db)
  ).rows;
  const folioById = new Map(folios.map((f) => [f.id, f]));
  for (const { folio_id, ...line } of lines) folioById.get(Number(folio_id))!.lines.push(line);
  const stayById = new Map(stays.map((s) => [s.id, s]));
  for (const { reservation_id, ...folio } of folios) stayById.get(Number(reservation_id))!.folios.push(folio);

  const signatures = (
    await sql<Record<string, unknown>>`
      SELECT s.id, v.code AS reservation, s.language, s.registration, s.terms_code, s.terms_version, s.terms_text, s.consent_text, s.purposes,
             encode(s.signature_png, 'base64') AS signature_png_base64, s.device, s.signed_at, s.sha256, s.erased_at
        FROM guest_signature s JOIN reservation v ON v.branch_id = s.branch_id AND v.id = s.reservation_id
       WHERE s.branch_id = ${branchId} AND s.guest_id = ${guestId} ORDER BY s.signed_at, s.id`.execute(db)
  ).rows;
  const withdrawals = (
    await sql<Record<string, unknown>>`
      SELECT w.signature_id, w.purpose_code, w.channel, w.note, w.withdrawn_at
        FROM consent_withdrawal w WHERE w.branch_id = ${branchId} AND w.guest_id = ${guestId} ORDER BY w.withdrawn_at, w.id`.execute(db)
  ).rows;
  const erasures = (
    await sql<Record<string, unknown>>`
      SELECT e.requested_by, e.requested_on::text AS requested_on, e.reason, e.erased_at, u.full_name AS erased_by
        FROM guest_erasure e LEFT JOIN app_user u ON u.id = e.erased_by
       WHERE e.branch_id = ${branchId} AND e.guest_id = ${guestId}`.execute(db)
  ).rows;

  const about = [
    { entity: 'frontoffice/guest', ids: [guestId] },
    { entity: 'frontoffice/reservation', ids: stayIds },
    { entity: 'frontoffice/folio', ids: folioIds },
  ].filter((a) => a.ids.length);
  const clauses = about.map(({ entity, ids }) => {
    const text = ids.map(String);
    const commands = commandsAbout(ops, entity);
    // each side on its own (entity, entity_id), so both are read from the audit log's index
    return sql`(a.entity = ${entity} AND a.entity_id = ANY(${text}::text[]))
            OR (a.entity = ${commands.module} AND a.entity_id = ANY(${text}::text[]) AND a.action = ANY(${commands.names}::text[]))`;
  });
  const audit = (
    await sql<AuditEntry>`
      SELECT a.at, a.username, a.entity, a.entity_id, a.action, a.summary, a.before, a.after
        FROM audit_log a WHERE a.branch_id = ${branchId} AND (${sql.join(clauses, sql` OR `)}) ORDER BY a.at, a.id`.execute(db)
  ).rows;

  return {
    exported_at: new Date().toISOString(),
    property,
    guest: { ...guest, id: Number(guest.id) },
    withheld,
    stays,
    signatures,
    consent_withdrawals: withdrawals,
    erasures,
    audit,
  };
}
