import type { HookContext } from '../../data/hooks.js';
import { defineOp } from '../../ops/registry.js';
import { conflict, forbidden, invalid } from '../../http/errors.js';
import { hasRight } from '../../http/rbac.js';
import { createRecord } from '../../data/createRecord.js';
import { likelyDuplicates } from './guestMatches.js';
import { RESERVATION, STAY_RANGE } from './reservations.js';

export const GUEST = 'frontoffice.guest';

interface NewGuest {
  name: string;
  phone?: string;
  email?: string;
  id_number?: string;
  nationality?: string;
}

/**
 * A new profile is made only once the desk has seen the profiles that are probably the same guest: until it
 * says so (`confirmed`), a 409 carries the matches in its details for the screen to offer.
 */
export async function refuseLikelyDuplicates(c: HookContext, g: NewGuest, confirmed: boolean | undefined) {
  if (confirmed) return;
  const matches = await likelyDuplicates(c.trx, c.auth.branchId, g);
  if (matches.length) throw conflict('booking.likelyDuplicates', { count: matches.length, name: g.name }, [], { matches });
}

interface BookInput {
  guest_id?: number;
  guest?: NewGuest;
  /** the desk has seen the likely duplicates and still wants a new profile */
  new_guest_confirmed?: boolean;
  arrival: string;
  departure: string;
  adults: number;
  children?: number;
  room_type_id: number;
  rate_code_id: number;
  room_id?: number;
  status?: 'confirmed' | 'tentative';
  special_requests?: string;
}

/**
 * Look to book's last step: the guest picked or made, and the stay, in one transaction. The new profile
 * and the reservation pass exactly the rules they pass when made alone (createRecord), so a refused stay
 * (the room taken meanwhile, the rate not for that type) rolls the new profile back with it. A new profile
 * is made only once the desk has seen the profiles that are probably the same guest.
 */
export const bookStay = defineOp<BookInput>({
  name: 'frontoffice.book',
  summary: 'Book a stay for a guest found or made here: the new profile and the reservation together, or neither',
  resource: RESERVATION,
  action: 'create',
  labelsFrom: 'frontoffice/reservation',
  input: {
    type: 'object',
    required: ['arrival', 'departure', 'adults', 'room_type_id', 'rate_code_id'],
    additionalProperties: false,
    'x-dateRanges': [STAY_RANGE],
    properties: {
      guest_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/guest' },
      guest: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 120 },
          phone: { type: 'string', maxLength: 40 },
          email: { type: 'string', format: 'email', maxLength: 120 },
          id_number: { type: 'string', maxLength: 40 },
          nationality: { type: 'string', pattern: '^[A-Z]{2}$', maxLength: 2 },
        },
      },
      new_guest_confirmed: { type: 'boolean' },
      arrival: { type: 'string', format: 'date' },
      departure: { type: 'string', format: 'date' },
      adults: { type: 'integer', minimum: 1, maximum: 20 },
      children: { type: 'integer', minimum: 0, maximum: 20 },
      room_type_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/room-type' },
      rate_code_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/rate-code' },
      room_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/room' },
      status: { enum: ['confirmed', 'tentative'] },
      special_requests: { type: 'string', maxLength: 500 },
    },
  },
  async handler(c, input) {
    if ((input.guest_id == null) === (input.guest == null)) throw invalid([{ field: 'guest_id', key: 'booking.guestOrNew', params: {} }]);
    let guestId = input.guest_id;
    let guestName: string | undefined;
    if (input.guest) {
      if (!hasRight(c.auth, GUEST, 'create')) throw forbidden('booking.guestRight');
      const g = Object.fromEntries(Object.entries(input.guest).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as NewGuest;
      if (!g.name) throw invalid([{ field: 'guest.name', key: 'error.required', params: {} }]);
      await refuseLikelyDuplicates(c, g, input.new_guest_confirmed);
      const made = await createRecord(c, c.ctx.models.get('frontoffice/guest')!, { ...g });
      guestId = made.id as number;
      guestName = String(made.name);
    }
    const reservation = await createRecord(c, c.ctx.models.get('frontoffice/reservation')!, {
      guest_id: guestId,
      arrival: input.arrival,
      departure: input.departure,
      adults: input.adults,
      children: input.children ?? 0,
      room_type_id: input.room_type_id,
      rate_code_id: input.rate_code_id,
      status: input.status ?? 'confirmed',
      ...(input.room_id ? { room_id: input.room_id } : {}),
      ...(input.special_requests ? { special_requests: input.special_requests } : {}),
    });
    return {
      id: reservation.id,
      code: reservation.code,
      guest_id: guestId,
      guest_created: Boolean(input.guest),
      ...(guestName ? { guest: guestName } : {}),
    };
  },
});
