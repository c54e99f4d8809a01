import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function reservation(page: Page, code: string) {
  const res = await page.request.get(`/api/data/frontoffice/reservation?q=${code}&limit=1`);
  return (await res.json()).rows[0] as {
    id: number;
    code: string;
    arrival: string;
    departure: string;
    status: string;
    _refs: Record<string, string>;
  };
}

async function dragBy(page: Page, selector: string, dx: number, dy: number) {
  const box = (await page.locator(selector).boundingBox())!;
  // grab a bar near its start (clear of the edge handle), a handle at its middle
  const x = box.width > 40 ? box.x + 20 : box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

describe('the front desk on the room plan', () => {
  it('books a free night, moves the booking by drag, extends it, cancels it with a reason and prints its confirmation', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/dashboard');
    await page.goto('/frontoffice/roomplan');
    await page.locator('[data-testid=roomplan]').waitFor();
    const from = page.getByLabel('Malam pertama');
    await from.fill('01/02/2027');
    await from.press('Enter');
    await page.locator('.rp-day', { hasText: '01/02' }).first().waitFor();

    await page.getByLabel('201 02/02/2027', { exact: true }).click();
    await page.fill('#ltb-guest', 'Wulan Sari Dewi');
    await page.fill('#ltb-nights', '2');
    await page.locator('.ltb-offers:not(.stale) .ltb-rate.picked').waitFor();
    await page.click('[data-testid=ltb-book]');
    const toastText = await page.locator('.toast', { hasText: '02/02/2027 – 04/02/2027' }).innerText();
    const code = /R\d+/.exec(toastText)![0];
    const bar = `[data-testid=bar-${code}]`;
    await page.locator(bar).waitFor();
    expect(await reservation(page, code)).toMatchObject({ arrival: '2027-02-02', departure: '2027-02-04', status: 'confirmed' });
    await screenshot(page, 'roomplan-booked-desktop');

    // one night later and one room down
    const dayWidth = (await page.locator('.rp-day').first().boundingBox())!.width;
    await dragBy(page, bar, dayWidth, 34);
    await page.locator('.toast', { hasText: `${code} sekarang 03/02/2027 – 05/02/2027` }).waitFor();
    expect((await reservation(page, code))._refs.room_id).toMatch(/^202/);
    // the plan draws the bar again once its refresh arrives; its handle is grabbed from that drawing
    await page.locator(`${bar}[title*="03/02/2027 – 05/02/2027"]`).waitFor();

    // drag the right edge one night further
    await dragBy(page, `[data-testid=extend-${code}]`, dayWidth, 0);
    await page.locator('.toast', { hasText: `${code} sekarang 03/02/2027 – 06/02/2027` }).waitFor();
    expect(await reservation(page, code)).toMatchObject({ arrival: '2027-02-03', departure: '2027-02-06' });

    // moving onto a night another guest holds is refused with that booking's number
    await page.getByLabel('201 06/02/2027', { exact: true }).click();
    await page.fill('#ltb-guest', 'Agus Salim');
    await page.locator('.ltb-offers:not(.stale) .ltb-rate.picked').waitFor();
    await page.click('[data-testid=ltb-book]');
    const other = /R\d+/.exec(
      await page.locator('.toast', { hasText: '06/02/2027 – 07/02/2027' }).filter({ hasNotText: code }).innerText(),
    )![0];
    await page.locator(`[data-testid=bar-${other}]`).waitFor();
    await dragBy(page, `[data-testid=extend-${code}]`, dayWidth, 0);
    await page.locator('.toast', { hasText: `${code} sekarang 03/02/2027 – 07/02/2027` }).waitFor();
    await dragBy(page, `[data-testid=bar-${other}]`, -dayWidth, 34);
    await page.locator('.toast', { hasText: `sudah dipesan oleh reservasi ${code}` }).waitFor();

    // the reservation list: cancel with a reason, and the confirmation letter
    const r = await reservation(page, code);
    await page.goto(`/frontoffice/reservation/list?edit=${r.id}`);
    const drawer = page.locator('.drawer');
    const [dl] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Surat konfirmasi (PDF)' }).click()]);
    const text = (await pdfPages(fs.readFileSync((await dl.path())!)))[0];
    expect(text).toContain(code);
    expect(text).toContain('Wulan Sari Dewi');
    await drawer.getByRole('button', { name: 'Batalkan reservasi' }).click();
    const reason = drawer.locator('#action-cancel-reason_id');
    await reason.click();
    await reason.fill('Change');
    await drawer.locator('[role=option]', { hasText: 'Change of plans' }).click();
    await drawer.locator('#action-cancel-note').fill('Tamu menunda perjalanan');
    await screenshot(page, 'reservation-cancel-desktop');
    await page.click('[data-testid=action-run-cancel]');
    await expect.poll(async () => (await reservation(page, code)).status).toBe('cancelled');
    await context.close();
  });
});

describe('on a phone', () => {
  it('the reservation list and the reservation form are usable at 375 px', async () => {
    const { page, context } = await newPage(browser, 375);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/dashboard');
    await page.goto('/frontoffice/reservation/list');
    await page.locator('.ag-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'reservation-list-mobile');
    await page.goto('/frontoffice/reservation/begining');
    await page.locator('#root_arrival').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const field = (await page.locator('#root_arrival').boundingBox())!;
    expect(field.width).toBeGreaterThan(200);
    await screenshot(page, 'reservation-form-mobile');
    await context.close();
  });
});
