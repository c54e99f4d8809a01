import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Nusantara Beach Resort Bali grown to 300 rooms: the room plan for 30 nights draws only the rows and
 * nights in view (a few hundred cells, not 9,000), and asks the server for rooms a block at a time as
 * they scroll into view.
 */
describe('the room plan of a 300-room hotel', () => {
  it('keeps the page under 3,000 elements for 300 rooms × 30 nights, at the top and after scrolling to the last room', async () => {
    const { page, context } = await newPage(browser);
    const api = context.request;
    const session = await (await api.post('/api/auth/login', { data: { username: 'admin', password: 'hotelier' } })).json();
    const headers = { 'x-csrf-token': session.csrfToken };
    const bali = session.branches.find((b: { code: string }) => b.code !== 'GNB').id as number;
    expect((await api.post('/api/auth/branch', { data: { branchId: bali }, headers })).status()).toBe(200);
    const types = (await (await api.get('/api/data/frontoffice/room-type?limit=50')).json()).rows as { id: number }[];
    const floors = (await (await api.get('/api/data/frontoffice/floor?limit=50')).json()).rows as { id: number }[];
    const existing = (await (await api.get('/api/data/frontoffice/room?limit=1')).json()).total as number;
    const wanted = 300 - existing;
    for (let i = 0; i < wanted; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, wanted - i) }, async (_, k) => {
          const n = i + k + 1;
          const res = await api.post('/api/data/frontoffice/room', {
            data: {
              code: `V${String(n).padStart(3, '0')}`,
              room_type_id: types[n % types.length].id,
              floor_id: floors[n % floors.length].id,
              hk_status: 'vacant_clean',
            },
            headers,
          });
          expect(res.status(), await res.text()).toBe(201);
        }),
      );
    }
    await page.addInitScript(
      (marker) => localStorage.setItem('hotelier.login', marker),
      JSON.stringify({ username: 'admin', expiresAt: session.expiresAt }),
    );
    const blocks: string[] = [];
    page.on(
      'request',
      (r) => r.url().includes('/api/frontoffice/roomplan') && blocks.push(new URL(r.url()).searchParams.get('offset') ?? ''),
    );

    await page.goto('/frontoffice/roomplan');
    await page.locator('[data-testid=roomplan] .rp-row[data-room]').first().waitFor();
    await page.getByRole('button', { name: /^30 / }).click();
    // the 30-night window: the total room count stays, the nights become narrow columns
    await expect.poll(() => page.locator('[data-testid=roomplan] .rp-day').count()).toBeGreaterThan(14);
    const elements = () => page.evaluate(() => document.querySelectorAll('*').length);
    const atTop = await elements();
    expect(atTop).toBeLessThan(3000);
    expect(await page.locator('.rp-row').count()).toBeLessThan(60);
    expect(await page.locator('.rp-cell').count()).toBeLessThan(1500);
    await screenshot(page, 'roomplan-300-rooms-desktop');

    await page.locator('.roomplan-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
    // rooms come in blocks as they come into view: the first block, then the last ones, never all 300 at once
    await expect.poll(() => blocks.some((o) => Number(o) >= 250)).toBe(true);
    await expect.poll(() => page.locator('.rp-row[data-room]').last().getAttribute('data-room')).toMatch(/^V\d{3}$/);
    expect(await elements()).toBeLessThan(3000);
    expect(blocks).toContain('0');
    expect(blocks.filter((o) => o !== '0').length).toBeLessThan(6);
    await screenshot(page, 'roomplan-300-rooms-scrolled-desktop');
    await context.close();
  });
});
