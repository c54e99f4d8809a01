import { sql } from 'kysely';
import type { EntityHook } from '../../../data/hooks.js';
import { ownRows, personForWrite } from './team.js';

/** Plans: a person's own; approving one puts each of its lines in the diary as a planned activity, once. */
export const planHook: EntityHook = {
  readScope: ownRows('sls_plan.person_id'),
  async beforeWrite(c, _mode, values, _virtual, before) {
    if ('person_id' in values || !before) values.person_id = await personForWrite(c.trx, c.auth, values.person_id ?? before?.person_id);
  },
  async onStatus(c, action, row) {
    if (action !== 'approve') return;
    await sql`
      INSERT INTO sls_activity (branch_id, person_id, plan_type_id, activity_date, subject, company, lead_id, plan_line_id, status, created_by, updated_by)
      SELECT l.branch_id, ${row.person_id}, l.plan_type_id, l.planned_date, l.subject, l.company, l.lead_id, l.id, 'planned', ${c.auth.user.id}, ${c.auth.user.id}
        FROM sls_plan_line l
       WHERE l.branch_id = ${c.auth.branchId} AND l.plan_id = ${row.id}
      ON CONFLICT (branch_id, plan_line_id) DO NOTHING`.execute(c.trx);
  },
};
