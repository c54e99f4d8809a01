import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOTS, launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * The front desk's workspace as Siti (frontdesk) uses it at Grand Nusantara Bandung: a new guest booked for
 * two nights from the room plan by keyboard only (actions and keystrokes counted), found again by surname
 * from the header, an unassigned booking dragged onto a room, a move undone.
 */
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
    room_id: number | null;
    _refs: Record<string, string>;
  };
}
async function jumpTo(page: Page, date: string) {
  const box = page.locator('.roomplan-jump input');
  await box.fill(date);
  await box.press('Enter');
  await page.locator(`.rp-day[title="${date}"]`).first().waitFor();
}
const activeRole = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('role'));

describe('the front desk workspace', () => {
  it('books a new guest for two nights from the room plan by keyboard only, finds her by surname, drags an unassigned booking onto a room and undoes a move', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    await page.goto('/frontoffice/roomplan');
    await page.locator('[data-testid=roomplan] .rp-row[data-room]').first().waitFor();
    await jumpTo(page, '01/06/2027');
    const firstRoom = await page.locator('.rp-row[data-room]').first().getAttribute('data-room');

    // from the plan on the wanted window, keyboard only
    const count = { actions: 0, keys: 0 };
    const press = async (key: string) => {
      count.keys++;
      await page.keyboard.press(key);
    };
    const type = async (text: string) => {
      count.keys += text.length;
      await page.keyboard.type(text);
    };
    expect(await activeRole(page)).toBe('grid');
    await press('ArrowRight'); // 1. the night of 02/06/2027 in the first room
    count.actions++;
    await press('Enter'); // 2. look to book, that room and night
    count.actions++;
    await page.locator('#ltb-guest:focus').waitFor();
    await page.locator('.ltb-rate.picked').waitFor();
    await type('Wayan Sudirta'); // 3. the guest, new
    count.actions++;
    await press('Tab');
    await press('Tab');
    await type('2'); // 4. two nights
    count.actions++;
    await page.locator('.ltb-offers:not(.stale) .ltb-rate.picked').waitFor();
    await screenshot(page, 'frontdesk-look-to-book-roomplan-1366');
    await press('Enter'); // 5. confirm
    count.actions++;
    const toast = await page.locator('.toast', { hasText: '02/06/2027 – 04/06/2027' }).innerText();
    const code = /R\d+/.exec(toast)![0];
    const booked = await reservation(page, code);
    expect(booked).toMatchObject({ arrival: '2027-06-02', departure: '2027-06-04' });
    expect(booked._refs).toMatchObject({ guest_id: 'Wayan Sudirta' });
    expect(booked._refs.room_id).toContain(firstRoom!);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOTS, 'frontdesk-keyboard-booking.json'), JSON.stringify(count));
    console.log(`keyboard booking from the room plan: ${count.actions} actions, ${count.keys} keystrokes`);
    expect(count.actions).toBeLessThan(8);
    expect(count.keys).toBeLessThan(30);
    await page.locator(`[data-testid=bar-${code}]`).waitFor();

    // undo a move: the booking one night later by Alt+→, then taken back
    await page.locator('[data-testid=roomplan]').click({ position: { x: 5, y: 5 } });
    await page.locator('.roomplan-scroll').focus();
    await page.keyboard.press('Alt+ArrowRight');
    await page
      .locator('.toast', { hasText: `${code}` })
      .filter({ hasText: '03/06/2027 – 05/06/2027' })
      .waitFor();
    expect(await reservation(page, code)).toMatchObject({ arrival: '2027-06-03', departure: '2027-06-05' });
    await page.click('[data-testid=rp-undo]');
    // the undo's toast, not the booking's with the same dates (still up on a slow machine)
    await page
      .locator('.toast', { hasText: `${code}` })
      .filter({ hasText: '02/06/2027 – 04/06/2027' })
      .filter({ hasNotText: 'dipesan' })
      .waitFor();
    expect(await reservation(page, code)).toMatchObject({ arrival: '2027-06-02', departure: '2027-06-04' });
    await screenshot(page, 'frontdesk-roomplan-1366');

    // find her by surname from the header
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 600, y: 20 } });
    await page.keyboard.press('/');
    await page.keyboard.type('Sudirta');
    await page.locator('#header-search-results [role=option]', { hasText: code }).waitFor();
    await screenshot(page, 'frontdesk-header-search-1366');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/frontoffice/reservation/detail/${booked.id}`);

    // an unassigned booking dragged onto the second room
    const session = await (await context.request.get('/api/auth/me')).json();
    const headers = { 'x-csrf-token': session.csrfToken };
    const rates = (await (await page.request.get('/api/frontoffice/offers?arrival=2027-06-08&departure=2027-06-10&adults=2')).json())
      .roomTypes;
    const type0 = rates.find((r: any) => !r.refused && r.rates.length);
    const guest = (await (await page.request.get('/api/frontoffice/guest-search?q=Wayan%20Sudirta')).json()).rows[0];
    const made = await page.request.post('/api/ops/frontoffice.book', {
      data: {
        guest_id: guest.id,
        arrival: '2027-06-08',
        departure: '2027-06-10',
        adults: 2,
        room_type_id: type0.room_type_id,
        rate_code_id: type0.rates[0].rate_code_id,
      },
      headers,
    });
    expect(made.status(), await made.text()).toBe(200);
    const lone = (await made.json()).code as string;
    await page.goto('/frontoffice/roomplan');
    await page.locator('[data-testid=roomplan] .rp-row[data-room]').first().waitFor();
    await jumpTo(page, '01/06/2027');
    const chip = page.locator(`[data-testid=unassigned-${lone}]`);
    await chip.waitFor();
    const room = page.locator('.rp-row[data-room]').nth(1);
    const roomCode = await room.getAttribute('data-room');
    await chip.dragTo(room, { targetPosition: { x: 300, y: 10 } });
    await page.locator('.toast', { hasText: lone }).filter({ hasText: '08/06/2027' }).waitFor();
    expect((await reservation(page, lone))._refs.room_id).toContain(roomCode!);
    await page.locator(`[data-testid=bar-${lone}]`).waitFor();
    await context.close();
  }, 120_000);

  it('looks to book on a phone: the stay, the offers and the guest on one column, the confirm button under the thumb', async () => {
    const { page, context } = await newPage(browser, 375, 812);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    await page.goto('/frontoffice/reservation/book');
    await page.locator('.ltb-rate.picked').waitFor();
    await page.fill('#ltb-nights', '3');
    await page.locator('.ltb-offers:not(.stale) .ltb-rate.picked').waitFor();
    await screenshot(page, 'frontdesk-look-to-book-375');
    await page.fill('#ltb-guest', 'Nyoman Suarsana');
    await page.click('[data-testid=ltb-book]');
    await page.waitForURL('**/frontoffice/reservation/detail/*');
    await context.close();
    const wide = await newPage(browser);
    await signIn(wide.page, 'frontdesk');
    await wide.page.waitForURL('**/frontoffice/dashboard');
    await wide.page.goto('/frontoffice/reservation/book');
    await wide.page.locator('.ltb-rate.picked').waitFor();
    await screenshot(wide.page, 'frontdesk-look-to-book-1366');
    await wide.page.goto('/frontoffice/roomplan');
    await wide.page.locator('[data-testid=roomplan] .rp-row[data-room]').first().waitFor();
    await wide.page.getByRole('button', { name: /^30 / }).click();
    await wide.page.locator('.roomplan').first().waitFor();
    await wide.page.locator('.roomplan-toolbar .segmented button').nth(3).click();
    await screenshot(wide.page, 'frontdesk-roomplan-30-compact-1366');
    await wide.context.close();
    const phone = await newPage(browser, 375, 812);
    await signIn(phone.page, 'frontdesk');
    await phone.page.waitForURL('**/frontoffice/dashboard');
    await phone.page.goto('/frontoffice/roomplan');
    await phone.page.locator('[data-testid=roomplan] .rp-row[data-room]').first().waitFor();
    await screenshot(phone.page, 'frontdesk-roomplan-375');
    await phone.context.close();
  }, 120_000);

  it('shows all 120 rooms of Grand Nusantara Bandung at once at 1366×800 in the "all rooms" density, bars readable and opening their stay', async () => {
    const { page, context } = await newPage(browser, 1366, 800);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    await page.goto('/frontoffice/roomplan');
    await page.locator('[data-testid=roomplan] .rp-row[data-room]').first().waitFor();
    // comfortable, compact, all rooms (Siti reads Indonesian: "Semua kamar")
    await page.locator('.roomplan-toolbar .segmented button').nth(4).click();
    const rows = page.locator('[data-testid=roomplan-overview] .rp-ov-row[data-room]');
    await expect.poll(() => rows.count()).toBe(120);
    const boxes = await rows.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    for (const b of boxes) {
      expect(b.bottom).toBeLessThanOrEqual(800);
      expect(b.right).toBeLessThanOrEqual(1366);
      expect(b.height).toBeGreaterThanOrEqual(14);
    }
    const codes = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-room')));
    expect(new Set(codes).size).toBe(120);
    const bar = page.locator('.rp-ov-bar[data-testid^=bar-]').first();
    const fontSize = await bar.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(10);
    await screenshot(page, 'frontdesk-roomplan-all-rooms-1366x800');
    await bar.click();
    await page.waitForURL('**/frontoffice/reservation/detail/*');
    await context.close();
  }, 60_000);

  it('searches from the header on a 375 px phone: a search button opens the box over the header, full width', async () => {
    const { page, context } = await newPage(browser, 375, 812);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    const box = page.getByTestId('header-search');
    await expect.poll(() => box.isVisible()).toBe(false);
    await page.getByTestId('header-search-open').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('header-search');
    expect((await box.boundingBox())!.width).toBeGreaterThan(250);
    await page.keyboard.type('Wijaya');
    const first = page.locator('#header-search-results [role=option]').first();
    await first.waitFor();
    expect(await first.textContent()).toMatch(/Wijaya/);
    await screenshot(page, 'frontdesk-header-search-375');
    await page.keyboard.press('Escape');
    await expect.poll(() => box.isVisible()).toBe(false);
    await expect.poll(() => page.getByTestId('header-search-open').isVisible()).toBe(true);
    await context.close();
  }, 60_000);
});
