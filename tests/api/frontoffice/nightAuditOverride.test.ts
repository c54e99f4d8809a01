import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { forgetCachedSessions } from '../../../server/http/session.js';
import { BUSINESS_DATE, startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { runFlow, startFlow } from '../../support/flows.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * Grand Nusantara Bandung's night: Ibu Sri Wahyuni was due out today and is still in house (her company
 * extends by e-mail tomorrow morning). The audit stops at its checks; Siti (frontdesk) may close the day
 * anyway only while her group holds the night audit's override right, and only with a reason, which the
 * audit log and the run keep.
 */
let t: TestApp;
let db: Db;
let desk: ApiClient;
let branch: number;
const REASON = 'Ibu Sri Wahyuni extends, confirmed by PT Astra; folio stays open';

const one = async <T = number>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await q.execute(db)).rows[0] as object)[0] as T;
/** The right given or taken as an administrator's change through System would: it applies to the next request. */
const overrideRight = async (give: boolean) => {
  await (give
    ? sql`INSERT INTO group_right (group_id, resource, action) SELECT id, 'frontoffice.night-audit', 'override' FROM user_group WHERE code = 'FO'
           ON CONFLICT DO NOTHING`.execute(db)
    : sql`DELETE FROM group_right WHERE resource = 'frontoffice.night-audit' AND action = 'override'`.execute(db));
  forgetCachedSessions();
};

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  desk = await t.login('frontdesk');
  branch = await one(sql`SELECT id FROM branch WHERE code = 'GNB'`);
  desk.branchId = branch;
  const guest = await one(sql`INSERT INTO guest (branch_id, name, nationality) VALUES (${branch}, 'Sri Wahyuni', 'ID') RETURNING id`);
  const room = await one(sql`
    SELECT r.id FROM room r WHERE r.branch_id = ${branch} AND r.active AND r.hk_status NOT IN ('out_of_order', 'occupied_clean', 'occupied_dirty')
       AND NOT EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id
                         AND v.status IN ('tentative', 'confirmed', 'in_house') AND v.departure > '2026-11-22' AND v.arrival < ${BUSINESS_DATE}::date)
     ORDER BY r.code LIMIT 1`);
  await sql`
    INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, rate_code_id, adults, status)
    SELECT ${branch}, 'GNB-DO1', ${guest}, '2026-11-21', ${BUSINESS_DATE}, r.room_type_id, r.id,
           (SELECT id FROM rate_code c WHERE c.branch_id = r.branch_id AND c.room_type_id = r.room_type_id ORDER BY id LIMIT 1), 1, 'in_house'
      FROM room r WHERE r.id = ${room}`.execute(db);
});
afterAll(() => t.close());

describe('overriding a blocking night-audit check', () => {
  it('lists the blocking check of the open day for the night auditor', async () => {
    const res = await desk.get('/api/frontoffice/night-audit/checks');
    expect(res.statusCode, res.body).toBe(200);
    const blocking = res.json().problems.filter((p: { blocking: boolean }) => p.blocking);
    expect(blocking).toEqual([
      expect.objectContaining({ check: 'departuresNotOut', items: expect.arrayContaining([expect.stringMatching(/^GNB-DO1/)]) }),
    ]);
  });

  it('is refused to a group without the override right, and the day stays open', async () => {
    await overrideRight(false);
    const res = await startFlow(desk, 'night-audit-run', { override_reason: REASON });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toMatch(/override right/);
    const plain = await runFlow(desk, 'night-audit-run', {});
    expect(plain.status).toBe('failed');
    expect(plain.error).toMatch(/GNB-DO1/);
    expect(await one(sql`SELECT business_date::text FROM hotel_setup WHERE branch_id = ${branch}`)).toBe(BUSINESS_DATE);
  });

  it('closes the day with the right and a reason: the reason in the audit log under her name and on the run', async () => {
    await overrideRight(true);
    const run = await runFlow(desk, 'night-audit-run', { override_reason: REASON }, undefined);
    expect(run.status, JSON.stringify(run)).toBe('done');
    expect(run.output).toMatchObject({
      override_reason: REASON,
      overridden: [expect.objectContaining({ check: 'departuresNotOut', count: 1 })],
    });
    const { rows } = await sql<{ username: string; summary: string; after: { reason: string } }>`
      SELECT username, summary, after FROM audit_log WHERE entity = 'night-audit' AND action = 'override' AND entity_id = ${run.id}`.execute(
      db,
    );
    expect(rows).toEqual([{ username: 'frontdesk', summary: `23/11/2026: ${REASON}`, after: expect.objectContaining({ reason: REASON }) }]);
    expect(await one(sql`SELECT business_date::text FROM hotel_setup WHERE branch_id = ${branch}`)).toBe('2026-11-24');
  }, 120_000);
});
