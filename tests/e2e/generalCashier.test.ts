import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * Budi Santoso keeps the general cashier's box of the Grand Nusantara Bandung, in Indonesian: he opens his
 * shift with Rp 5.000.000, records Agus Santoso's cash advance for a water-pump part, the general manager
 * approves it in English, Budi pays it out, settles it with two receipts and takes the change back, then
 * counts the box note by note and closes the shift.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.locator('[data-testid=document-status]');

async function act(page: Page, label: string, confirm = true) {
  await page.locator('.doc-actions').getByRole('button', { name: label, exact: true }).click();
  if (confirm) await page.keyboard.press('Enter'); // the confirm dialog's button has the focus
}

async function choose(page: Page, field: string, text: string) {
  const input = page.locator(`#root_${field}`);
  await input.click();
  await input.fill(text);
  await page.locator('.lookup-option', { hasText: text }).first().click();
}

describe('the general cashier in the browser', () => {
  it('opens a shift, pays out an approved cash advance, settles it with receipts and closes the shift on the count', async () => {
    const { page } = await newPage(browser, 1366, 900);
    await signIn(page, 'accountant');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // 1–3: the shift opens on the petty-cash box with the float counted in
    await page.goto('/gc/transaction-gc/shift');
    const box = page.locator('#gc-cash-account option', { hasText: '1101.03' });
    await page.selectOption('#gc-cash-account', (await box.getAttribute('value'))!);
    await page.fill('#gc-float', '5.000.000');
    await page.getByTestId('gc-shift-open-submit').click();
    await expect.poll(() => page.getByTestId('gc-expected').innerText()).toMatch(/5\.000\.000/);

    // 4–9: the cash advance, asked for
    await page.goto('/gc/transaction-gc/cash-adv/cash-adv-list');
    await page.getByRole('link', { name: 'Uang muka baru' }).click();
    await page.waitForURL('**/cash-adv-form/advance');
    await choose(page, 'setup_id', 'OPS');
    await page.fill('#root_date', dayjs().format('DD/MM/YYYY'));
    await page.fill('#root_employee', 'Agus Santoso');
    await page.fill('#root_description', 'Suku cadang pompa air, Jl. Cihampelas');
    await page.fill('#root_amount', '3.000.000');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+S');
    await page.waitForURL(/cash-adv-form\/advance\/\d+/);
    const address = page.url();
    await expect.poll(() => status(page).innerText()).toBe('Draf');
    await act(page, 'Ajukan', false);
    await expect.poll(() => status(page).innerText()).toBe('Diajukan');

    // 10–12: the general manager approves it, in English
    const gm = await newPage(browser, 1366, 900);
    await signIn(gm.page, 'admin');
    await gm.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await gm.page.goto(address);
    await act(gm.page, 'Approve');
    await expect.poll(() => status(gm.page).innerText()).toBe('Approved');
    await gm.context.close();

    // 13–14: Budi pays it out of his box
    await page.reload();
    await act(page, 'Cairkan');
    await expect.poll(() => status(page).innerText()).toBe('Dicairkan');

    // 15–19: the receipts come back, each under its purpose; settling takes the change back
    await page.getByRole('button', { name: 'Tambah baris' }).click();
    await page.locator('[role=grid] [data-cell="0:0"]').click();
    const type = async (...cells: string[]) => {
      for (const c of cells) {
        if (c) await page.keyboard.type(c);
        await page.keyboard.press('Tab');
      }
    };
    await type('PERBAIKAN', '', 'TB-SINAR-0912', 'Impeller Grundfos', '1.250.000');
    await type('ATK', '', 'GRAMEDIA-4471', 'Meterai dan map', '1.175.000');
    await expect.poll(() => page.locator('[data-total=receipts]').innerText()).toMatch(/2\.425\.000/);
    await expect.poll(() => page.locator('[data-total=difference]').innerText()).toMatch(/575\.000/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');
    await expect.poll(() => page.locator('.doc-actions').getByRole('button', { name: 'Selesaikan' }).isVisible()).toBe(true);
    await act(page, 'Selesaikan');
    await expect.poll(() => status(page).innerText()).toBe('Selesai');
    await screenshot(page, 'gc-advance-settled-desktop');

    // 20–23: the box should hold 5.000.000 − 3.000.000 + 575.000; Budi counts it and closes
    await page.goto('/gc/transaction-gc/shift');
    await expect.poll(() => page.getByTestId('gc-expected').innerText()).toMatch(/2\.575\.000/);
    await expect.poll(() => page.getByTestId('gc-movements').locator('tbody tr').count()).toBe(2);
    await screenshot(page, 'gc-shift-desktop');
    await page.getByTestId('gc-shift-count').click();
    for (const [note, n] of [
      [100000, '25'],
      [50000, '1'],
      [20000, '1'],
      [5000, '1'],
    ] as const)
      await page.fill(`#gc-count-${note}`, n);
    await expect.poll(() => page.getByTestId('gc-counted').innerText()).toMatch(/2\.575\.000/);
    await expect.poll(() => page.getByTestId('gc-difference').innerText()).toMatch(/^\s*(Rp\s?)?0\s*$/);
    await screenshot(page, 'gc-shift-count-desktop');
    await page.getByTestId('gc-shift-close-submit').click();
    await expect.poll(() => page.getByTestId('flow-summary').innerText()).toMatch(/Shift ditutup/);
    await screenshot(page, 'gc-shift-closed-desktop');
  });

  it('fits a phone: the advance list and a cash-advance form at 375 px', async () => {
    const { page } = await newPage(browser, 375, 800);
    await signIn(page, 'accountant');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/gc/transaction-gc/cash-adv/cash-adv-list');
    await page.locator('.ag-row').first().click();
    await page.waitForURL(/cash-adv-form\/advance\/\d+/);
    await expect.poll(() => status(page).innerText()).toBe('Selesai');
    await screenshot(page, 'gc-advance-mobile');
    await page.goto('/gc/transaction-gc/shift');
    await page.getByTestId('gc-shift-open').waitFor();
    await screenshot(page, 'gc-shift-open-mobile');
  });
});
