import type { DomainModule } from '../types.js';
import { cashAdvanceHook } from './advances.js';
import { cashierJournalHook } from './cashierJournals.js';
import { advanceSetupHook } from './masters.js';
import { cashDesk } from './shift.js';

const desk = cashDesk({ box: 'gc', prefix: 'gc', resource: 'gc.shift', route: '/api/gc/shift', who: 'general cashier' });

export const gcModule: DomainModule = {
  hooks: { 'gc/cash-advance': cashAdvanceHook, 'gc/cashier-journal': cashierJournalHook, 'gc/advance-setup': advanceSetupHook },
  ops: [desk.openShift, desk.closeShift],
  routes: desk.routes,
};
