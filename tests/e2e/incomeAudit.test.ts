import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { seededDataDir } from '../support/seededDataDir.js';

/**
 * Budi Santoso, the accountant who audits the income, on a server of this test's own (the night audit moves the
 * business date the other browser tests rely on). The Grand Nusantara Bandung audits its income; yesterday the desk
 * charged a guest 250.000 ++ of minibar he never took, and the night audit closed the day. Budi opens yesterday's
 * postings by article, finds the minibar line, reverses it in that day with the reason, reviews and closes the day,
 * and the day's journal appears in the general ledger's journal list. Steps counted (clicks, typed fields, keys).
 */
let browser: Browser;
let server: ServerProcess;
let dataDir: string;
let port: number;
let steps = 0;
const base = () => `http://localhost:${port}`;
const step = <T>(action: Promise<T>) => {
  steps++;
  return action;
};
let auditDay: string;

beforeAll(async () => {
  dataDir = seededDataDir('hotelier-e2e-income-audit-');
  port = await freePort();
  [server, browser] = await Promise.all([startServerProcess({ dataDir, port }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Yesterday at the desk, over the API as the administrator: the audit switched on, the wrong charge, the night audit. */
async function yesterday(api: APIRequestContext) {
  const session = await (await api.post('/api/auth/login', { data: { username: 'admin', password: 'hotelier' } })).json();
  const headers = { 'x-csrf-token': session.csrfToken };
  const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> => {
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  const setup = (await ok(await api.get('/api/data/system/setup?limit=1'))).rows[0];
  await ok(await api.patch(`/api/data/system/setup/${setup.id}`, { data: { version: setup.version, income_audit_days: 3 }, headers }));
  const day = setup.business_date as string;
  const filter = JSON.stringify({ status: { op: 'eq', value: 'in_house' }, departure: { op: 'gt', value: day } });
  const stay = (await ok(await api.get(`/api/data/frontoffice/reservation?limit=1&filter=${encodeURIComponent(filter)}`))).rows[0];
  const folio = await ok(await api.post('/api/data/frontoffice/folio', { data: { reservation_id: stay.id, name: 'Guest' }, headers }));
  const mini = (await ok(await api.get('/api/data/frontoffice/article?q=MINI&limit=5'))).rows.find(
    (a: { code: string }) => a.code === 'MINI',
  );
  await ok(
    await api.post('/api/ops/frontoffice.folioCharge', {
      data: { id: folio.id, fo_article_id: mini.id, unit_price: '250.000' },
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    }),
  );
  const run = await ok(
    await api.post('/api/flows/night-audit-run/runs', {
      data: { key: `ia-${day}`, input: { override_reason: 'Due-outs settled by the duty manager' } },
      headers,
    }),
  );
  await expect
    .poll(async () => (await ok(await api.get(`/api/flows/${run.id}`))).status, { timeout: 120_000, interval: 1000 })
    .toBe('done');
  return day;
}

async function minibarRow(page: Page) {
  await page.locator('text=/Minibar/').first().waitFor({ timeout: 30_000 });
}

describe('the income auditor corrects yesterday and hands it to the ledger', () => {
  it('opens yesterday, reverses the wrong minibar charge, closes the day, and finds the journal in the ledger', async () => {
    const { context: adminContext } = await newPage(browser, 1366, 860, base());
    auditDay = await yesterday(adminContext.request);
    await adminContext.close();

    const { page } = await newPage(browser, 1366, 860, base());
    await signIn(page, 'accountant');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    // the dashboard names the day to audit, every reconciliation tying
    await step(page.goto('/incomeaudit/dashboard'));
    await page.locator('[data-testid=reconciliations]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid=reconciliations] tr[data-ok=false]').count()).toBe(0);
    await screenshot(page, 'income-audit-dashboard-1366');

    // yesterday's postings by article: the minibar line opens its correction
    await step(page.goto(`/incomeaudit/transaction/art-journal-trans?audit_date=${auditDay}`));
    await minibarRow(page);
    await screenshot(page, 'income-audit-postings-1366');
    await step(
      page
        .getByRole('link', { name: /^Minibar$/ })
        .first()
        .click(),
    );
    await page.locator('[data-testid=audit-correction]').waitFor();
    await step(page.locator('#correction-reason').fill('Guest did not take the minibar (housekeeping check)'));
    await step(page.getByRole('button', { name: /Balik di hari audit|Reverse in the audit day/ }).click());
    await step(page.keyboard.press('Enter'));
    await page.locator('[data-testid=audit-correction] .alert-info').waitFor({ timeout: 30_000 });
    await screenshot(page, 'income-audit-corrected-1366');

    // reviewed, then closed: the journal balances
    expect(await page.locator('[data-testid=journal-balance]').innerText()).toMatch(/Seimbang|Balanced/);
    await step(page.getByRole('button', { name: /Tandai sudah diperiksa|Mark reviewed/ }).click());
    await step(page.keyboard.press('Enter'));
    await page.locator('[data-testid=audit-days] .badge-info').first().waitFor({ timeout: 30_000 });
    await step(page.getByRole('button', { name: /Tutup hari|Close the day/ }).click());
    await step(page.keyboard.press('Enter'));
    await page.locator(`[data-testid=audit-days] [data-date="${auditDay}"] .badge-success`).waitFor({ timeout: 30_000 });
    await screenshot(page, 'income-audit-closed-1366');

    // the general ledger now lists the day's journals: the charge and its reversal
    await step(page.goto(`/gl/report-gl/report-jurnal-list?date_from=${auditDay}&date_to=${auditDay}`));
    await minibarRow(page);
    // the page's grid draws the rows in view; the report behind it holds the charge and its reversal
    const ledger = await (await page.request.get(`/api/reports/jurnal-list?date_from=${auditDay}&date_to=${auditDay}`)).json();
    expect(JSON.stringify(ledger.rows)).toContain('Minibar (correction)');
    await screenshot(page, 'income-audit-ledger-1366');
    console.log(`Budi audits yesterday, reverses the minibar charge and closes the day: ${steps} steps`);
    expect(steps).toBeLessThanOrEqual(12);
  });

  it('shows the closed day and its reconciliations on a 375 px phone', async () => {
    const { page } = await newPage(browser, 375, 740, base());
    await signIn(page, 'accountant');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`/incomeaudit/dashboard?date=${auditDay}`);
    await page.locator('[data-testid=reconciliations]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'income-audit-dashboard-375');
    await page.goto(`/incomeaudit/transaction/gl-journal/form?date=${auditDay}`);
    await page.locator('[data-testid=audit-journal]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'income-audit-day-375');
  });
});
