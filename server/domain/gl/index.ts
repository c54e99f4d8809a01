import type { DomainModule } from '../types.js';
import { glAccountHook, glEntryHook } from './entries.js';
import { closeMonth, closeYear, closingRoutes, reopenMonth, reopenYear } from './closing.js';
import { generateRecurring, recurringJournalHook } from './recurring.js';

export const glModule: DomainModule = {
  hooks: { 'gl/gl-entry': glEntryHook, 'gl/coa': glAccountHook, 'gl/recurring-journal': recurringJournalHook },
  ops: [closeMonth, reopenMonth, closeYear, reopenYear, generateRecurring],
  routes: closingRoutes,
};
