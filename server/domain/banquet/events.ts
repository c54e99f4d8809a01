import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { invalid } from '../../http/errors.js';
import { refuseEventClash } from './clashes.js';
import { eventTaxService, priceEvent, type SoldLine } from './pricing.js';

export const EVENT = 'banquet.event';

interface ItemLine extends SoldLine {
  menu_id?: number | null;
  venue_id?: number | null;
  hire?: 'half_day' | 'day' | null;
  description?: string | null;
  unit_price: string;
  amount?: string | null;
}

/** The guests an event is priced for before the bill: the guaranteed number once given, else the expected. */
export const quotedPax = (e: Record<string, unknown>) => Number(e.pax_guaranteed ?? e.pax_expected);

/**
 * A banquet event order. New: numbered BEO-<month of the event>-nnnn. Its client is a business account or a guest,
 * never both; a package needs its price per person. An item from the point of sale's menu takes the menu's price
 * and name unless typed, a room hire the venue's half-day or day rate. The quote (base, service, tax, total) is
 * worked out on every save at the guaranteed, else expected, pax under the event's tax-service code.
 */
export const eventHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    const v = { ...before, ...values };
    if (mode === 'create' && !values.number)
      values.number = await nextNumber(c.trx, c.auth.branchId, 'bq_event', `BEO-${dayjs(String(v.event_date)).format('YYYYMM')}-`);
    if ((v.account_id == null) === (v.guest_id == null)) throw invalid([{ field: 'account_id', key: 'bq-event.clientOne', params: {} }]);
    if (v.pricing === 'package' && (v.package_price == null || v.package_price === ''))
      throw invalid([{ field: 'package_price', key: 'bq-event.packagePriceNeeded', params: {} }]);
    if (v.pricing === 'items') values.package_price = null;
    const items = (virtual.items ?? before?.items ?? []) as ItemLine[];
    if (virtual.items) await fillItemPrices(c, items);
    const price = priceEvent(
      quotedPax(v),
      (values.package_price ?? v.package_price ?? null) as string | null,
      items,
      await eventTaxService(c.trx, c.auth.branchId, Number(v.tax_service_id)),
    );
    items.forEach((l, i) => (l.amount = price.amounts[i]));
    Object.assign(values, price.total);
  },
  async afterWrite(c, _mode, row, virtual) {
    const items = (virtual.items ?? row.items ?? []) as ItemLine[];
    // the lines' amounts follow the pax even when only the header changed
    await sql`UPDATE bq_event_item i SET amount = x.amount
                FROM jsonb_to_recordset(${JSON.stringify(items.map((l, n) => ({ line_no: n + 1, amount: l.amount })))}::jsonb) AS x(line_no int, amount numeric)
               WHERE i.branch_id = ${c.auth.branchId} AND i.event_id = ${Number(row.id)} AND i.line_no = x.line_no`.execute(c.trx);
  },
  async onStatus(c, action, row) {
    if (action === 'tentative' || action === 'definite') await refuseEventClash(c.trx, c.auth.branchId, Number(row.id));
  },
};

/** Menu items and room hire priced from their masters when no price was typed; anything else must be priced. */
async function fillItemPrices(c: HookContext, items: ItemLine[]) {
  const b = c.auth.branchId;
  const menus = items.map((l) => l.menu_id).filter((id): id is number => id != null);
  const venues = items.map((l) => l.venue_id).filter((id): id is number => id != null);
  const { rows: menuRows } = await sql<{ id: number; name: string; price: string }>`
    SELECT id, name, price::text FROM pos_menu WHERE branch_id = ${b} AND id = ANY(${menus}::bigint[])`.execute(c.trx);
  const { rows: venueRows } = await sql<{ id: number; name: string; hire_half_day: string; hire_day: string }>`
    SELECT id, name, hire_half_day::text, hire_day::text FROM bq_venue WHERE branch_id = ${b} AND id = ANY(${venues}::bigint[])`.execute(
    c.trx,
  );
  items.forEach((l, i) => {
    const menu = menuRows.find((m) => Number(m.id) === Number(l.menu_id));
    const venue = venueRows.find((m) => Number(m.id) === Number(l.venue_id));
    if (l.kind === 'room_hire' && !venue)
      throw invalid([{ field: `items/${i}/venue_id`, key: 'bq-event.hireVenue', params: { line: i + 1 } }]);
    if (venue && l.kind === 'room_hire') {
      l.hire ??= 'day';
      if (l.unit_price == null || l.unit_price === '') l.unit_price = l.hire === 'day' ? venue.hire_day : venue.hire_half_day;
      l.description ||= venue.name;
    }
    if (menu) {
      if (l.unit_price == null || l.unit_price === '') l.unit_price = menu.price;
      l.description ||= menu.name;
    }
    if (l.unit_price == null || l.unit_price === '')
      throw invalid([{ field: `items/${i}/unit_price`, key: 'bq-event.priceNeeded', params: { line: i + 1 } }]);
    l.quantity ??= '1';
  });
}
