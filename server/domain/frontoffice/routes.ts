import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { needsAnyRight, needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { availability, byRoomType } from './availability.js';
import { businessDateOf, planBookings, planRooms, unassignedStays } from './roomPlan.js';
import { rateRow } from './pricing.js';
import { quoteInputs, quoteStay } from './stayQuote.js';
import { stayOffers } from './offers.js';
import { findGuests, likelyDuplicates } from './guestMatches.js';
import { GUEST } from './booking.js';
import { headerSearch, ROOM } from './search.js';
import { periodStatistics } from './statistics.js';
import { formatDate, formatMoney } from '../../../src/core/format/format.js';
import { RESERVATION, STAY_RANGE } from './reservations.js';
import { confirmationPdf } from './confirmation.js';
import { requestLang } from '../../i18n/translate.js';

const date = { type: 'string', format: 'date' } as const;
/** What the desk may ask of availability and prices in one go: a stay's worth of nights. */
const NIGHTS = [{ from: 'from', to: 'to', minDays: 1, maxDays: STAY_RANGE.maxDays }];

/** Read models the front desk needs beside the generic lists: rooms free per night, and what a stay costs. */
export async function frontOfficeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/frontoffice/availability',
    {
      preValidation: needsRight(ctx, RESERVATION, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: 'Rooms free per room type and night in [from, to): total, out of order, booked, held by allotments, available',
        description:
          '{ nights: [YYYY-MM-DD…], room_types: [{ room_type_id, room_type, total, out_of_order: […], booked: […], held: […], available: […] }] }: each list holds one figure per night, in the order of `nights`.',
        querystring: {
          type: 'object',
          required: ['from', 'to'],
          additionalProperties: false,
          'x-dateRanges': NIGHTS,
          properties: { from: date, to: date, roomType: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const q = req.query as { from: string; to: string; roomType?: number };
      return byRoomType(await availability(ctx.db, auth.branchId, q.from, q.to, q.roomType));
    },
  );

  app.get(
    '/api/frontoffice/price',
    {
      preValidation: needsRight(ctx, RESERVATION, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: 'The price of each night of a stay under a rate code (weekday/weekend, ++ or nett split to base, service and tax)',
        querystring: {
          type: 'object',
          required: ['rateCode', 'from', 'to'],
          additionalProperties: false,
          'x-dateRanges': NIGHTS,
          properties: {
            rateCode: { type: 'integer', minimum: 1 },
            from: date,
            to: date,
            override: { type: 'string', format: 'money' },
            adults: {
              type: 'integer',
              minimum: 1,
              maximum: 20,
              default: 2,
              description: "counts the per-person lines of the rate's arrangement (rates are quoted for two)",
            },
          },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const q = req.query as { rateCode: number; from: string; to: string; override?: string; adults: number };
      const rate = await rateRow(ctx.db, auth.branchId, q.rateCode);
      if (!rate) throw notFound('rate-code.title');
      if (q.from < rate.valid_from || dayjs(q.to).subtract(1, 'day').format('YYYY-MM-DD') > rate.valid_to) {
        throw badRequest('rate-code.notValid', { code: rate.code, from: formatDate(rate.valid_from), to: formatDate(rate.valid_to) });
      }
      const quote = quoteStay(rate, q.from, q.to, q.adults, await quoteInputs(ctx.db, auth.branchId, q.from, q.to, [rate]), q.override);
      if (quote.short)
        throw badRequest('rate-code.belowPackage', {
          code: rate.code,
          date: formatDate(quote.short.date),
          base: formatMoney(quote.short.base),
          arrangement: quote.arrangement,
        });
      return {
        rateCode: rate.code,
        priceMode: rate.price_mode,
        arrangement: quote.arrangement,
        nights: quote.nights,
        totals: quote.totals,
      };
    },
  );

  app.get(
    '/api/frontoffice/offers',
    {
      preValidation: needsRight(ctx, RESERVATION, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary:
          'Look to book: per room type the rooms free on every night of a stay and each rate code that sells it, priced as the guest pays (per night and in total)',
        querystring: {
          type: 'object',
          required: ['arrival', 'departure'],
          additionalProperties: false,
          'x-dateRanges': [STAY_RANGE],
          properties: {
            arrival: date,
            departure: date,
            adults: { type: 'integer', minimum: 1, maximum: 20, default: 2 },
            children: { type: 'integer', minimum: 0, maximum: 20, default: 0 },
            roomType: { type: 'integer', minimum: 1 },
          },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const q = req.query as { arrival: string; departure: string; adults: number; children: number; roomType?: number };
      return {
        nights: dayjs(q.departure).diff(dayjs(q.arrival), 'day'),
        roomTypes: await stayOffers(ctx.db, auth.branchId, { ...q, roomTypeId: q.roomType }),
      };
    },
  );

  const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
  app.get(
    '/api/frontoffice/guest-search',
    {
      preValidation: needsRight(ctx, GUEST, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: 'Guest profiles by any part of a name, telephone number (however written), e-mail or identity document, with their stays',
        querystring: { type: 'object', required: ['q'], additionalProperties: false, properties: { q: text(100) } },
      },
    },
    async (req) => ({ rows: await findGuests(ctx.db, requireAuth(req).branchId, (req.query as { q: string }).q) }),
  );

  app.get(
    '/api/frontoffice/guest-matches',
    {
      preValidation: needsRight(ctx, GUEST, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary:
          'Profiles that are probably the guest about to be made (every word of the name, the same telephone line, e-mail or document)',
        querystring: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: text(120), phone: text(40), email: text(120), id_number: text(40) },
        },
      },
    },
    async (req) => ({ rows: await likelyDuplicates(ctx.db, requireAuth(req).branchId, req.query as { name: string }) }),
  );

  app.get(
    '/api/frontoffice/search',
    {
      preValidation: needsAnyRight(ctx, [
        { resource: RESERVATION, action: 'view' },
        { resource: GUEST, action: 'view' },
        { resource: ROOM, action: 'view' },
      ]),
      schema: {
        tags: ['frontoffice'],
        summary:
          "The header's search: reservations (number, voucher, group, company, the guest's name, phone, e-mail, document), guests, rooms and companies — each part only for those who may view it",
        querystring: { type: 'object', required: ['q'], additionalProperties: false, properties: { q: text(100) } },
      },
    },
    async (req) => headerSearch(ctx.db, ctx.models, requireAuth(req), (req.query as { q: string }).q),
  );

  app.get(
    '/api/frontoffice/statistics',
    {
      preValidation: needsRight(ctx, 'frontoffice.report', 'view'),
      schema: {
        tags: ['frontoffice'],
        summary:
          'Occupancy (paid and with comp), ADR and RevPAR per night and for the period [from, to] (USALI): period figures from the period sums, comp and house-use rooms occupied but not sold, room revenue net of service, tax and packages, tentative stays apart',
        querystring: {
          type: 'object',
          required: ['from', 'to'],
          additionalProperties: false,
          'x-dateRanges': [{ from: 'from', to: 'to', maxDays: 366 }],
          properties: { from: date, to: date },
        },
      },
    },
    async (req) => {
      const q = req.query as { from: string; to: string };
      return periodStatistics(ctx.db, requireAuth(req).branchId, q.from, q.to);
    },
  );

  app.get(
    '/api/frontoffice/roomplan',
    {
      preValidation: needsRight(ctx, RESERVATION, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary:
          'The room plan of a window of nights, a block of rooms at a time (the rows in view): those rooms and their live bookings; with the first block also the rooms free per night and the bookings without a room',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            from: { ...date, description: 'the first night; default the business date' },
            days: { type: 'integer', minimum: 1, maximum: 62, default: 14 },
            offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            roomType: { type: 'integer', minimum: 1 },
            floor: { type: 'integer', minimum: 1 },
          },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const q = req.query as { from?: string; days: number; offset: number; limit: number; roomType?: number; floor?: number };
      const businessDate = await businessDateOf(ctx.db, auth.branchId);
      const from = q.from ?? businessDate;
      const to = dayjs(from).add(q.days, 'day').format('YYYY-MM-DD');
      const rooms = await planRooms(ctx.db, auth.branchId, q.offset, q.limit, { roomType: q.roomType, floor: q.floor });
      const first = q.offset === 0;
      const [bookings, free, unassigned] = await Promise.all([
        planBookings(
          ctx.db,
          auth.branchId,
          rooms.map((r) => r.id),
          from,
          to,
        ),
        first ? availability(ctx.db, auth.branchId, from, to) : undefined,
        first ? unassignedStays(ctx.db, auth.branchId, from, to) : undefined,
      ]);
      const perDay = new Map<string, number>();
      for (const r of free ?? []) perDay.set(r.date, (perDay.get(r.date) ?? 0) + r.available);
      return {
        from,
        to,
        days: q.days,
        businessDate,
        offset: q.offset,
        totalRooms: rooms[0]?.total ?? (first ? 0 : undefined),
        rooms: rooms.map(({ total: _total, ...r }) => r),
        bookings,
        ...(first && {
          available: [...perDay.entries()].map(([d, available]) => ({ date: d, available })),
          unassigned: {
            count: unassigned![0]?.count ?? 0,
            first: unassigned!.map(({ count: _count, ...b }) => b),
          },
        }),
      };
    },
  );

  app.get(
    '/api/frontoffice/reservation/:id/confirmation',
    {
      preValidation: needsRight(ctx, RESERVATION, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: "The guest's confirmation letter as a PDF (?lang=en|id, default the reader's language)",
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
        querystring: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const lang = (req.query as { lang?: 'en' | 'id' }).lang ?? requestLang(req.headers['accept-language']);
      const { doc, name } = await confirmationPdf(ctx.db, auth.branchId, (req.params as { id: number }).id, lang, ctx.meta.labels);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(doc);
    },
  );
}
