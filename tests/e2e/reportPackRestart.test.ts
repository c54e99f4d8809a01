import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { seededDataDir } from '../support/seededDataDir.js';
import { pdfPages } from '../support/pdfText.js';

/**
 * The Report groups screen is a flow screen: the morning pack runs on the server step by step while the
 * page shows its progress. Here the server of this test (its own process and data) is killed with kill -9
 * half-way and started again: the page waits, says so, and ends with the workbook — nothing lost.
 */
let browser: Browser;
let server: ServerProcess;
let dataDir: string;
let port: number;
const base = () => `http://localhost:${port}`;
// slow enough steps to stop the server between two of them
const boot = () => startServerProcess({ dataDir, port, env: { FLOW_STEP_PAUSE_MS: '2000' } });

beforeAll(async () => {
  dataDir = seededDataDir('hotelier-e2e-flows-');
  port = await freePort();
  [server, browser] = await Promise.all([boot(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function adminAt(width: number): Promise<{ page: Page; close(): Promise<void> }> {
  const { page, context } = await newPage(browser, width, width < 500 ? 780 : 860, base());
  await signIn(page, 'admin');
  await page.waitForURL('**/dashboard');
  return { page, close: () => context.close() };
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; data: Buffer }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: dl.suggestedFilename(), data: fs.readFileSync((await dl.path())!) };
}

const progressCount = (page: Page) => page.locator('[data-testid=flow-progress-count]').innerText();

describe('a report pack in the browser', () => {
  it('survives a server killed half-way: the page waits, and the workbook arrives', async () => {
    const { page, close } = await adminAt(1366);
    await page.goto('/utilities/group-report');
    await page.getByText('Morning management pack').click();
    await page.locator('[data-testid=group-item-tax-service-rates]').waitFor();
    await screenshot(page, 'report-pack-choose-desktop');

    await page.click('[data-testid=group-run-xlsx]');
    await page.waitForURL(/[?&]run=/);
    expect(page.url()).toContain('step=running');
    await page.locator('[data-testid=flow-progress]').waitFor();
    await expect.poll(() => progressCount(page), { timeout: 30_000 }).toMatch(/^[12] of 4$/);
    await screenshot(page, 'report-pack-running-desktop');
    const runUrl = page.url();

    await server.kill();
    await page.locator('[data-testid=flow-offline]').waitFor({ timeout: 15_000 });
    await screenshot(page, 'report-pack-offline-desktop');

    server = await boot();
    await page.locator('[data-testid=flow-summary]').waitFor({ timeout: 90_000 });
    expect(await page.locator('[data-testid=flow-summary]').innerText()).toMatch(/morning-\d{4}-\d{2}-\d{2}\.xlsx is ready\./);
    expect(page.url()).toContain('step=done');
    expect(page.url()).toContain(new URL(runUrl).searchParams.get('run')!);
    await screenshot(page, 'report-pack-done-desktop');

    const file = await download(page, () => page.click('[data-testid=flow-download]'));
    expect(file.name).toMatch(/^morning-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.data as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Audit activity by day',
      'Users and rights',
      'Tax and service rates',
      'Payment articles',
    ]);

    // a refresh on the last step comes back to it, read from the address and the server
    await page.reload();
    await page.locator('[data-testid=flow-download]').waitFor();
    await page.click('[data-testid=flow-action-AGAIN]');
    await page.locator('[data-testid=group-item-tax-service-rates]').waitFor();
    expect(page.url()).not.toContain('step=');
    await close();
  }, 300_000);

  it('runs to PDF on a phone, with the steps and the progress fitting the screen', async () => {
    const { page, close } = await adminAt(375);
    await page.goto('/utilities/group-report');
    await page.getByText('Morning management pack').click();
    await page.click('[data-testid=group-run-pdf]');
    await page.locator('[data-testid=flow-progress]').waitFor();
    await expect.poll(() => progressCount(page), { timeout: 30_000 }).toMatch(/of 4$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'report-pack-running-mobile');
    await page.locator('[data-testid=flow-summary]').waitFor({ timeout: 60_000 });
    await screenshot(page, 'report-pack-done-mobile');
    const file = await download(page, () => page.click('[data-testid=flow-download]'));
    const text = (await pdfPages(file.data)).join('\n');
    expect(text).toContain('Tax and service rates');
    await close();
  });

  it('Cancel stops the run on the server and brings the packs back', async () => {
    const { page, close } = await adminAt(1366);
    await page.goto('/utilities/group-report');
    await page.getByText('Morning management pack').click();
    await page.click('[data-testid=group-run-xlsx]');
    await page.locator('[data-testid=flow-cancel]').click();
    await page.locator('[data-testid=group-item-tax-service-rates]').waitFor();
    expect(page.url()).not.toContain('run=');
    await close();
  });
});
