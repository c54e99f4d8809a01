import fs from 'node:fs';
import ExcelJS from 'exceljs';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';
import { pdfPages } from '../support/pdfText.js';

/**
 * Budi Santoso, the accountant of the Grand Nusantara Bandung, keeps the books in the browser: he types a
 * journal voucher for the Telkom internet bill by keyboard, posts it, reverses it, closes last month, reads
 * the trial balance, the balance sheet and the profit and loss, and exports them — in Indonesian, his language.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; data: Buffer }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: dl.suggestedFilename(), data: fs.readFileSync((await dl.path())!) };
}

const status = (page: Page) => page.locator('[data-testid=document-status]');

async function act(page: Page, label: string) {
  await page.locator('.doc-actions').getByRole('button', { name: label, exact: true }).click();
  await page.keyboard.press('Enter'); // the confirm dialog's button has the focus
}

describe('the general ledger in the browser', () => {
  it('enters and posts a journal, reverses it, closes a month, reads TB, BS and P&L and exports them', async () => {
    const { page, context } = await newPage(browser, 1366, 900);
    await signIn(page, 'accountant');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto('/gl/transaction-gl/journal/journal-list');
    await page.getByRole('button', { name: 'Baru' }).click();
    await page.waitForURL('**/journal-form');
    const businessDate = dayjs().format('DD/MM/YYYY');
    await page.fill('#root_date', businessDate);
    await page.fill('#root_description', 'Telkom IndiHome internet');
    await page.fill('#root_reference', 'INV/TLK/2026/0457');
    await page.locator('[role=grid] [data-cell="0:0"]').click();
    const type = async (...cells: string[]) => {
      for (const c of cells) {
        if (c) await page.keyboard.type(c);
        await page.keyboard.press('Tab');
      }
    };
    await type('6103.01', '', 'Internet 300 Mbps', '3.885.000', '');
    await type('1102.01', '', 'Transfer BCA', '', '3.885.000');
    await expect.poll(() => page.locator('[data-total=debit]').innerText()).toBe('Debit 3.885.000');
    await expect.poll(() => page.locator('[data-total=difference]').innerText()).toBe('Selisih 0');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');
    await page.waitForURL(/journal-form\/\d+/);
    await expect.poll(() => status(page).innerText()).toBe('Draf');
    await screenshot(page, 'gl-journal-draft-desktop');

    await act(page, 'Posting');
    await expect.poll(() => status(page).innerText()).toBe('Diposting');
    // the scanned Telkom invoice stays with the posted journal
    await page.locator('[data-testid=attachments] input[type=file]').setInputFiles({
      name: 'telkom-nov.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\nTelkom IndiHome INV/TLK/2026/0457\n%%EOF\n'),
    });
    await expect.poll(() => page.getByTestId('attachments').innerText()).toContain('telkom-nov.pdf');
    await screenshot(page, 'gl-journal-attachment-desktop');
    await act(page, 'Balik');
    await expect.poll(() => status(page).innerText()).toBe('Dibalik');
    await screenshot(page, 'gl-journal-reversed-desktop');

    // last month is closed; the list of months says so
    const last = dayjs().subtract(1, 'month');
    await page.goto('/gl/transaction-gl/glclosing-list');
    const row = page.locator(`[data-period="${last.format('YYYY-MM')}"]`);
    await row.getByRole('button', { name: 'Tutup' }).click();
    await page.keyboard.press('Enter');
    await expect.poll(() => row.locator('.badge').first().innerText()).toBe('Ditutup');
    await screenshot(page, 'gl-closing-desktop');

    // the month's recurring journals wait for their day: insurance and depreciation, each with its amount
    await page.goto('/gl/transaction-gl/journal/recurring-list');
    await expect.poll(() => page.locator('.ag-row').count()).toBe(2);
    await expect.poll(() => page.locator('.list-grid').innerText()).toContain('85.000.000');
    await screenshot(page, 'gl-recurring-desktop');
    await page.locator('.ag-row', { hasText: 'ASURANSI' }).click();
    await page.waitForURL(/recurring-form\/\d+/);
    // it starts next month: nothing is due yet, and the accountant is told so
    await page.locator('.doc-actions').getByRole('button', { name: 'Buat draf jatuh tempo' }).click();
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('0 draf jurnal dibuat');
    await page.keyboard.press('Enter');

    // trial balance: debits equal credits, exported to Excel and PDF
    await page.goto('/gl/report-gl/report-trial-balance');
    const table = page.locator('[data-testid=report-result]');
    await table.locator('.report-total').first().waitFor();
    await screenshot(page, 'gl-trial-balance-desktop');
    const xlsx = await download(page, () => page.click('[data-testid=export-xlsx]'));
    expect(xlsx.name).toMatch(/^trial-balance-.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.data as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    let last2: ExcelJS.Row | undefined;
    sheet.eachRow((r) => (last2 = r));
    const values = (last2!.values as unknown[]).filter((v) => typeof v === 'number') as number[];
    // the grand total row: opening, debit, credit, closing debit, closing credit
    expect(values.at(-1)).toBe(values.at(-2));
    const pdf = await download(page, () => page.click('[data-testid=export-pdf]'));
    expect((await pdfPages(pdf.data))[0]).toContain('Neraca_Saldo');

    await page.goto('/gl/report-gl/report-balance-sheet');
    await table.locator('.report-total').first().waitFor();
    await screenshot(page, 'gl-balance-sheet-desktop');
    await page.goto('/gl/report-gl/report-profit-loss');
    await table.locator('.report-total').first().waitFor();
    expect(await table.innerText()).toContain('1 Rooms / Kamar');
    await screenshot(page, 'gl-profit-loss-desktop');
    const plPdf = await download(page, () => page.click('[data-testid=export-pdf]'));
    expect((await pdfPages(plPdf.data))[0]).toContain('Laba rugi');

    await page.goto('/gl/dashboard-gl');
    await page.locator('.tile').first().waitFor();
    await screenshot(page, 'gl-dashboard-desktop');
    await context.close();
  });

  it('fits a phone: the journal list, a journal and the trial balance at 375 px', async () => {
    const { page, context } = await newPage(browser, 375, 800);
    await signIn(page, 'accountant');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/gl/transaction-gl/journal/journal-list');
    await page.locator('.ag-row').first().waitFor();
    await screenshot(page, 'gl-journal-list-phone');
    await page.locator('.ag-row').first().click();
    await page.waitForURL(/journal-form\/\d+/);
    await status(page).waitFor();
    await screenshot(page, 'gl-journal-phone');
    await page.goto('/gl/report-gl/report-trial-balance');
    await page.locator('[data-testid=report-result] .report-total').first().waitFor();
    await screenshot(page, 'gl-trial-balance-phone');
    await context.close();
  });
});
