import dayjs from 'dayjs';
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

/** Made (housekeeping) at Grand Nusantara Bandung on a phone: cleans dirty vacant rooms on the board, then inspects one. */
describe('the room status board', () => {
  it("cleans two dirty vacant rooms on a 375 px phone and inspects one of them; the front desk's room plan and the supervisor's board follow without a reload", async () => {
    const plan = await newPage(browser, 1366, 860);
    await signIn(plan.page, 'frontdesk');
    await plan.page.waitForURL('**/frontoffice/dashboard');
    await plan.page.goto('/frontoffice/roomplan');
    await plan.page.locator('[data-testid=roomplan] .rp-row[data-room]').first().waitFor();
    // the supervisor's board in the office, open before the phone changes anything
    const desk = await newPage(browser, 1366, 860);
    await signIn(desk.page, 'housekeeping');
    await desk.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await desk.page.goto('/housekeeping/room-status');
    await desk.page.getByTestId('hk-board').waitFor();
    let reloads = 0;
    plan.page.on('load', () => reloads++);
    desk.page.on('load', () => reloads++);
    const { page, context } = await newPage(browser, 375, 812);
    await signIn(page, 'housekeeping');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/housekeeping/room-status');
    await page.getByTestId('hk-board').waitFor();
    const dirty = page.locator('.hk-tile.hk-vacant_dirty');
    const codes = (await dirty.evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-room')))) as string[];
    expect(codes).toHaveLength(2);
    for (const code of codes) await page.locator(`.hk-tile[data-room="${code}"]`).click();
    await screenshot(page, 'housekeeping-room-status-picked-375');
    await page.getByTestId('hk-to-clean').click();
    for (const code of codes) await page.locator(`.hk-tile.hk-vacant_clean[data-room="${code}"]`).waitFor();
    const cleaned = Date.now();
    for (const code of codes) await plan.page.locator(`.rp-row[data-room="${code}"] .hk-dot.hk-vacant_clean`).waitFor({ timeout: 5000 });
    // seen on the plan within the long poll's tick (well under the goal of 1 s on an idle machine)
    console.log(`room plan followed the phone in ${Date.now() - cleaned} ms`);
    for (const code of codes) await desk.page.locator(`.hk-tile.hk-vacant_clean[data-room="${code}"]`).waitFor({ timeout: 5000 });
    expect(reloads).toBe(0);
    await page.locator(`.hk-tile[data-room="${codes[0]}"]`).click();
    await page.getByTestId('hk-to-inspected').click();
    await page.locator(`.hk-tile.hk-vacant_inspected[data-room="${codes[0]}"]`).waitFor();
    await screenshot(page, 'housekeeping-room-status-375');
    await plan.page.locator(`.rp-row[data-room="${codes[0]}"] .hk-dot.hk-vacant_inspected`).waitFor({ timeout: 5000 });
    await screenshot(plan.page, 'frontdesk-roomplan-live-status-1366');
    await plan.context.close();
    await context.close();
    await desk.page.locator(`.hk-tile.hk-vacant_inspected[data-room="${codes[0]}"]`).waitFor({ timeout: 5000 });
    await screenshot(desk.page, 'housekeeping-room-status-1366');
    await desk.context.close();
  }, 90_000);

  it('logs a phone found in a room and returns it to its owner; the dashboard and the discrepancies read the day', async () => {
    const { page, context } = await newPage(browser, 1366, 860);
    await signIn(page, 'housekeeping');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/housekeeping/lost-found');
    await page.getByRole('button', { name: 'Baru' }).click();
    await page.fill('#root_found_on', dayjs().format('DD/MM/YYYY'));
    await page.fill('#root_item', 'Samsung Galaxy phone, black');
    await page.selectOption('#root_category', { label: 'Elektronik' });
    await page.fill('#root_place', 'Pool deck, lounger 12');
    await page.fill('#root_found_by', 'Wayan Suarta');
    await page.fill('#root_stored_in', 'HK office safe');
    await page.locator('.drawer').getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.locator('.list-grid').innerText()).toContain('Samsung Galaxy phone');
    await page.locator('.ag-row', { hasText: 'Samsung Galaxy phone' }).click();
    await page.selectOption('#root_status', { label: 'Dikembalikan' });
    await page.fill('#root_returned_to', 'Mr. Hendra Wijaya (passport checked)');
    await page.fill('#root_returned_on', dayjs().format('DD/MM/YYYY'));
    await screenshot(page, 'housekeeping-lost-found-1366');
    await page.locator('.drawer').getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.locator('.ag-row', { hasText: 'Samsung Galaxy phone' }).innerText()).toContain('Dikembalikan');
    await page.goto('/housekeeping/dashboard');
    await page.getByTestId('tile-dirty').waitFor();
    await screenshot(page, 'housekeeping-dashboard-1366');
    await context.close();
  }, 60_000);

  it('shows the night desk the extra beds and cots left night by night, and the stays they are booked on, at 1366 and 375 px', async () => {
    for (const [width, height, name] of [
      [1366, 860, 'housekeeping-extra-beds-1366'],
      [375, 812, 'housekeeping-extra-beds-375'],
    ] as const) {
      const { page, context } = await newPage(browser, width, height);
      await signIn(page, 'frontdesk');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.goto('/housekeeping/extrabedavb');
      // the demo has three extra beds out in rooms tonight: of ten, seven are left
      await expect.poll(() => page.locator('main').innerText()).toMatch(/XBED - Extra bed\s+10\s+3\s+7/);
      await screenshot(page, `${name}-available`);
      await page.goto('/housekeeping/extra-beds');
      await expect.poll(() => page.locator('.list-grid').innerText()).toContain(' · ');
      await screenshot(page, `${name}-booked`);
      await context.close();
    }
  });
});

/**
 * Made shares the morning's rooms at the office (he is the only attendant on duty in the demo hotel), then walks
 * them with his phone: three rooms cleaned, a dripping tap reported, two beers from a minibar charged.
 */
describe("the attendants' rooms", () => {
  it('shares the rooms by credits at 1366 px, then cleans three on a 375 px phone, reports a problem and charges the minibar', async () => {
    const office = await newPage(browser, 1366, 860);
    await signIn(office.page, 'housekeeping');
    await office.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await office.page.goto('/housekeeping/room-maid-task');
    const staff = office.page.locator('#maid-staff');
    await staff.click();
    await staff.fill('Made');
    await office.page.locator('[role=option]', { hasText: 'Made Sudarsana' }).first().click();
    // the list stays open for a second pick; Escape closes it
    await staff.press('Escape');
    await office.page.getByTestId('maid-share').click();
    await office.page.getByTestId('maid-attendant').first().waitFor();
    await screenshot(office.page, 'housekeeping-attendants-1366');
    await office.context.close();

    const { page, context } = await newPage(browser, 375, 812);
    await signIn(page, 'housekeeping');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/housekeeping/room-maid-task');
    const rooms = page.locator('.maid-room.maid-assigned');
    await rooms.first().waitFor();
    for (let i = 0; i < 3; i++) {
      const room = rooms.first();
      const code = await room.getAttribute('data-room');
      await room.getByRole('button', { name: 'Mulai', exact: true }).click();
      await page.locator(`.maid-room.maid-started[data-room="${code}"]`).getByRole('button', { name: 'Selesai', exact: true }).click();
      await page.locator(`.maid-room.maid-done[data-room="${code}"]`).waitFor();
    }
    expect(await page.locator('.maid-room.maid-done').count()).toBe(3);
    const next = page.locator('.maid-room.maid-assigned').first();
    await next.getByRole('button', { name: 'Laporkan masalah' }).click();
    await next.getByLabel('Laporkan masalah').fill('Keran wastafel bocor');
    await next.getByRole('button', { name: 'Laporkan', exact: true }).click();
    await next.locator('.maid-problem', { hasText: 'Keran wastafel bocor' }).waitFor();
    const stayOver = page.locator('.maid-room.maid-assigned', { has: page.locator('.maid-kind-stay_over') }).first();
    await stayOver.getByRole('button', { name: 'Minibar' }).click();
    await stayOver.getByLabel('Barang minibar').selectOption({ index: 1 });
    await stayOver.getByLabel('Jumlah').fill('2');
    await stayOver.getByLabel(/Harga satuan/).fill('45.000');
    await stayOver.getByRole('button', { name: 'Tagihkan ke tamu' }).click();
    await page.getByText(/ditagihkan ke folio tamu/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'housekeeping-attendant-phone-375');
    await context.close();
  }, 90_000);
});

/**
 * The guest in one of the rooms calls for two more towels. Siti logs it at the front desk (New, the stay, what was
 * asked, the quantity, Save: five steps); Made takes it on his phone and brings them up (open it, Take, Delivered:
 * three taps), and the request keeps its minutes.
 */
describe("a guest's request", () => {
  it('is logged at the front desk at 1366 px, then taken and delivered by housekeeping on a 375 px phone', async () => {
    const desk = await newPage(browser, 1366, 860);
    await signIn(desk.page, 'frontdesk');
    await desk.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await desk.page.goto('/frontoffice/reservation/guest-requests');
    await desk.page.getByRole('button', { name: 'Baru' }).click();
    await desk.page.locator('#root_reservation_id').click();
    await desk.page.locator('[data-field="reservation_id"] [role=option]').first().click();
    await desk.page.fill('#root_request', 'Handuk mandi tambahan');
    await desk.page.fill('#root_quantity', '2');
    await desk.page.locator('.drawer').getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => desk.page.locator('.ag-row', { hasText: 'Handuk mandi tambahan' }).innerText()).toContain('Menunggu');
    await screenshot(desk.page, 'frontoffice-guest-requests-1366');
    await desk.context.close();

    const { page, context } = await newPage(browser, 375, 812);
    await signIn(page, 'housekeeping');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/housekeeping/guest-requests');
    const row = page.locator('.ag-row', { hasText: 'Handuk mandi tambahan' });
    await row.click();
    await page.locator('.drawer').getByRole('button', { name: 'Ambil', exact: true }).click();
    await expect.poll(() => row.innerText()).toContain('Sedang diantar');
    // the request stays open in the drawer, now to be delivered
    await screenshot(page, 'housekeeping-guest-request-375');
    await page.locator('.drawer').getByRole('button', { name: 'Selesai', exact: true }).click();
    await expect.poll(() => row.innerText()).toContain('Selesai');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.goto('/housekeeping/dashboard');
    await page.getByTestId('tile-requests').waitFor();
    await context.close();
  }, 60_000);
});
