import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { sql } from 'kysely';
import { availability } from './availability.js';
import { priceStay, rateRow, stayTotals, type StayOptions } from './pricing.js';
import { activeRules, applyRule, houseOccupancy, pickRule } from './dynamicRates.js';
import { arrangementLines, packageRevenue } from './packages.js';
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
      return { rows: await availability(ctx.db, auth.branchId, q.from, q.to, q.roomType) };
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
      const options: StayOptions = {};
      if (rate.dynamic) {
        const [rules, occupancy] = await Promise.all([
          activeRules(ctx.db, auth.branchId, q.from, q.to),
          houseOccupancy(ctx.db, auth.branchId, q.from, q.to),
        ]);
        options.adjust = (night, price) => {
          const rule = pickRule(rules, rate.room_type_id, night, occupancy.get(night) ?? 0);
          return rule && { price: applyRule(price, rule), rule: rule.code };
        };
      }
      const arrangement = rate.arrangement_id ? await arrangementLines(ctx.db, auth.branchId, rate.arrangement_id) : undefined;
      if (arrangement) options.packages = packageRevenue(arrangement.lines, q.adults);
      const nights = priceStay(rate, q.from, q.to, q.override, options);
      const short = nights.find((n) => n.roomRevenue?.startsWith('-'));
      if (short)
        throw badRequest('rate-code.belowPackage', {
          code: rate.code,
          date: formatDate(short.date),
          base: formatMoney(short.base),
          arrangement: arrangement!.code,
        });
      return {
        rateCode: rate.code,
        priceMode: rate.price_mode,
        arrangement: arrangement?.code ?? null,
        nights,
        totals: stayTotals(nights),
      };
    },
  );

  app.get(
    '/api/frontoffice/roomplan',
    {
      preValidation: needsRight(ctx, RESERVATION, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: 'The room plan of a window of nights: rooms, the live bookings on them, bookings without a room, and free rooms per night',
        querystring: {
          type: 'object',
          required: ['from'],
          additionalProperties: false,
          properties: { from: date, days: { type: 'integer', minimum: 1, maximum: 62, default: 14 } },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const q = req.query as { from: string; days: number };
      const to = dayjs(q.from).add(q.days, 'day').format('YYYY-MM-DD');
      const [rooms, bookings, free] = await Promise.all([
        sql`SELECT r.id::int AS id, r.code, r.room_type_id::int AS room_type_id, t.code AS room_type, f.code AS floor, r.hk_status,
                 r.ooo_from::text AS ooo_from, r.ooo_to::text AS ooo_to
            FROM room r JOIN room_type t ON t.branch_id = r.branch_id AND t.id = r.room_type_id
            JOIN floor f ON f.branch_id = r.branch_id AND f.id = r.floor_id
           WHERE r.branch_id = ${auth.branchId} AND r.active ORDER BY t.sort_order, r.code`.execute(ctx.db),
        sql`SELECT v.id::int AS id, v.code, v.version, g.name AS guest, v.arrival::text AS arrival, v.departure::text AS departure,
                 v.room_id::int AS room_id, v.room_type_id::int AS room_type_id, v.status, v.adults, v.children, v.group_name
            FROM reservation v JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
           WHERE v.branch_id = ${auth.branchId} AND v.status IN ('tentative', 'confirmed', 'in_house')
             AND v.arrival < ${to}::date AND ${q.from}::date < v.departure
           ORDER BY v.arrival, v.code`.execute(ctx.db),
        availability(ctx.db, auth.branchId, q.from, to),
      ]);
      const perDay = new Map<string, number>();
      for (const r of free) perDay.set(r.date, (perDay.get(r.date) ?? 0) + r.available);
      return {
        from: q.from,
        to,
        days: q.days,
        rooms: rooms.rows,
        bookings: bookings.rows,
        available: [...perDay.entries()].map(([date, available]) => ({ date, available })),
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
