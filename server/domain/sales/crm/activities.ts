import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { AuthInfo } from '../../../context.js';
import type { EntityHook } from '../../../data/hooks.js';
import { conflict, invalid, notFound } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { ACTIVITY, ownRows, personForWrite } from './team.js';

const id = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;
const date = { type: 'string', format: 'date' } as const;
const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const OUTCOMES = ['positive', 'neutral', 'negative'];

/** Activities: a sales person's own diary; a done activity has its outcome and the moment it was recorded. */
export const activityHook: EntityHook = {
  readScope: ownRows('sls_activity.person_id'),
  async beforeWrite(c, _mode, values, _virtual, before) {
    if ('person_id' in values || !before) values.person_id = await personForWrite(c.trx, c.auth, values.person_id ?? before?.person_id);
    const status = values.status ?? before?.status;
    const outcome = 'outcome' in values ? values.outcome : before?.outcome;
    if (status === 'done' && !outcome) throw invalid([{ field: 'outcome', key: 'error.required', params: {} }]);
    if (status === 'done' && before?.status !== 'done') values.done_at = new Date().toISOString();
  },
};

interface Outcome {
  outcome: string;
  result: string;
  next_step?: string | null;
  next_date?: string | null;
}

/** Closes a planned activity with what happened; a second recording of a done activity is refused. */
async function recordDone(db: Db, auth: AuthInfo, activityId: number, o: Outcome, version?: number) {
  const scope = ownRows('sls_activity.person_id')(auth);
  const { rows } = await sql<{ status: string; version: number; subject: string }>`
    SELECT status, version, subject FROM sls_activity
     WHERE branch_id = ${auth.branchId} AND id = ${activityId} AND ${scope ?? sql`true`} FOR UPDATE`.execute(db);
  const row = rows[0];
  if (!row) throw notFound('activity');
  if (version !== undefined && row.version !== version) throw conflict('sales-crm.activityChanged', { subject: row.subject });
  if (row.status !== 'planned') throw conflict('sales-crm.activityNotPlanned', { subject: row.subject });
  await sql`
    UPDATE sls_activity SET status = 'done', outcome = ${o.outcome}, result = ${o.result}, next_step = ${o.next_step ?? null},
           next_date = ${o.next_date ?? null}, done_at = now(), version = version + 1, updated_at = now(), updated_by = ${auth.user.id}
     WHERE branch_id = ${auth.branchId} AND id = ${activityId}`.execute(db);
}

export const recordOutcome = defineOp<Outcome & { id: number; version: number }>({
  name: 'sales.recordOutcome',
  summary: 'Record what a planned activity came to: its outcome, what happened and the next step',
  resource: ACTIVITY,
  action: 'edit',
  labelsFrom: 'sales/activity',
  input: {
    type: 'object',
    required: ['id', 'version', 'outcome', 'result'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'sales/activity' },
      version: { type: 'integer', minimum: 1 },
      outcome: { enum: OUTCOMES },
      result: { type: 'string', minLength: 1, maxLength: 1000 },
      next_step: text(200),
      next_date: { ...date, type: ['string', 'null'] },
    },
  },
  async handler(c, input) {
    await recordDone(c.trx, c.auth, input.id, input, input.version);
    return { id: input.id };
  },
});

interface Logged extends Outcome {
  client_key: string;
  activity_id?: number;
  plan_type_id?: number;
  activity_date?: string;
  subject?: string;
  account_id?: number | null;
  company?: string | null;
  lead_id?: number | null;
}

/**
 * The phone's command: logs a visit (or completes a planned one) with its outcome. The phone sends it with an
 * Idempotency-Key and the same client_key each time it retries from its offline queue, so a visit sent twice
 * (the answer lost on a bad connection) is stored once and answered the same.
 */
export const logActivity = defineOp<Logged>({
  name: 'sales.logActivity',
  summary: "Log an activity from the sales team's phone, with its outcome (one row per client key)",
  resource: ACTIVITY,
  action: 'create',
  labelsFrom: 'sales/activity',
  input: {
    type: 'object',
    required: ['client_key', 'outcome', 'result'],
    additionalProperties: false,
    'x-dateRanges': [{ from: 'activity_date', to: 'next_date', minDays: 0, maxDays: 366 }],
    properties: {
      client_key: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' },
      activity_id: { ...id, 'x-ref': 'sales/activity' },
      plan_type_id: { ...id, 'x-ref': 'sales/plan-type' },
      activity_date: date,
      subject: { type: 'string', minLength: 1, maxLength: 120 },
      account_id: { ...id, type: ['integer', 'null'], 'x-ref': 'sales/account' },
      company: text(120),
      lead_id: { ...id, type: ['integer', 'null'], 'x-ref': 'sales/lead' },
      outcome: { enum: OUTCOMES },
      result: { type: 'string', minLength: 1, maxLength: 1000 },
      next_step: text(200),
      next_date: { ...date, type: ['string', 'null'] },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const { rows: earlier } = await sql<{ id: number }>`
      SELECT id::int AS id FROM sls_activity WHERE branch_id = ${branch} AND client_key = ${input.client_key}`.execute(c.trx);
    if (earlier[0]) return { id: earlier[0].id, replayed: true };
    if (input.activity_id) {
      await recordDone(c.trx, c.auth, input.activity_id, input);
      await sql`UPDATE sls_activity SET client_key = ${input.client_key} WHERE branch_id = ${branch} AND id = ${input.activity_id}`.execute(
        c.trx,
      );
      return { id: input.activity_id };
    }
    const missing = (['plan_type_id', 'activity_date', 'subject'] as const).filter((f) => input[f] == null);
    if (missing.length) throw invalid(missing.map((field) => ({ field, key: 'error.required', params: {} })));
    const person = await personForWrite(c.trx, c.auth, null);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO sls_activity (branch_id, person_id, plan_type_id, activity_date, subject, account_id, company, lead_id, status, outcome,
                                result, next_step, next_date, done_at, client_key, created_by, updated_by)
      VALUES (${branch}, ${person}, ${input.plan_type_id}, ${input.activity_date}, ${input.subject}, ${input.account_id ?? null},
              ${input.company ?? null}, ${input.lead_id ?? null}, 'done', ${input.outcome}, ${input.result}, ${input.next_step ?? null},
              ${input.next_date ?? null}, now(), ${input.client_key}, ${c.auth.user.id}, ${c.auth.user.id})
      RETURNING id::int AS id`.execute(c.trx);
    return { id: rows[0].id };
  },
});
