import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';
import { pdfPages } from '../support/pdfText.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function adminAt(width = 1366): Promise<{ page: Page; close(): Promise<void> }> {
  const { page, context } = await newPage(browser, width);
  await signIn(page, 'admin');
  await page.waitForURL('**/dashboard');
  return { page, close: () => context.close() };
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; data: Buffer }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await dl.path();
  return { name: dl.suggestedFilename(), data: fs.readFileSync(file!) };
}

describe('reports in the browser', () => {
  it('opens a report by code, changes a parameter, reads the totals and exports it', async () => {
    const { page, close } = await adminAt();
    await page.goto('/utilities/reporting/tax-service-rates');
    const table = page.locator('[data-testid=report-result]');
    await table.getByText('TS21N').waitFor();
    await page.fill('#param-amount', '2000000');
    await page.click('[data-testid=report-run]');
    await page.waitForURL(/amount=2000000/);
    await table.getByText('2.420.000').waitFor();
    expect(await table.innerText()).toContain('Nett (service and tax included)');
    await screenshot(page, 'report-tax-service-desktop');

    const xlsx = await download(page, () => page.click('[data-testid=export-xlsx]'));
    expect(xlsx.name).toMatch(/^tax-service-rates-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.data as unknown as ArrayBuffer);
    const totals: unknown[] = [];
    wb.worksheets[0].eachRow((r) => totals.push(r.getCell(10).value));
    expect(totals).toContain(2420000);

    const pdf = await download(page, () => page.click('[data-testid=export-pdf]'));
    expect((await pdfPages(pdf.data))[0]).toContain('Sample price: 2.000.000');
    await close();
  });

  it('shows groups, subtotals and a chart, and fits a phone', async () => {
    const { page, close } = await adminAt(375);
    await page.goto('/utilities/reporting/audit-activity');
    await page.locator('.report-total').waitFor();
    expect(await page.locator('.chart svg rect').count()).toBeGreaterThan(0);
    expect(await page.locator('.report-subtotal').count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'report-audit-mobile');
    await close();
  });

  it('a designer adds a property report from the catalog, dry-runs it, saves it and runs it', async () => {
    const { page, close } = await adminAt();
    await page.goto('/utilities/reporting');
    await page.click('[data-testid=report-new]');
    await page.fill('#report-code', 'daily-changes');
    const def = {
      code: 'daily-changes',
      module: 'utilities',
      name: { en: 'Daily changes', id: 'Perubahan harian' },
      sql: 'SELECT a.entity, count(*) AS changes FROM audit_log a WHERE a.branch_id = :branch_id GROUP BY 1',
      columns: [
        { field: 'entity', title: { en: 'Subject', id: 'Subjek' } },
        { field: 'changes', title: { en: 'Changes', id: 'Perubahan' }, type: 'integer' },
      ],
      totals: ['changes'],
    };
    await page.fill('#report-definition', JSON.stringify(def, null, 2));
    await page.click('[data-testid=report-dry-run]');
    await page.locator('.drawer .report-total').waitFor();
    await page.fill('#report-note', 'for the night manager');
    await screenshot(page, 'report-designer-desktop');
    await page.click('[data-testid=report-save]');
    await page.getByText('Report daily-changes saved as version 1.').waitFor();
    await page.locator('.drawer').getByText('for the night manager').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=report-daily-changes]').getByText("This property's own").waitFor();
    await page.click('[data-testid=report-daily-changes] a');
    await page.waitForURL('**/utilities/reporting/daily-changes');
    await page.locator('h1', { hasText: 'Daily changes' }).waitFor();
    await page.locator('.report-total').waitFor();
    await close();
  });

  it('a report the database refuses to run is explained in the designer, not saved', async () => {
    const { page, close } = await adminAt();
    await page.goto('/utilities/reporting');
    await page.click('[data-testid=report-new]');
    await page.fill('#report-code', 'sneaky');
    await page.fill(
      '#report-definition',
      JSON.stringify({
        code: 'sneaky',
        name: { en: 'Sneaky', id: 'Licik' },
        sql: 'SELECT password_hash FROM app_user',
        columns: [{ field: 'password_hash', title: { en: 'H', id: 'H' } }],
      }),
    );
    await page.click('[data-testid=report-save]');
    await page.locator('.drawer .alert-danger').getByText('permission denied for table app_user').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-testid=report-sneaky]').count()).toBe(0);
    await close();
  });

  it('runs the morning pack into one workbook with a progress bar', async () => {
    const { page, close } = await adminAt();
    await page.goto('/utilities/group-report');
    await page.getByText('Morning management pack').click();
    await page.locator('[data-testid=group-item-tax-service-rates]').waitFor();
    await screenshot(page, 'group-report-desktop');
    await page.click('[data-testid=group-run-xlsx]');
    await page.locator('[data-testid=flow-progress]').waitFor();
    const file = await download(page, () => page.click('[data-testid=flow-download]'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.data as unknown as ArrayBuffer);
    expect(wb.worksheets).toHaveLength(4);
    await close();
  });

  it('imports banks from a spreadsheet with a column mapping', async () => {
    const { page, close } = await adminAt();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Banks');
    ws.addRow(['Bank code', 'Nama', 'Remarks']);
    ws.addRow(['BJB', 'Bank BJB', 'regional bank']);
    ws.addRow(['BSI', 'Bank Syariah Indonesia', '']);
    const file = path.join(os.tmpdir(), `banks-${Date.now()}.xlsx`);
    await wb.xlsx.writeFile(file);

    await page.goto('/utilities/import-excel');
    await page.selectOption('#imp-entity', 'system/bank');
    await page.setInputFiles('#imp-file', file);
    // "Nama" matches the Indonesian label by itself; "Bank code" is mapped by hand
    await page.locator('[data-testid="map-Nama"]').waitFor();
    expect(await page.locator('[data-testid="map-Nama"]').inputValue()).toBe('name');
    await page.selectOption('[data-testid="map-Bank code"]', 'code');
    await screenshot(page, 'import-mapping-desktop');
    await page.click('[data-testid=import-run]');
    await page.locator('[data-testid=flow-summary]').getByText('2 rows imported.').waitFor();
    await screenshot(page, 'import-done-desktop');
    await page.goto('/system/global-master/masterbank');
    await page.getByText('Bank Syariah Indonesia').waitFor();
    fs.rmSync(file, { force: true });
    await close();
  });

  it('names the problems of a file on a phone, imports nothing, and goes back to the mapping', async () => {
    const { page, close } = await adminAt(375);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Banks');
    ws.addRow(['Code', 'Name']);
    ws.addRow(['BPD1', 'Bank Pembangunan Daerah Jawa Barat']);
    ws.addRow(['BPD1', 'Bank Pembangunan Daerah Bali']);
    const file = path.join(os.tmpdir(), `bpd-${Date.now()}.xlsx`);
    await wb.xlsx.writeFile(file);
    await page.goto('/utilities/import-excel');
    await page.selectOption('#imp-entity', 'system/bank');
    await page.setInputFiles('#imp-file', file);
    await page.locator('[data-testid="map-Code"]').waitFor();
    await page.click('[data-testid=import-run]');
    const summary = page.locator('[data-testid=flow-summary]');
    await summary.getByText('Nothing was imported: 1 problem(s) to fix in the file.').waitFor();
    expect(await summary.locator('table').innerText()).toContain('The same key is already on row 2 of the file.');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'import-problems-mobile');
    await page.click('[data-testid=flow-back]');
    await page.locator('[data-testid="map-Code"]').waitFor();
    fs.rmSync(file, { force: true });
    await close();
  });
});
