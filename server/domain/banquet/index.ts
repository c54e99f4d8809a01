import type { DomainModule } from '../types.js';
import { activityHook } from './activities.js';
import { billHook } from './bills.js';
import { calendarRoutes } from './calendar.js';
import { eventHook } from './events.js';
import { functionSheetRoutes } from './functionSheet.js';
import { banquetOps } from './ops.js';
import { venueHook } from './venues.js';

/** Banquet and events: venues and set-ups, event orders and their agenda, the function calendar, deposits and bills. */
export const banquetModule: DomainModule = {
  hooks: {
    'banquet/bq-venue': venueHook,
    'banquet/bq-event': eventHook,
    'banquet/bq-activity': activityHook,
    'banquet/bq-bill': billHook,
  },
  ops: banquetOps,
  async routes(app, ctx) {
    await functionSheetRoutes(app, ctx);
    await calendarRoutes(app, ctx);
  },
};
