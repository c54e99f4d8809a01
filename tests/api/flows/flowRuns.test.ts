import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../../server/app.js';
import { purgeOldFiles } from '../../../server/flows/store.js';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { runFlow, startFlow, waitForRun } from '../../support/flows.js';
import { expectApiError } from '../expectations.js';

/** The generic layer of server flows (/api/flows), shown on report packs of Grand Nusantara Bandung. */
let t: TestApp;
let admin: ApiClient;
let morning: number;

beforeAll(async () => {
  // a pause after each step leaves time to act between steps, as a slow pack would
  t = await startTestApp({ config: { flowStepPauseMs: 400 } });
  admin = await t.login('admin');
  morning = (await admin.get('/api/data/utilities/report-group?limit=10'))
    .json()
    .rows.find((g: { code: string }) => g.code === 'MORNING').id;
});
afterAll(() => t.close());

const runs = (db = t.database.db) =>
  sql<{ id: string; status: string; state: string; version: number }>`SELECT * FROM flow_run`.execute(db);

describe('server flows over HTTP', () => {
  it('CANCEL while a pack runs ends it cancelled, and no file is made', async () => {
    const run = (await startFlow(admin, 'report-pack-run', { group: morning, format: 'xlsx' })).json();
    expect(run).toMatchObject({ status: 'running', accepts: ['CANCEL'] });
    const cancelled = await admin.post(`/api/flows/${run.id}/events`, { type: 'CANCEL' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', state: 'cancelled', accepts: [] });
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await admin.get(`/api/flows/${run.id}`)).json();
    expect(after).toMatchObject({ status: 'cancelled', files: [] });
    expectApiError(await admin.get(`/api/flows/${run.id}/files/result`), 404);
  });

  it('an event its state does not accept is a 409 that says so', async () => {
    const done = await runFlow(admin, 'report-pack-run', { group: morning, format: 'xlsx' });
    expectApiError(await admin.post(`/api/flows/${done.id}/events`, { type: 'CANCEL' }), 409, { message: 'This run has already ended.' });
    const running = (await startFlow(admin, 'report-pack-run', { group: morning, format: 'xlsx' })).json();
    expectApiError(await admin.post(`/api/flows/${running.id}/events`, { type: 'RESTART' }), 409, {
      message: 'RESTART is not possible at this step.',
    });
    await waitForRun(admin, running.id);
  });

  it("a run's input is checked by its flow's schema, and its right by the server", async () => {
    expectApiError(await startFlow(admin, 'report-pack-run', { group: 'morning', format: 'xlsx' }), 400);
    expectApiError(await startFlow(admin, 'report-pack-run', { group: morning, format: 'xlsx', sheetPerDay: true }), 400);
    expectApiError(await startFlow(admin, 'report-pack-run', { group: morning, format: 'docx' }), 400);
    expectApiError(
      await admin.post('/api/flows/report-pack-run/runs', { key: 'a key with spaces', input: { group: morning, format: 'xlsx' } }),
      400,
    );
    expectApiError(
      await admin.post('/api/flows/report-pack-run/runs', { key: 'k1', input: { group: morning, format: 'xlsx' }, then: 1 }),
      400,
    );
    const fd = await t.login('frontdesk');
    expectApiError(await startFlow(fd, 'report-pack-run', { group: morning, format: 'xlsx' }), 403);
    expectApiError(await admin.get('/api/flows/not-a-run-of-ours'), 404);
  });

  it('a run belongs to its property: from Nusantara Beach Resort Bali the Bandung run is not there', async () => {
    const run = await runFlow(admin, 'report-pack-run', { group: morning, format: 'xlsx' });
    const bali = await t.login('admin');
    bali.branchId = 2;
    expectApiError(await bali.get(`/api/flows/${run.id}`), 404);
    expectApiError(await bali.get(`/api/flows/${run.id}/files/result`), 404);
    expectApiError(await bali.post(`/api/flows/${run.id}/events`, { type: 'CANCEL' }), 404);
    // the Bandung pack is not Bali's to run either
    expectApiError(await startFlow(bali, 'report-pack-run', { group: morning, format: 'xlsx' }), 404);
  });

  it('progress and errors are told in the reader language', async () => {
    const run = (await startFlow(admin, 'report-pack-run', { group: morning, format: 'xlsx' })).json();
    admin.lang = 'id';
    const seen = (await admin.get(`/api/flows/${run.id}`)).json();
    admin.lang = 'en';
    expect(['Memeriksa laporan dalam paket', 'Menjalankan laporan', 'Menulis berkas']).toContain(seen.step);
    await waitForRun(admin, run.id);
    admin.lang = 'id';
    expectApiError(await admin.post(`/api/flows/${run.id}/events`, { type: 'CANCEL' }), 409, { message: 'Proses ini sudah berakhir.' });
    admin.lang = 'en';
  });

  it('a run saved by an older version of its flow resumes where its step still exists, and stops with a sentence where it does not', async () => {
    const kept = (await startFlow(admin, 'report-pack-run', { group: morning, format: 'xlsx' })).json();
    const stranded = (await startFlow(admin, 'report-pack-run', { group: morning, format: 'pdf' })).json();
    await Promise.all([waitForRun(admin, kept.id), waitForRun(admin, stranded.id)]);
    // as the server left them when it stopped under version 0: one in a step version 1 still has, one in a step it dropped
    await sql`UPDATE flow_run SET status = 'running', version = 0, state = 'running', context = jsonb_set(context, '{done}', '0'), finished_at = NULL
              WHERE id = ${kept.id}`.execute(t.database.db);
    await sql`UPDATE flow_run SET status = 'running', version = 0, state = 'printing', finished_at = NULL WHERE id = ${stranded.id}`.execute(
      t.database.db,
    );
    // a server starting on this database picks both up
    const restarted = await buildApp({ config: t.app.ctx.config, database: t.database, meta: t.meta, mailer: t.app.ctx.mailer });
    await restarted.ready();
    try {
      const a = await waitForRun(admin, kept.id);
      expect(a).toMatchObject({ status: 'done', version: 1, files: [{ name: 'result' }] });
      const b = await waitForRun(admin, stranded.id);
      expect(b).toMatchObject({ status: 'failed', state: 'printing', version: 0 });
      expect(b.error).toBe(
        "The run of report-pack-run was saved at step 'printing' by version 0; version 1 has no such step, so it cannot resume. Start it again.",
      );
    } finally {
      await restarted.close();
    }
  });

  it('files of runs that ended more than 7 days ago are deleted; the run itself stays', async () => {
    const done = await runFlow(admin, 'report-pack-run', { group: morning, format: 'xlsx' });
    expect((await admin.get(`/api/flows/${done.id}/files/result`)).statusCode).toBe(200);
    await sql`UPDATE flow_run SET finished_at = now() - interval '8 days' WHERE id = ${done.id}`.execute(t.database.db);
    expect(await purgeOldFiles(t.database.db)).toBeGreaterThanOrEqual(1);
    expectApiError(await admin.get(`/api/flows/${done.id}/files/result`), 404);
    expect((await admin.get(`/api/flows/${done.id}`)).json()).toMatchObject({ status: 'done', files: [] });
    expect((await runs()).rows.some((r) => r.id === done.id)).toBe(true);
  });

  it('what steps kept for each other is gone once a run ends; the start is in the audit log', async () => {
    const done = await runFlow(admin, 'report-pack-run', { group: morning, format: 'xlsx' });
    const { rows } = await sql<{ kind: string }>`SELECT kind FROM flow_run_file WHERE run_id = ${done.id}`.execute(t.database.db);
    expect(rows.map((r) => r.kind)).toEqual(['output']);
    const audit = await sql<{ action: string; summary: string }>`
      SELECT action, summary FROM audit_log WHERE entity = 'flow' AND entity_id = ${done.id}`.execute(t.database.db);
    expect(audit.rows).toEqual([{ action: 'start', summary: `report-pack-run ${done.key}` }]);
  });
});
