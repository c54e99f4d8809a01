import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, newTablet, screenshot, signIn } from '../support/browser.js';

/**
 * The captain of the Kembang Restaurant arranges the indoor room on the table plan before service, on the
 * restaurant's tablet (1024 × 768, touch, Indonesian): T03 goes where it really stands, the layout is saved and
 * survives a reload; then, serving, a tap on T11 seats it and opens its bill, and the plan shows it seated.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const place = (page: Page, code: string) =>
  page.getByTestId(`plan-table-${code}`).evaluate((el) => [(el as HTMLElement).style.left, (el as HTMLElement).style.top]);

async function chooseRestaurant(page: Page) {
  const select = page.getByRole('combobox', { name: 'Outlet' });
  const resto = select.locator('option', { hasText: 'Kembang Restaurant' });
  await select.selectOption((await resto.getAttribute('value'))!);
}

describe('the table plan', () => {
  it('lets the captain drag a table where it stands, keeps the layout, and seats a table with a tap', async () => {
    const page = await newTablet(browser);
    await signIn(page, 'cashier');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // 1–2: the plan of the restaurant, indoor first, every table in its state
    await page.goto('/pointofsales/table-plan');
    await chooseRestaurant(page);
    await expect.poll(() => page.getByRole('button', { name: 'Indoor' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('plan-table-T03').waitFor();
    expect(await place(page, 'T03')).toEqual(['180px', '0px']);
    await screenshot(page, 'pos-table-plan-tablet');

    // 3–6: arranging: T03 is dragged two rows down, nudged right with the arrow key, and the layout saved
    await page.getByRole('button', { name: 'Atur meja' }).tap();
    const box = (await page.getByTestId('plan-table-T03').boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + 120, { steps: 5 });
    await page.mouse.move(box.x + 40, box.y + 220, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.press('ArrowRight');
    expect(await place(page, 'T03')).toEqual(['225px', '180px']);
    await screenshot(page, 'pos-table-plan-arranging');
    await page.getByRole('button', { name: 'Simpan tata letak' }).tap();
    await page.getByText('Tata letak Indoor tersimpan').waitFor();
    await page.getByRole('button', { name: 'Selesai' }).tap();

    // 7: the place stays after a reload
    await page.reload();
    await page.getByTestId('plan-table-T03').waitFor();
    expect(await place(page, 'T03')).toEqual(['225px', '180px']);

    // 8–9: serving again: a tap on a free table seats it and opens its bill on the order pad
    await expect(page.getByTestId('plan-table-T11').getAttribute('class')).resolves.toContain('pos-free');
    await page.getByTestId('plan-table-T11').tap();
    await page.waitForURL(/\/pos\/transaction\/order\?check=\d+$/);
    await page.getByTestId('pos-order').waitFor();

    // 10: back on the plan, T11 is seated
    await page.goto('/pointofsales/table-plan');
    await expect.poll(() => page.getByTestId('plan-table-T11').getAttribute('class')).toContain('pos-seated');
    await page.getByRole('button', { name: 'Terrace' }).tap();
    await page.getByTestId('plan-table-T17').waitFor();
    await page.context().close();
  });

  it('reads on a phone and on the back-office desk', async () => {
    for (const [width, height, name] of [
      [375, 760, 'pos-table-plan-phone'],
      [1366, 860, 'pos-table-plan-desk'],
    ] as const) {
      const { page, context } = await newPage(browser, width, height);
      await signIn(page, 'cashier');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/pos/transaction/table-master-plan');
      await chooseRestaurant(page);
      await page.getByTestId('plan-table-T11').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, name);
      await context.close();
    }
  });
});
