import Decimal from 'decimal.js';

export type TaskKind = 'departure' | 'stay_over' | 'vacant';

export interface RoomToService {
  roomId: number;
  code: string;
  /** the floor's order: rooms are walked floor by floor */
  floor: string;
  kind: TaskKind;
  credits: string;
}

/**
 * Shares the day's rooms among the attendants by credits, each attendant a run of neighbouring rooms (floor by
 * floor, room by room) so nobody crosses the building: a room goes to the attendant whose share its credits'
 * midpoint falls in. The shares differ by at most one room's credits.
 */
export function assignByCredits(rooms: RoomToService[], attendants: number[]): Map<number, RoomToService[]> {
  const out = new Map<number, RoomToService[]>(attendants.map((a) => [a, []]));
  if (!attendants.length) return out;
  const walk = [...rooms].sort(
    (a, b) => a.floor.localeCompare(b.floor, 'en', { numeric: true }) || a.code.localeCompare(b.code, 'en', { numeric: true }),
  );
  const total = walk.reduce((s, r) => s.plus(r.credits), new Decimal(0));
  const share = total.div(attendants.length);
  let before = new Decimal(0);
  for (const room of walk) {
    const middle = before.plus(new Decimal(room.credits).div(2));
    const index = share.isZero() ? 0 : Math.min(attendants.length - 1, middle.div(share).floor().toNumber());
    out.get(attendants[index])!.push(room);
    before = before.plus(room.credits);
  }
  return out;
}
