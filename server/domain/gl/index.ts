import type { DomainModule } from '../types.js';
import { glAccountHook, glEntryHook } from './entries.js';
import { closeMonth, closeYear, closingRoutes, reopenMonth, reopenYear } from './closing.js';

export const glModule: DomainModule = {
  hooks: { 'gl/gl-entry': glEntryHook, 'gl/coa': glAccountHook },
  ops: [closeMonth, reopenMonth, closeYear, reopenYear],
  routes: closingRoutes,
};
