import dayjs from 'dayjs';
import type { BenchClient } from '../support/http.js';

/** What the mixed workload needs to know about the demo hotel, read once through the API. */
export interface HotelFacts {
  businessDate: string;
  reservationIds: number[];
  roomTypeIds: number[];
  guestIds: number[];
  guestNames: string[];
  payArticleId: number;
}

export async function readFacts(c: BenchClient): Promise<HotelFacts> {
  const summary = await c.get('/api/reports/property-summary');
  const businessDate = summary.body.rows[0].business_date as string;
  const live = encodeURIComponent(JSON.stringify({ status: { op: 'in', value: ['confirmed', 'tentative', 'in_house'] } }));
  const reservations = await c.get(`/api/data/frontoffice/reservation?limit=200&sort=arrival&dir=desc&filter=${live}`);
  const types = await c.get('/api/data/frontoffice/room-type?limit=50');
  const guests = await c.get('/api/data/frontoffice/guest?limit=200');
  const pay = await c.get(`/api/data/system/pay-article?limit=50`);
  const transfer = (pay.body.rows as { id: number; code: string }[]).find((a) => a.code === 'TRBCA') ?? pay.body.rows[0];
  return {
    businessDate,
    reservationIds: reservations.body.rows.map((r: { id: number }) => r.id),
    roomTypeIds: types.body.rows.map((r: { id: number }) => r.id),
    guestIds: guests.body.rows.map((r: { id: number }) => r.id),
    guestNames: guests.body.rows.map((r: { name: string }) => r.name),
    payArticleId: transfer.id,
  };
}

export type OpKind = 'read' | 'write';
export interface Operation {
  name: string;
  kind: OpKind;
  weight: number;
  /** statuses that are a correct answer besides 2xx (a full room type answers 409) */
  expected?: number[];
  run(c: BenchClient, user: number, n: number, facts: HotelFacts): Promise<{ status: number; ms: number; bytes: number }>;
}

const pick = <T>(xs: T[], i: number) => xs[Math.abs(i) % xs.length];

/** The front desk's day in eight requests, weighted roughly as a shift uses them. */
export const OPERATIONS: Operation[] = [
  {
    name: 'reservation list',
    kind: 'read',
    weight: 3,
    run: (c) => c.get('/api/data/frontoffice/reservation?limit=50&sort=arrival&dir=desc', false),
  },
  {
    name: 'room plan (14 nights)',
    kind: 'read',
    weight: 2,
    run: (c, _u, _n, f) => c.get(`/api/frontoffice/roomplan?from=${f.businessDate}&days=14`, false),
  },
  {
    name: 'availability (30 nights)',
    kind: 'read',
    weight: 2,
    run: (c, _u, n, f) =>
      c.get(
        `/api/frontoffice/availability?from=${dayjs(f.businessDate)
          .add(n % 60, 'day')
          .format('YYYY-MM-DD')}&to=${dayjs(f.businessDate)
          .add((n % 60) + 30, 'day')
          .format('YYYY-MM-DD')}`,
        false,
      ),
  },
  {
    name: 'guest lookup',
    kind: 'read',
    weight: 3,
    run: (c, u, n, f) =>
      c.get(
        `/api/data/frontoffice/guest/lookup?q=${encodeURIComponent(
          pick(f.guestNames, u * 7 + n)
            .split(' ')[0]
            .slice(0, 4),
        )}`,
        false,
      ),
  },
  {
    name: 'one reservation',
    kind: 'read',
    weight: 4,
    run: (c, u, n, f) => c.get(`/api/data/frontoffice/reservation/${pick(f.reservationIds, u * 13 + n)}`, false),
  },
  {
    name: 'small report',
    kind: 'read',
    weight: 1,
    run: (c) => c.get('/api/reports/property-summary', false),
  },
  {
    name: 'booking',
    kind: 'write',
    weight: 1,
    expected: [409],
    run: (c, u, n, f) => {
      const arrival = dayjs(f.businessDate).add(30 + ((u * 31 + n * 7) % 330), 'day');
      return c.post('/api/data/frontoffice/reservation', {
        guest_id: pick(f.guestIds, u + n),
        room_type_id: pick(f.roomTypeIds, u * 3 + n),
        adults: 2,
        status: 'confirmed',
        arrival: arrival.format('YYYY-MM-DD'),
        departure: arrival.add(1 + (n % 3), 'day').format('YYYY-MM-DD'),
      });
    },
  },
  {
    name: 'deposit',
    kind: 'write',
    weight: 1,
    run: (c, u, n, f) =>
      c.post('/api/ops/frontoffice.depositAdd', {
        id: pick(f.reservationIds, u * 5 + n),
        amount: String(500_000 + ((u * 37 + n) % 20) * 50_000),
        pay_article_id: f.payArticleId,
        receipt_no: `LD-${u}-${n}-${Date.now() % 1e7}`,
      }),
  },
];

/** Operation i of a user's loop: a fixed weighted rotation, so both databases get the same mix. */
export function operationFor(user: number, n: number): Operation {
  const total = OPERATIONS.reduce((s, o) => s + o.weight, 0);
  let k = (user * 7 + n * 11) % total;
  for (const o of OPERATIONS) {
    if (k < o.weight) return o;
    k -= o.weight;
  }
  return OPERATIONS[0];
}
