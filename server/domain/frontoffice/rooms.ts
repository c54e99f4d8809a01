import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { badRequest } from '../../http/errors.js';

/**
 * Rooms as other screens pick them, and whose status only the room status board changes. `freeForStay` (a reservation's room lookup, x-refScope) offers the
 * active rooms that are not out of order during the stay and that no other live booking holds on any of
 * its nights — the same rule the reservation's own check applies when it is saved.
 */
export const roomHook: EntityHook = {
  // a room's status starts with the room; afterwards it changes on the room status board, by its rules and logged
  async beforeWrite(_c, mode, values, _virtual, before) {
    if (mode !== 'update') return;
    for (const k of ['hk_status', 'ooo_from', 'ooo_to', 'ooo_reason'])
      if (k in values && (values[k] ?? null) !== (before?.[k] ?? null)) throw badRequest('room.statusOnBoard', { room: before?.code });
  },
  lookupScopes: {
    freeForStay: {
      params: {
        type: 'object',
        required: ['arrival', 'departure'],
        additionalProperties: false,
        properties: {
          arrival: { type: 'string', format: 'date' },
          departure: { type: 'string', format: 'date' },
          reservation: { type: ['integer', 'null'], minimum: 1 },
        },
      },
      where(_auth, p) {
        const { arrival, departure } = p as { arrival: string; departure: string };
        return sql`(room.active
          AND NOT (room.ooo_from IS NOT NULL AND room.ooo_from < ${departure}::date AND (room.ooo_to IS NULL OR room.ooo_to > ${arrival}::date))
          AND NOT EXISTS (
            SELECT 1 FROM reservation v
             WHERE v.branch_id = room.branch_id AND v.room_id = room.id AND v.status IN ('tentative', 'confirmed', 'in_house')
               AND v.arrival < ${departure}::date AND ${arrival}::date < v.departure AND v.id <> ${Number(p.reservation ?? 0)}))`;
      },
    },
  },
};
