/** A night of one room type, as the desk's availability answer gives it in its lists. */
export interface NightRow {
  date: string;
  room_type_id: number;
  room_type: string;
  total: number;
  out_of_order: number;
  booked: number;
  held: number;
  available: number;
}

/**
 * `/api/frontoffice/availability`'s answer (the nights once, each room type's figures as lists in the nights'
 * order) read back as one row per night and room type, nights first: what the tests compare with counts and reports.
 */
export function availabilityRows(answer: {
  nights: string[];
  room_types: {
    room_type_id: number;
    room_type: string;
    total: number;
    out_of_order: number[];
    booked: number[];
    held: number[];
    available: number[];
  }[];
}): NightRow[] {
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
