import type { AvailabilityByType, AvailabilityRow } from '../../server/domain/frontoffice/availability.js';

/**
 * `/api/frontoffice/availability`'s answer (the nights once, each room type's figures as lists in the nights'
 * order) read back as one row per night and room type, nights first: what the tests compare with counts and reports.
 */
export function availabilityRows(answer: { nights: string[]; room_types: AvailabilityByType[] }): AvailabilityRow[] {
  return answer.nights.flatMap((date, i) =>
    answer.room_types.map((t) => ({
      date,
      room_type_id: t.room_type_id,
      room_type: t.room_type,
      total: t.total,
      out_of_order: t.out_of_order[i],
      booked: t.booked[i],
      held: t.held[i],
      available: t.available[i],
    })),
  );
}
