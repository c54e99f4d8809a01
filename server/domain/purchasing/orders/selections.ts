import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../../data/hooks.js';
import { invalid } from '../../../http/errors.js';
import type { FieldProblem } from '../../../../src/core/checks/errorMessages.js';
import { formatMoney } from '../../../../src/core/format/format.js';
import { markFilled, nameFilledLines } from './filledLines.js';
import { numberNew } from './numbering.js';
import { lineFactors, type BuyingLine } from './prices.js';
import { makeOrders } from './purchaseOrders.js';
import { stockFactors } from '../../inventory/units.js';

/** Quotations each item needs before a choice, unless the selection states why there is a single source. */
export const QUOTES_NEEDED = 3;

/**
 * A vendor selection: the items to buy (an approved request's open lines when a new one names it and gives
 * no line) and the suppliers' quotes for them. Approving it judges the comparison (see judgeQuotes); ordering
 * it makes one purchase order per chosen supplier at the chosen quotes.
 */
export const selectionHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    if (mode === 'create') await numberNew(c, 'purchase_selection', 'PVS', values);
    let lines = virtual.lines as BuyingLine[] | undefined;
    // a new selection naming a request takes its open lines (an edit sends the lines it means to keep)
    if (mode === 'create' && values.request_id && !lines?.length) {
      lines = virtual.lines = await requestOpenLines(c, Number(values.request_id));
      markFilled(virtual);
    }
    if (lines?.length) await lineFactors(c.trx, c.auth.branchId, lines);
    const quotes = virtual.quotes as BuyingLine[] | undefined;
    if (!quotes?.length) return;
    const items = ((lines ?? before?.lines ?? []) as BuyingLine[]).map((l) => Number(l.item_id));
    quotes.forEach((q, i) => {
      if (!items.includes(Number(q.item_id)))
        throw invalid([{ field: `quotes/${i}/item_id`, key: 'purchase-selection.quoteItemNotListed', params: { line: i + 1 } }]);
    });
    await lineFactors(c.trx, c.auth.branchId, quotes, 'quotes');
  },
  async afterWrite(c, _mode, row, virtual) {
    await nameFilledLines(c, 'purchasing/purchase-selection', row, virtual);
  },
  async onStatus(c, action, row) {
    if (action === 'approve') await judgeQuotes(c, row);
    if (action === 'order') await orderChosen(c, row);
  },
};

async function requestOpenLines(c: HookContext, requestId: number): Promise<BuyingLine[]> {
  const { rows } = await sql<BuyingLine>`
    SELECT rl.item_id::int AS item_id, rl.unit_id::int AS unit_id, (rl.quantity - rl.ordered_quantity)::text AS quantity, rl.id::int AS request_line_id
      FROM purchase_request_line rl JOIN purchase_request r ON r.branch_id = rl.branch_id AND r.id = rl.request_id
     WHERE rl.branch_id = ${c.auth.branchId} AND rl.request_id = ${requestId} AND r.status IN ('approved', 'partially_ordered')
       AND rl.quantity > rl.ordered_quantity
     ORDER BY rl.line_no`.execute(c.trx);
  if (!rows.length) throw invalid([{ field: 'request_id', key: 'purchase-selection.requestNothingOpen', params: {} }]);
  return rows;
}

interface Quote extends BuyingLine {
  supplier_id: number;
  price: string;
}

/** The quote of the supplier chosen on an item line, if that supplier quoted for the item. */
const chosenQuote = <T extends { q: Quote }>(line: BuyingLine, quotes: T[]) =>
  quotes.find((x) => Number(x.q.item_id) === Number(line.item_id) && Number(x.q.supplier_id) === Number(line.supplier_id));

/**
 * Each item has at least three quotes (one is enough when the selection states a single-source reason: the
 * only licensed distributor of a beer, a contract the group signed), a chosen supplier that quoted, and a
 * justification when its quote is not the cheapest — compared per stock unit, as quotes may come per kilo or per case.
 */
async function judgeQuotes(c: HookContext, row: Record<string, unknown>) {
  const lines = row.lines as BuyingLine[];
  const quotes = row.quotes as Quote[];
  const factors = quotes.length ? await stockFactors(c.trx, c.auth.branchId, quotes) : [];
  const problems: FieldProblem[] = [];
  const singleSource = Boolean(String(row.single_source_reason ?? '').trim());
  lines.forEach((l, i) => {
    const mine = quotes
      .map((q, j) => ({ q, j, perUnit: new Decimal(q.price).div(factors[j]) }))
      .filter((x) => Number(x.q.item_id) === Number(l.item_id));
    const item = (l._refs as Record<string, string> | undefined)?.item_id ?? `#${l.item_id}`;
    if (mine.length < QUOTES_NEEDED && !singleSource)
      problems.push({
        field: `lines/${i}/item_id`,
        key: 'purchase-selection.tooFewQuotes',
        params: { line: i + 1, item, count: mine.length, needed: QUOTES_NEEDED },
      });
    const chosen = chosenQuote(l, mine);
    if (!chosen) {
      problems.push({ field: `lines/${i}/supplier_id`, key: 'purchase-selection.chooseOne', params: { line: i + 1, item } });
      return;
    }
    const cheapest = mine.reduce((a, b) => (b.perUnit.lt(a.perUnit) ? b : a));
    if (chosen.perUnit.gt(cheapest.perUnit) && !String(l.justification ?? '').trim())
      problems.push({
        field: `lines/${i}/justification`,
        key: 'purchase-selection.justifyNotCheapest',
        params: {
          line: i + 1,
          item,
          cheapest: (cheapest.q._refs as Record<string, string>)?.supplier_id ?? '',
          price: formatMoney(cheapest.q.price),
        },
      });
  });
  if (problems.length) throw invalid(problems);
}

/** One purchase order per chosen supplier: each item at its chosen quote, converted to the line's unit. */
async function orderChosen(c: HookContext, row: Record<string, unknown>) {
  const lines = row.lines as BuyingLine[];
  const quotes = (row.quotes as Quote[]).map((q) => ({ q }));
  const lineStock = await stockFactors(c.trx, c.auth.branchId, lines);
  const quoteStock = await stockFactors(c.trx, c.auth.branchId, row.quotes as Quote[]);
  const bySupplier = new Map<number, BuyingLine[]>();
  lines.forEach((l, i) => {
    const k = quotes.indexOf(chosenQuote(l, quotes)!);
    const price = new Decimal(quotes[k].q.price).div(quoteStock[k]).times(lineStock[i]).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const supplier = Number(l.supplier_id);
    bySupplier.set(supplier, [
      ...(bySupplier.get(supplier) ?? []),
      {
        item_id: Number(l.item_id),
        unit_id: Number(l.unit_id),
        quantity: String(l.quantity),
        unit_price: price.toFixed(2),
        price_source: 'quote',
        request_line_id: l.request_line_id ?? null,
      },
    ]);
  });
  await makeOrders(c, { selection_id: Number(row.id), request_id: row.request_id ?? null }, bySupplier);
}
