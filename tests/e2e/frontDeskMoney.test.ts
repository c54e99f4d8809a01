import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';
import { pdfPages } from '../support/pdfText.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Fills a lookup of an action's inputs by typing and picking the first match. */
async function pick(page: Page, id: string, text: string) {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(text);
  await page.locator('[role=option]', { hasText: text }).first().click();
}

async function runAction(page: Page, label: string, key: string, fill?: () => Promise<void>) {
  await page.locator('.drawer').getByRole('button', { name: label, exact: true }).click();
  if (fill) await fill();
  await page.click(`[data-testid=action-run-${key}]`);
}

/**
 * Siti Rahmawati at the desk of the Grand Nusantara Bandung: a walk-in guest booked for tonight is checked in
 * from the reservation list, drinks from the minibar, the minibar moves to a second folio for his company,
 * that folio is paid by card (the last four digits only), he checks out, and the invoice is printed.
 */
describe('a stay from check-in to the invoice at the front desk', () => {
  it('checks in, charges the minibar, splits the folio, takes a card, checks out and prints the invoice', async () => {
    const { page, context } = await newPage(browser);
    const api: APIRequestContext = context.request;
    const session = await (await api.post('/api/auth/login', { data: { username: 'frontdesk', password: 'hotelier' } })).json();
    const headers = { 'x-csrf-token': session.csrfToken };
    // the page takes the session the API sign-in opened, as after signing in on the login page
    await page.addInitScript(
      (marker) => localStorage.setItem('hotelier.login', marker),
      JSON.stringify({ username: 'frontdesk', expiresAt: session.expiresAt }),
    );
    const op = async (name: string, data: unknown) => {
      const res = await api.post(`/api/ops/frontoffice.${name}`, { data, headers: { ...headers, 'idempotency-key': crypto.randomUUID() } });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    };
    const get = async (url: string) => (await api.get(url)).json();
    const day = (await get('/api/reports/fo-today')).context.businessDate as string;
    const departure = new Date(Date.parse(day) + 2 * 86_400_000).toISOString().slice(0, 10);
    const ktp = (await get('/api/data/frontoffice/guest-identity?q=KTP&limit=1')).rows[0].id;

    // the guest at the desk without a booking: a profile and tonight's reservation in a clean, free room
    const guest = await (
      await api.post('/api/data/frontoffice/guest', {
        data: { name: 'Rudi Hartono', nationality: 'ID', id_type_id: ktp, id_number: '3273022104870006' },
        headers,
      })
    ).json();
    const dlx = (await get('/api/data/frontoffice/room-type?q=DLX&limit=1')).rows[0].id;
    const rack = (await get('/api/data/frontoffice/rate-code?q=RACK&limit=50')).rows.find(
      (r: { code: string; room_type_id: number }) => r.code === 'RACK' && r.room_type_id === dlx,
    ).id;
    const rooms = (
      (await get('/api/data/frontoffice/room?limit=200')).rows as { id: number; code: string; room_type_id: number; hk_status: string }[]
    ).filter((r) => r.room_type_id === dlx && r.hk_status === 'vacant_clean');
    let booking: { id: number; code: string } | undefined;
    let room = '';
    for (const r of rooms) {
      const res = await api.post('/api/data/frontoffice/reservation', {
        data: {
          guest_id: guest.id,
          room_type_id: dlx,
          room_id: r.id,
          rate_code_id: rack,
          adults: 1,
          status: 'confirmed',
          arrival: day,
          departure,
        },
        headers,
      });
      if (res.status() === 201) {
        booking = await res.json();
        room = r.code;
        break;
      }
    }
    expect(booking, 'a clean DLX room free tonight').toBeDefined();
    await op('depositAdd', {
      id: booking!.id,
      amount: '500.000',
      pay_article_id: (await get('/api/data/system/pay-article?q=CSH&limit=1')).rows[0].id,
      receipt_no: `DP-${booking!.code}`,
    });

    // check-in from the reservation list
    await page.goto(`/frontoffice/reservation/list?edit=${booking!.id}`);
    await runAction(page, 'Check in', 'checkIn');
    await page.locator('.dialog', { hasText: `room ${room}` }).waitFor();
    await screenshot(page, 'checkin-done-desktop');
    await page.locator('.dialog').getByRole('button').first().click();
    const stay = await get(`/api/data/frontoffice/reservation/${booking!.id}`);
    expect(stay.status).toBe('in_house');

    // the minibar on the guest's folio
    const folios = async () =>
      (await get(`/api/data/frontoffice/folio-balance?q=${booking!.code}&limit=10`)).rows as {
        id: number;
        window_no: number;
        balance: string;
      }[];
    const w1 = (await folios()).find((f) => f.window_no === 1)!;
    expect(w1.balance).toBe('-500000.00');
    await page.goto(`/frontoffice/billing/list?edit=${w1.id}`);
    await runAction(page, 'Post charge', 'charge', async () => {
      await pick(page, 'action-charge-fo_article_id', 'Minibar');
      await page.fill('#action-charge-unit_price', '185.000');
    });
    await page.locator('.dialog', { hasText: '223.850' }).waitFor();
    await screenshot(page, 'folio-charge-desktop');
    await page.locator('.dialog').getByRole('button').first().click();

    // a second window for the company, and the minibar moved there
    const w2 = await (
      await api.post('/api/data/frontoffice/folio', {
        data: { reservation_id: booking!.id, name: 'PT Bank Mandiri (Persero) Tbk', company: 'PT Bank Mandiri (Persero) Tbk' },
        headers,
      })
    ).json();
    const minibar = (await get(`/api/data/frontoffice/folio/${w1.id}`)).lines.find((l: { kind: string }) => l.kind === 'charge');
    await op('folioTransfer', { line_ids: [minibar.id], to_folio_id: w2.id });
    expect(Object.fromEntries((await folios()).map((f) => [f.window_no, f.balance]))).toEqual({ 1: '-500000.00', 2: '223850.00' });
    // the stay's own folios, reached by its id: both windows and nobody else's, and a way back to all
    await page.goto(`/frontoffice/dashboard/list/${booking!.id}`);
    await page.locator('[data-testid=list-narrowed]').waitFor();
    await expect.poll(() => page.locator('[data-testid=row-count]').textContent(), { timeout: 15_000 }).toMatch(/^2\b/);
    await screenshot(page, 'stay-folios-desktop');
    const all = page.waitForRequest((r) => r.url().includes('/api/data/frontoffice/folio-balance') && !r.url().includes('filter='));
    await page.locator('[data-testid=list-narrowed]').getByRole('link').click();
    await page.waitForURL('**/frontoffice/dashboard/list');
    await all;
    await page.locator('[data-testid=list-narrowed]').waitFor({ state: 'detached' });

    // the company's window paid by card: only the last four digits are asked for and kept
    await page.goto(`/frontoffice/billing/list?edit=${w2.id}`);
    await runAction(page, 'Payment', 'pay', async () => {
      await pick(page, 'action-pay-pay_article_id', 'Visa');
      await page.fill('#action-pay-card_last4', '4242');
      await page.fill('#action-pay-reference', 'APV-118204');
    });
    await page.locator('.dialog', { hasText: '223.850' }).waitFor();
    await page.locator('.dialog').getByRole('button').first().click();
    // the deposit left on the guest's window is refunded in cash
    await op('folioPay', { id: w1.id, pay_article_id: (await get('/api/data/system/pay-article?q=CSH&limit=1')).rows[0].id, refund: true });

    // check-out, then the invoice of the company's window
    await page.goto(`/frontoffice/reservation/list?edit=${booking!.id}`);
    await page.locator('.drawer').getByRole('button', { name: 'Check out', exact: true }).click();
    await page.locator('.dialog', { hasText: 'Every folio must be settled' }).getByRole('button', { name: 'Check out' }).click();
    await expect.poll(async () => (await get(`/api/data/frontoffice/reservation/${booking!.id}`)).status).toBe('checked_out');
    await page.goto(`/frontoffice/billing/list?edit=${w2.id}`);
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.drawer').getByRole('button', { name: 'Invoice (PDF)' }).click(),
    ]);
    const text = (await pdfPages(fs.readFileSync((await dl.path())!))).join('\n');
    expect(text).toContain('PT Bank Mandiri');
    expect(text).toContain('185.000');
    expect(text).toContain('223.850');
    expect(text).toContain('4242');
    expect(text).not.toMatch(/4[0-9]{15}/);
    await screenshot(page, 'folio-closed-desktop');
    await context.close();
  });
});

/** Siti tries the door of a room whose lock had its batteries changed: a test card from the lock test screen. */
describe('the lock test at the front desk', () => {
  it('encodes a test card for a room and shows when its door was last tried', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/dashboard');
    await page.goto('/frontoffice/testing?q=G101');
    await page.locator('.ag-row', { hasText: 'G101' }).first().click();
    await page.locator('.drawer').getByRole('button', { name: 'Buat kartu uji', exact: true }).click();
    const done = page.locator('.dialog', { hasText: /Kartu uji K\d+ untuk kamar G101 sudah dibuat oleh encoder file/ });
    await done.waitFor();
    await screenshot(page, 'lock-test-desktop');
    await done.getByRole('button').first().click();
    await page.goto('/frontoffice/genratekeys?f.kind=test');
    await page.locator('.ag-row', { hasText: 'Kartu uji' }).first().waitFor();
    await screenshot(page, 'lock-test-key-log-desktop');
    await context.close();
  });
});

describe('the folios and the night audit on a phone', () => {
  it('the folio list and the night audit fit 375 px', async () => {
    const { page, context } = await newPage(browser, 375);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/dashboard');
    await page.goto('/frontoffice/billing/list');
    // the folios themselves, not the grid's placeholder rows while the page loads (the screenshot showed those)
    await page.locator('.ag-row:not(.ag-row-loading), .ag-overlay-no-rows-center').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'folio-list-mobile');
    await page.goto('/frontoffice/na/list');
    await page.getByRole('button', { name: 'Mulai audit malam' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'night-audit-mobile');
    await context.close();
  });
});
