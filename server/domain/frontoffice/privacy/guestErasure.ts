import { sql } from 'kysely';
import { conflict, notFound } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { formatDate } from '../../../../src/core/format/format.js';
import { GUEST } from '../booking.js';
import { id } from '../folio/inputs.js';

/** Stays that still need the guest's identity: in house now, or booked to come. */
const LIVE = ['waitlisted', 'tentative', 'confirmed', 'in_house'];

interface ErasureInput {
  id: number;
  requested_by: string;
  requested_on: string;
  reason: string;
}

/**
 * A guest's erasure on request (UU 27/2022 art. 8 and 43). The fiscal records stay as issued — folios and their
 * lines are the hotel's tax records (UU KUP art. 28: ten years) and are append-only — so the profile they point at
 * is anonymised instead: the name becomes "Erased guest #id" and every identifying field is emptied. Nationality
 * and company stay: the foreign-guest statistics and a company's invoices need them, and neither names a person.
 * A signed registration keeps its hash and each purpose's answer (what was consented to stays provable) but loses
 * the registration data and the signature image, the one change its trigger allows. The stays' free texts (special
 * requests, pick-up) are emptied. The request is kept in guest_erasure; the command's audit row holds the request,
 * never the erased data. Refused while the guest is in house or booked to come.
 */
export const eraseGuest = defineOp<ErasureInput>({
  name: 'frontoffice.guestErase',
  summary: "Erase a guest's personal data on their request: the profile anonymised, fiscal records kept, signatures' personal data removed",
  resource: GUEST,
  action: 'erase',
  labelsFrom: 'frontoffice/guest',
  input: {
    type: 'object',
    required: ['id', 'requested_by', 'requested_on', 'reason'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/guest', description: 'the guest' },
      requested_by: { type: 'string', minLength: 3, maxLength: 120, description: 'who asked (the guest, their representative) and how' },
      requested_on: { type: 'string', format: 'date', description: 'the day the request was received' },
      reason: { type: 'string', minLength: 3, maxLength: 500 },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const guest = (
      await sql<{ name: string }>`SELECT name FROM guest WHERE branch_id = ${branch} AND id = ${input.id} FOR UPDATE`.execute(c.trx)
    ).rows[0];
    if (!guest) throw notFound('guest.title');
    const earlier = (
      await sql<{ erased_at: string }>`SELECT erased_at FROM guest_erasure WHERE branch_id = ${branch} AND guest_id = ${input.id}`.execute(
        c.trx,
      )
    ).rows[0];
    if (earlier) throw conflict('privacy.alreadyErased', { id: input.id });
    const live = (
      await sql<{ code: string; status: string; arrival: string; departure: string }>`
        SELECT code, status, arrival::text AS arrival, departure::text AS departure FROM reservation
         WHERE branch_id = ${branch} AND guest_id = ${input.id} AND status = ANY(${LIVE}::text[]) ORDER BY arrival LIMIT 1`.execute(c.trx)
    ).rows[0];
    if (live)
      throw conflict(live.status === 'in_house' ? 'privacy.inHouse' : 'privacy.booked', {
        name: guest.name,
        code: live.code,
        arrival: formatDate(live.arrival),
        departure: formatDate(live.departure),
      });

    const by = c.auth.user.id;
    await sql`
      UPDATE guest SET name = ${`Erased guest #${input.id}`}, title_id = NULL, birth_date = NULL, id_type_id = NULL, id_number = NULL,
             phone = NULL, email = NULL, address = NULL, city = NULL, type_vip_id = NULL, guest_card_id = NULL, card_number = NULL,
             preferences = NULL, notes = NULL, active = false, version = version + 1, updated_at = now(), updated_by = ${by}
       WHERE branch_id = ${branch} AND id = ${input.id}`.execute(c.trx);
    const stays = await sql`
      UPDATE reservation SET special_requests = NULL, pickup_detail = NULL, eta = NULL, version = version + 1, updated_at = now(), updated_by = ${by}
       WHERE branch_id = ${branch} AND guest_id = ${input.id}`.execute(c.trx);
    const signatures = await sql`
      UPDATE guest_signature SET erased_at = now(), registration = NULL, signature_png = NULL
       WHERE branch_id = ${branch} AND guest_id = ${input.id} AND erased_at IS NULL`.execute(c.trx);
    await sql`
      INSERT INTO guest_erasure (branch_id, guest_id, requested_by, requested_on, reason, erased_by)
      VALUES (${branch}, ${input.id}, ${input.requested_by.trim()}, ${input.requested_on}::date, ${input.reason.trim()}, ${by})`.execute(
      c.trx,
    );
    return {
      id: input.id,
      name: `Erased guest #${input.id}`,
      stays: Number(stays.numAffectedRows ?? 0),
      signatures: Number(signatures.numAffectedRows ?? 0),
    };
  },
});
