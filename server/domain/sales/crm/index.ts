import type { DomainModule } from '../../types.js';
import { activityHook, logActivity, recordOutcome } from './activities.js';
import { leadHook, winLead } from './leads.js';
import { personHook } from './personRules.js';
import { phoneRoutes } from './phoneOverview.js';
import { planHook } from './plans.js';

/** The sales team's pipeline: people, leads, activities and plans, and the phone's reads. */
export const salesCrmModule: DomainModule = {
  hooks: { 'sales/person': personHook, 'sales/lead': leadHook, 'sales/activity': activityHook, 'sales/plan': planHook },
  ops: [winLead, recordOutcome, logActivity],
  routes: phoneRoutes,
};
