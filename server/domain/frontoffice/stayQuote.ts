import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { activeRules, applyRule, houseOccupancy, pickRule, type DynamicRule } from './dynamicRates.js';
import { packageRevenue, type ArrangementLine } from './packages.js';
import { priceStay, stayTotals, type NightPrice, type PriceSplit, type RateRow, type StayOptions } from './pricing.js';

/** What pricing a stay needs besides the rate itself, read once however many rates are priced. */
export interface QuoteInputs {
  rules: DynamicRule[];
  occupancy: Map<string, Decimal>;
  arrangements: Map<number, { code: string; lines: ArrangementLine[] }>;
}

export interface StayQuote {
  nights: NightPrice[];
  totals: PriceSplit;
  arrangement: string | null;
  /** the first night whose base cannot cover the arrangement (the rate cannot be sold for this stay) */
  short?: NightPrice;
}

/**
 * The dynamic-rate rules and the house occupancy of the stay's nights (only when a dynamic rate is
 * priced), and the lines of the arrangements the rates include — one read each for any number of rates.
 */
export async function quoteInputs(db: Db, branchId: number, from: string, to: string, rates: RateRow[]): Promise<QuoteInputs> {
  const dynamic = rates.some((r) => r.dynamic);
  const arrangementIds = [...new Set(rates.map((r) => r.arrangement_id).filter((id): id is number => id != null))];
  const [rules, occupancy, arrangements] = await Promise.all([
    dynamic ? activeRules(db, branchId, from, to) : [],
    dynamic ? houseOccupancy(db, branchId, from, to) : new Map<string, Decimal>(),
    arrangementsById(db, branchId, arrangementIds),
  ]);
  return { rules, occupancy, arrangements };
}

async function arrangementsById(db: Db, branchId: number, ids: number[]) {
  const out = new Map<number, { code: string; lines: ArrangementLine[] }>();
  if (!ids.length) return out;
  const { rows } = await sql<{
    id: number;
    code: string;
    article: string | null;
    amount: string | null;
    basis: ArrangementLine['basis'] | null;
  }>`
    SELECT a.id::int AS id, a.code, f.code || ' - ' || f.name AS article, l.amount, l.basis
      FROM arrangement a
      LEFT JOIN arrangement_line l ON l.branch_id = a.branch_id AND l.arrangement_id = a.id
      LEFT JOIN fo_article f ON f.branch_id = l.branch_id AND f.id = l.fo_article_id
     WHERE a.branch_id = ${branchId} AND a.id = ANY(${ids}::bigint[])
     ORDER BY a.id, l.line_no`.execute(db);
  for (const r of rows) {
    const a = out.get(r.id) ?? { code: r.code, lines: [] };
    if (r.article) a.lines.push({ article: r.article, amount: r.amount!, basis: r.basis! });
    out.set(r.id, a);
  }
  return out;
}

/**
 * The price of a stay [from, to) under one rate, as the guest will pay it: a dynamic rate moved by the
 * rule of each night's occupancy (never an agreed override), each night split to base, service and tax,
 * and the arrangement's share taken from the base per adult or per room.
 */
export function quoteStay(
  rate: RateRow,
  from: string,
  to: string,
  adults: number,
  inputs: QuoteInputs,
  override?: string | null,
): StayQuote {
  const options: StayOptions = {};
  if (rate.dynamic) {
    options.adjust = (night, price) => {
      const rule = pickRule(inputs.rules, rate.room_type_id, night, inputs.occupancy.get(night) ?? 0);
      return rule && { price: applyRule(price, rule), rule: rule.code };
    };
  }
  const arrangement = rate.arrangement_id != null ? inputs.arrangements.get(rate.arrangement_id) : undefined;
  if (arrangement) options.packages = packageRevenue(arrangement.lines, adults);
  const nights = priceStay(rate, from, to, override, options);
  return {
    nights,
    totals: stayTotals(nights),
    arrangement: arrangement?.code ?? null,
    short: nights.find((n) => n.roomRevenue?.startsWith('-')),
  };
}
