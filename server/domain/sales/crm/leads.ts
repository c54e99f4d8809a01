import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook } from '../../../data/hooks.js';
import { conflict, invalid, notFound } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { LEAD, ownRows, personForWrite } from './team.js';

/** A lead's chance and what it weighs in the pipeline: value × the stage's probability, to the rupiah (half up). */
export function weightedValue(value: string, probability: string): string {
  return new Decimal(value).mul(probability).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Leads: a sales person owns their own; a lost lead says why; the won stage is reached only by winning (the block). */
export const leadHook: EntityHook = {
  readScope: ownRows('sls_lead.owner_id'),
  async beforeWrite(c, _mode, values, _virtual, before) {
    if ('owner_id' in values || !before) values.owner_id = await personForWrite(c.trx, c.auth, values.owner_id ?? before?.owner_id);
    const stageId = values.stage_id ?? before?.stage_id;
    const { rows } = await sql<{ outcome: string }>`
      SELECT outcome FROM sls_stage WHERE branch_id = ${c.auth.branchId} AND id = ${Number(stageId)}`.execute(c.trx);
    const outcome = rows[0]?.outcome;
    if (outcome === 'won' && before?.stage_id !== stageId && !values.allotment_id)
      throw invalid([{ field: 'stage_id', key: 'sales-crm.winByAction', params: {} }]);
    const reason = 'lost_reason' in values ? values.lost_reason : before?.lost_reason;
    if (outcome === 'lost' && !(typeof reason === 'string' && reason.trim()))
      throw invalid([{ field: 'lost_reason', key: 'sales-crm.lostReasonNeeded', params: {} }]);
  },
  async decorate(c, rows) {
    if (!rows.length) return;
    const { rows: stages } = await sql<{ id: number; probability: string }>`
      SELECT id::int AS id, probability::text AS probability FROM sls_stage WHERE branch_id = ${c.auth.branchId}`.execute(c.trx);
    const chance = new Map(stages.map((s) => [s.id, s.probability]));
    for (const r of rows) {
      const p = chance.get(Number(r.stage_id));
      r.probability = p ?? null;
      r.weighted_value = p != null && r.value != null ? weightedValue(String(r.value), p) : null;
    }
  },
};

const id = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;

/**
 * A won lead becomes a definite group block in the front office: its room type, nights and rooms a night held
 * for the account until the cut-off, under its rate code; the lead moves to the won stage and links the block,
 * so the block's pick-up counts as the lead's production.
 */
export const winLead = defineOp<{ id: number; version: number }>({
  name: 'sales.winLead',
  summary: 'Mark a lead won and hold its rooms as a group block (allotment) linked to it',
  resource: LEAD,
  action: 'win',
  labelsFrom: 'sales/lead',
  input: {
    type: 'object',
    required: ['id', 'version'],
    additionalProperties: false,
    properties: { id: { ...id, 'x-ref': 'sales/lead' }, version: { type: 'integer', minimum: 1 } },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const scope = ownRows('l.owner_id')(c.auth);
    const { rows } = await sql<Record<string, any>>`
      SELECT l.*, s.outcome, coalesce(a.name, l.company) AS party
        FROM sls_lead l JOIN sls_stage s ON s.branch_id = l.branch_id AND s.id = l.stage_id
        LEFT JOIN business_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.branch_id = ${branch} AND l.id = ${input.id} AND ${scope ?? sql`true`}
       FOR UPDATE OF l`.execute(c.trx);
    const lead = rows[0];
    if (!lead) throw notFound('lead');
    if (lead.version !== input.version) throw conflict('sales-crm.stale', { number: lead.number });
    if (lead.outcome !== 'open') throw conflict('sales-crm.leadClosed', { number: lead.number });
    const missing = ['arrival', 'departure', 'room_type_id', 'rooms'].filter((f) => lead[f] == null);
    if (!lead.party) missing.push('account_id');
    if (missing.length) throw invalid(missing.map((field) => ({ field, key: 'sales-crm.neededToWin', params: {} })));
    const { rows: won } = await sql<{ id: number }>`
      SELECT id::int AS id FROM sls_stage WHERE branch_id = ${branch} AND outcome = 'won' AND active ORDER BY sort_order, id LIMIT 1`.execute(
      c.trx,
    );
    if (!won[0]) throw conflict('sales-crm.noWonStage');
    const code = `BLK${String(lead.number).replace(/\D/g, '')}`;
    const { rows: block } = await sql<{ id: number }>`
      INSERT INTO allotment (branch_id, code, company, room_type_id, rate_code_id, from_date, to_date, rooms, notes, created_by, updated_by)
      VALUES (${branch}, ${code}, ${lead.party}, ${lead.room_type_id}, ${lead.rate_code_id}, ${lead.arrival}, ${lead.departure}, ${lead.rooms},
              ${`${lead.number} ${lead.name}`}, ${c.auth.user.id}, ${c.auth.user.id})
      ON CONFLICT (branch_id, code) DO NOTHING
      RETURNING id::int AS id`.execute(c.trx);
    if (!block[0]) throw conflict('sales-crm.blockExists', { block: code });
    await sql`
      UPDATE sls_lead SET stage_id = ${won[0].id}, allotment_id = ${block[0].id}, won_at = now(), version = version + 1,
             updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${branch} AND id = ${input.id}`.execute(c.trx);
    return { id: input.id, number: lead.number, block: code, allotment_id: block[0].id, rooms: lead.rooms };
  },
});
