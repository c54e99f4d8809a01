import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { seededDataDir } from '../support/seededDataDir.js';

/**
 * The night auditor closes the demo hotel's day in the browser, on a server of this test's own (the audit moves
 * the business date, which the other browser tests rely on): the page follows the server's steps live, and
 * ends on the day's summary. A stay on a rate with breakfast is charged its room and its breakfast apart.
 */
let browser: Browser;
let server: ServerProcess;
let dataDir: string;
let port: number;
const base = () => `http://localhost:${port}`;

beforeAll(async () => {
  dataDir = seededDataDir('hotelier-e2e-night-audit-');
  port = await freePort();
  // steps slowed enough to see the progress between them
  [server, browser] = await Promise.all([startServerProcess({ dataDir, port, env: { FLOW_STEP_PAUSE_MS: '700' } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the night audit in the browser', () => {
  it('runs with live progress, closes the day, and charges a breakfast stay its room and its breakfast', async () => {
    const { page, context } = await newPage(browser, 1366, 860, base());
    await signIn(page, 'admin');
    await page.waitForURL('**/dashboard');
    const day = (await (await context.request.get('/api/reports/fo-today')).json()).context.businessDate as string;
    await page.goto('/frontoffice/na/list');
    await page.getByRole('button', { name: /Start the night audit|Mulai audit malam/ }).click();
    await page.waitForURL(/[?&]run=/);
    await page.locator('[data-testid=flow-progress]').waitFor();
    await screenshot(page, 'night-audit-running-desktop');
    const summary = page.locator('.alert', { hasText: /is closed|ditutup/ });
    await summary.waitFor({ timeout: 120_000 });
    const text = await summary.innerText();
    const [y, m, d] = day.split('-');
    expect(text).toContain(`${d}/${m}/${y}`);
    await screenshot(page, 'night-audit-done-desktop');

    const after = (await (await context.request.get('/api/reports/fo-today')).json()).context.businessDate as string;
    expect(after > day).toBe(true);
    const lines = (await (await context.request.get(`/api/reports/revenue-trans?date_from=${day}&date_to=${day}`)).json()).rows as {
      folio: string;
      article: string;
      base: string;
    }[];
    const breakfastFolio = lines.find((l) => l.article.startsWith('BF'))!.folio;
    const mine = lines.filter((l) => l.folio === breakfastFolio).map((l) => l.article.slice(0, 2));
    expect(mine).toEqual(expect.arrayContaining(['RM', 'BF']));

    // the report set the audit kept for the day, read back as printed that night
    await page.goto('/frontoffice/na/reports');
    await page.locator(`[data-testid=na-kept-${day}-drr]`).click();
    await page.locator(`.na-kept-report[data-shown="${day}/drr"]`).waitFor();
    expect(await page.locator('.na-kept-report').innerText()).toContain(`${d}/${m}/${y}`);
    await screenshot(page, 'night-audit-kept-reports-1366');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await page.locator('[data-testid=na-kept-at]').waitFor();
    await screenshot(page, 'night-audit-kept-reports-375');
    await context.close();
  });
  it('offers the override of a failed check only to a group holding the right, and closes the day with the reason given', async () => {
    // the administrator shortens an in-house stay to today: the guest is due out and still in, a blocking check
    const { context: adminContext } = await newPage(browser, 1366, 860, base());
    const admin = adminContext.request;
    const session = await (await admin.post('/api/auth/login', { data: { username: 'admin', password: 'hotelier' } })).json();
    const headers = { 'x-csrf-token': session.csrfToken };
    const op = async (api: APIRequestContext, name: string, data: unknown) => {
      const res = await api.post(`/api/ops/${name}`, { data, headers: { ...headers, 'idempotency-key': crypto.randomUUID() } });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    };
    const day = (await (await admin.get('/api/reports/fo-today')).json()).context.businessDate as string;
    const filter = JSON.stringify({
      status: { op: 'eq', value: 'in_house' },
      arrival: { op: 'lt', value: day },
      departure: { op: 'gt', value: day },
    });
    const stay = (await (await admin.get(`/api/data/frontoffice/reservation?limit=1&filter=${encodeURIComponent(filter)}`)).json()).rows[0];
    await op(admin, 'frontoffice.changeDeparture', { id: stay.id, version: stay.version, departure: day });
    const group = (await (await admin.get('/api/data/system/group?q=FO&limit=5')).json()).rows.find(
      (g: { code: string }) => g.code === 'FO',
    );
    const rights = (await (await admin.get(`/api/system/groups/${group.id}/rights`)).json()).rights as string[];
    await op(admin, 'system.saveGroupRights', { id: group.id, rights: rights.filter((r) => r !== 'frontoffice.night-audit:override') });

    // Siti's group may run the audit but not override: the stop, the guest named, no override button
    const { page } = await newPage(browser, 1366, 860, base());
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    await page.goto('/frontoffice/na/list');
    await page.locator('[data-testid=flow-action-RUN]').click();
    await page.locator('[data-testid=na-blocking]', { hasText: stay.code }).waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid=na-override]').count()).toBe(0);
    await screenshot(page, 'night-audit-blocked-no-right-1366');

    // given the right, she opens the page again: the reason asked, the day closed
    await op(admin, 'system.saveGroupRights', { id: group.id, rights });
    await page.goto('/frontoffice/na/list');
    await page.locator('[data-testid=flow-action-RUN]').click();
    await page.locator('[data-testid=na-override]').waitFor({ timeout: 60_000 });
    const reason = 'Tamu memperpanjang, dikonfirmasi manajer jaga';
    await page.fill('#na-override-reason', reason);
    await screenshot(page, 'night-audit-override-1366');
    await page.locator('[data-testid=na-override-run]').click();
    await page.locator('.alert-success').waitFor({ timeout: 120_000 });
    const after = (await (await admin.get('/api/reports/fo-today')).json()).context.businessDate as string;
    expect(after > day).toBe(true);
    const log = (await (await admin.get(`/api/data/system/audit-log?q=override&limit=5`)).json()).rows as { summary: string }[];
    expect(log.map((r) => r.summary)).toEqual(expect.arrayContaining([expect.stringContaining(reason)]));
    await adminContext.close();
  });
});
