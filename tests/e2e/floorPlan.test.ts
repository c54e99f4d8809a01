import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the floor plan', () => {
  it('lets the front desk drag a garden room to another row, nudge it with the keyboard, and keeps the place after a reload', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/dashboard');
    await page.goto('/frontoffice/master/floor');
    await page.getByRole('link', { name: 'Denah lantai' }).click();
    await page.waitForURL('**/frontoffice/master/floor/floor-plan');
    const tile = page.locator('.room-tile', { hasText: 'G105' });
    await tile.waitFor();
    expect(await tile.evaluate((el) => [el.style.left, el.style.top])).toEqual(['360px', '0px']);

    const box = (await tile.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + 120, { steps: 5 });
    await page.mouse.move(box.x + 40, box.y + 220, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.press('ArrowRight');
    expect(await tile.evaluate((el) => [el.style.left, el.style.top])).toEqual(['405px', '180px']);
    await page.getByRole('button', { name: 'Simpan tata letak' }).click();
    await page.getByText('Tata letak Garden ground floor tersimpan').waitFor();
    await screenshot(page, 'floor-plan-moved');

    await page.reload();
    await tile.waitFor();
    expect(await tile.evaluate((el) => [el.style.left, el.style.top])).toEqual(['405px', '180px']);
    await context.close();
  });

  it('fits a phone: the plan scrolls sideways, the toolbar stays usable', async () => {
    const { page, context } = await newPage(browser, 375, 780);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/dashboard');
    await page.goto('/frontoffice/master/floor/floor-plan');
    await page.locator('.room-tile').first().waitFor();
    const scroll = page.locator('.floor-plan-scroll');
    expect(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'floor-plan-375');
    await context.close();
  });
});
