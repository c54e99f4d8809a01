import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * Agus Wijaya, the purchaser of the Grand Nusantara Bandung, in Indonesian: he adds a vegetable grower from
 * Pangalengan with its NPWP and the owner as contact, typed into the contacts grid, saves, then
 * opens the item list — at his desk and on his phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function choose(page: Page, field: string, text: string) {
  const input = page.locator(`#root_${field}`);
  await input.click();
  await input.fill(text);
  await page.locator('.lookup-option', { hasText: text }).first().click();
}

describe('the purchasing masters in the browser', () => {
  it('creates a supplier with a contact and opens the item list', async () => {
    const { page } = await newPage(browser, 1366, 900);
    await signIn(page, 'purchasing');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/purchasing/master-po/master-supplier/list');
    await expect.poll(() => page.locator('.ag-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(6);
    await screenshot(page, 'purchasing-suppliers-desktop');
    await page.getByRole('button', { name: 'Baru' }).click();
    await expect.poll(() => page.url()).toMatch(/form-master-supplier$/);

    await page.fill('#root_code', 'SUP-060');
    await page.fill('#root_name', 'Tani Mulya Pangalengan');
    await choose(page, 'segment_id', 'FRESH');
    await choose(page, 'payment_term_id', 'N14');
    await page.fill('#root_npwp', '02.345.678.9-444.000');
    await page.fill('#root_telephone', '022 597 9012');
    await page.fill('#root_email', 'order@tanimulya.co.id');
    await page.fill('#root_city', 'Kabupaten Bandung');
    await page.fill('#root_postal_code', '40378');
    const contacts = page.locator('[role=grid]').first();
    await contacts.locator('[data-cell="0:0"]').click();
    for (const cell of ['Ujang Suryana', 'Pemilik', '0812 2233 4455']) {
      await page.keyboard.type(cell);
      await page.keyboard.press('Tab');
    }
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/form-master-supplier\/\d+$/);
    const saved = await page.evaluate(
      async (id) => await (await fetch(`/api/data/purchasing/supplier/${id}`)).json(),
      page.url().split('/').pop(),
    );
    expect(saved).toMatchObject({
      code: 'SUP-060',
      npwp: '02.345.678.9-444.000',
      telephone: '022 597 9012',
      contacts: [{ name: 'Ujang Suryana', position: 'Pemilik' }],
    });
    await screenshot(page, 'purchasing-supplier-form-desktop');

    await page.goto('/purchasing/master-po/master-items/list');
    await expect.poll(() => page.locator('.ag-row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    await page.getByText('Beras premium').first().waitFor();
    await screenshot(page, 'purchasing-items-desktop');

    const phone = await newPage(browser, 375, 800);
    await signIn(phone.page, 'purchasing');
    await phone.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await phone.page.goto('/purchasing/master-po/master-items/list');
    await expect.poll(() => phone.page.locator('.ag-row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    await screenshot(phone.page, 'purchasing-items-mobile');
    await phone.page.goto(`/purchasing/master-po/master-supplier/form-master-supplier/${saved.id}`);
    await expect.poll(() => phone.page.locator('#root_name').inputValue()).toBe('Tani Mulya Pangalengan');
    await screenshot(phone.page, 'purchasing-supplier-form-mobile');
  });
});
