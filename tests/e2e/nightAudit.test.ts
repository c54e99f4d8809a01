import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/serverProcess.js';

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
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-e2e-night-audit-'));
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
    await context.close();
  });
});
