import type { DomainModule } from '../types.js';
import { closeAuditDay, reviewAuditDay } from './auditDays.js';
import { correctAuditLine } from './correction.js';
import { incomeAuditRoutes } from './routes.js';

export const incomeAuditModule: DomainModule = {
  ops: [reviewAuditDay, closeAuditDay, correctAuditLine],
  routes: incomeAuditRoutes,
};
