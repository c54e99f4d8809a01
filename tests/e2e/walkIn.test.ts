import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOTS, launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * Siti (frontdesk) at the Grand Nusantara Bandung: a guest without a booking walks in. From today's arrivals she
 * opens the walk-in screen, types the guest's name and KTP number, keeps the rate, the clean room and the
 * deposit the screen proposes (the stay's total, in cash), and checks him in with Enter: the folio opens with
 * the deposit on it. The steps are counted; the screen is photographed at 1366 and 375 px.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const money = (v: string) => Number(v.replace(/[^0-9-]/g, ''));

async function openWalkIn(page: Page) {
  await page.locator('[data-testid=walk-in] .ltb-offers:not(.stale) .ltb-rate.picked').waitFor();
  await page.locator('#wi-room option').first().waitFor({ state: 'attached' });
}

describe('a walk-in at the front desk', () => {
  it('checks a guest without a booking in from the arrivals list in five steps, the deposit on the new folio', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    await page.goto('/frontoffice/reservation/arrivals');

    const count = { actions: 0, keys: 0 };
    const type = async (text: string) => {
      count.keys += text.length;
      await page.keyboard.type(text);
    };
    const press = async (key: string) => {
      count.keys++;
      await page.keyboard.press(key);
    };
    // the arrivals list's own button: the menu beside it has a Walk-in entry too once it has loaded
    await page.locator('#content').getByRole('link', { name: 'Walk-in' }).click(); // 1. the walk-in screen
    count.actions++;
    await page.waitForURL('**/frontoffice/reservation/walk-in');
    await openWalkIn(page);
    await page.locator('#wi-guest:focus').waitFor();
    await type('Antonius Simanjuntak'); // 2. the guest, new
    count.actions++;
    await page.locator('#wi-id-number').waitFor();
    expect(await page.locator('#wi-id-type option:checked').innerText()).toContain('KTP');
    await press('Tab'); // the identity document type: KTP, as proposed
    await press('Tab');
    await type('1271052307840002'); // 3. the KTP number
    count.actions++;
    await page.locator('#wi-nights').focus(); // 4. two nights
    await type('2');
    count.actions++;
    await page.locator('[data-testid=walk-in] .ltb-offers:not(.stale) .ltb-rate.picked').waitFor();
    const total = await page.locator('[data-testid=wi-total]').innerText();
    await expect.poll(() => page.locator('#wi-amount').inputValue()).toBe(total);
    const room = await page.locator('#wi-room option:checked').innerText();
    await screenshot(page, 'walk-in-1366');
    await page.locator('#wi-id-number').focus();
    await press('Enter'); // 5. check in
    count.actions++;

    await page.waitForURL(/\/frontoffice\/billing\/edit\/\d+/);
    const folioId = Number(/edit\/(\d+)/.exec(page.url())![1]);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOTS, 'walk-in-steps.json'), JSON.stringify(count));
    console.log(`walk-in from the arrivals list: ${count.actions} actions, ${count.keys} keystrokes`);
    expect(count.actions).toBeLessThanOrEqual(5);

    const folio = (await (await page.request.get(`/api/data/frontoffice/folio/${folioId}`)).json()) as Record<string, unknown>;
    const balance = (await (await page.request.get(`/api/data/frontoffice/folio-balance/${folioId}`)).json()) as { balance: string };
    expect(Number(balance.balance)).toBe(-money(total));
    const stay = (await (await page.request.get(`/api/data/frontoffice/reservation/${folio.reservation_id}`)).json()) as Record<
      string,
      any
    >;
    expect(stay).toMatchObject({ status: 'in_house', walk_in: true });
    expect(stay._refs.guest_id).toBe('Antonius Simanjuntak');
    expect(stay._refs.room_id).toContain(room.split(' ')[0]);
    await page.locator('.document, [data-testid=document]').first().waitFor();
    await screenshot(page, 'walk-in-folio-1366');
  });

  it('is one column on a phone, and opens on the room given, as the walk-in button of the room plan gives it', async () => {
    const { page } = await newPage(browser, 375, 800);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    const day = (await (await page.request.get('/api/reports/fo-today')).json()).context.businessDate as string;
    const tomorrow = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const filter = JSON.stringify({ hk_status: { op: 'in', value: ['vacant_clean', 'vacant_inspected'] } });
    const scope = JSON.stringify({ name: 'freeForStay', params: { arrival: day, departure: tomorrow } });
    const ready = await page.request.get(
      `/api/data/frontoffice/room/lookup?filter=${encodeURIComponent(filter)}&scope=${encodeURIComponent(scope)}`,
    );
    const clean = ((await ready.json()).rows as { id: number }[])[1];
    await page.goto(`/frontoffice/reservation/walk-in?room=${clean.id}`);
    await openWalkIn(page);
    await expect.poll(() => page.locator('#wi-room').inputValue()).toBe(String(clean.id));
    await page.locator('#wi-guest').fill('Maria Goretti Sinaga');
    await screenshot(page, 'walk-in-375');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
