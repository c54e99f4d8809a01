import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import type { AppContext } from '../../context.js';
import { invalid, notFound } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { availability } from './availability.js';
import { priceStay, rateRow, stayTotals } from './pricing.js';
import { RESERVATION } from './reservations.js';

const date = { type: 'string', format: 'date' } as const;
const MAX_NIGHTS = 400;

function range(from: string, to: string) {
  const nights = dayjs(to).diff(dayjs(from), 'day');
  if (nights < 1) throw invalid([{ field: 'to', key: 'reservation.departureAfterArrival', params: {} }]);
  if (nights > MAX_NIGHTS) throw invalid([{ field: 'to', key: 'error.max', params: { max: MAX_NIGHTS } }]);
}

/** Read models the front desk needs beside the generic lists: rooms free per night, and what a stay costs. */
export async function frontOfficeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/frontoffice/availability', {
    preValidation: needsRight(ctx, RESERVATION, 'view'),
    schema: {
      tags: ['frontoffice'],
      summary: 'Rooms free per room type and night in [from, to): total, out of order, booked, held by allotments, available',
      querystring: { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: date, to: date, roomType: { type: 'integer', minimum: 1 } } },
    },
  }, async (req) => {
    const auth = requireAuth(req);
    const q = req.query as { from: string; to: string; roomType?: number };
    range(q.from, q.to);
    return { rows: await availability(ctx.db, auth.branchId, q.from, q.to, q.roomType) };
  });

  app.get('/api/frontoffice/price', {
    preValidation: needsRight(ctx, RESERVATION, 'view'),
    schema: {
      tags: ['frontoffice'],
      summary: 'The price of each night of a stay under a rate code (weekday/weekend, ++ or nett split to base, service and tax)',
      querystring: {
        type: 'object',
        required: ['rateCode', 'from', 'to'],
        additionalProperties: false,
        properties: { rateCode: { type: 'integer', minimum: 1 }, from: date, to: date, override: { type: 'string', format: 'money' } },
      },
    },
  }, async (req) => {
    const auth = requireAuth(req);
    const q = req.query as { rateCode: number; from: string; to: string; override?: string };
    range(q.from, q.to);
    const rate = await rateRow(ctx.db, auth.branchId, q.rateCode);
    if (!rate) throw notFound('rate code');
    const nights = priceStay(rate, q.from, q.to, q.override);
    return { rateCode: rate.code, priceMode: rate.price_mode, nights, totals: stayTotals(nights) };
  });
}
