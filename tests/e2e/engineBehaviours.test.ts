import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * The generic behaviours staff meet every day: where a module path leads, where each user lands, lists
 * and reports loading in their own panel while the rest stays usable, the overlay kept for blocking
 * saves, numbers in the reader's language, and the theme panel on a phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A cell of the grid row showing a code (a row's cells are split between the pinned and the centre part). */
async function gridCell(page: Page, code: string, column: string) {
  const part = page.locator('.ag-row', { hasText: code }).first();
  await part.waitFor();
  const id = await part.getAttribute('row-id');
  return page.locator(`.ag-row[row-id="${id}"] [col-id="${column}"]`);
}

/** Holds every matching request until the test lets it go, so "while it loads" is a fact, not a race. */
async function hold(page: Page, matches: (url: URL, method: string) => boolean) {
  const held: Route[] = [];
  let arrived: () => void = () => undefined;
  const first = new Promise<void>((r) => (arrived = r));
  await page.route(
    (url) => matches(url, 'GET') || matches(url, 'PATCH') || matches(url, 'POST'),
    async (route) => {
      if (!matches(new URL(route.request().url()), route.request().method())) return route.continue();
      held.push(route);
      arrived();
    },
  );
  return {
    arrived: first,
    /** lets the held requests reach the server */
    release: async () => {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await Promise.all(held.map((r) => r.continue().catch(() => undefined)));
    },
    /** the held requests never reach the server (the browser gave up on them) */
    drop: async () => {
      // aborted before the handler goes: removing it first would let the held requests through
      await Promise.all(held.map((r) => r.abort().catch(() => undefined)));
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    },
  };
}

describe('where a path leads', () => {
  it('/frontoffice opens the front-office dashboard; /system and /sales/master their first screen, never "Page not found"', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL('**/dashboard');
    await page.goto('/frontoffice');
    await page.waitForURL('**/frontoffice/dashboard');
    await page.locator('[data-testid=tile-occupancy]').waitFor();
    await page.goto('/system');
    await page.waitForURL('**/system/system-user/group-user');
    await page.goto('/sales/master');
    await page.waitForURL(/\/sales\/master\/[a-z-]+$/);
    await page.goto('/frontoffice/report');
    await page.waitForURL(/\/frontoffice\/report\/[a-z-]+/);
    expect(await page.getByText('Page not found').count()).toBe(0);
    await context.close();
  });

  it('the front desk lands on the front-office dashboard after signing in, in Indonesian', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    await page.locator('[data-testid=tile-occupancy]', { hasText: '%' }).waitFor();
    expect(await page.locator('[data-testid=tile-occupancy]').innerText()).toMatch(/^\d{1,3},\d{2} %$/);
    await screenshot(page, 'landing-frontdesk-1366');
    await context.close();
  });

  it('shows the front desk the main dashboard without a tile or table they may not read, and no link they may not follow', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    await page.goto('/dashboard');
    await page.locator('[data-testid=tile-business_date]').waitFor();
    await page.locator('.tile-skeleton').first().waitFor({ state: 'detached' });
    // the recent-activity table needs the audit-log right: not there, and no error in its place
    expect(await page.locator('.card-header h3').count()).toBe(0);
    expect(await page.locator('.alert-warning, .alert-danger').count()).toBe(0);
    // "active users" leads to the user list, which the front desk may not open: the tile is not a link
    expect(await page.locator('a.tile[href="/system/system-user/user"]').count()).toBe(0);
    await screenshot(page, 'dashboard-frontdesk-1366');
    await context.close();
  });
});

describe('loading in its own panel', () => {
  it('a list loading shows a skeleton in the list while the menu stays usable, and no full-page overlay', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL('**/dashboard');
    const banks = await hold(page, (url, method) => method === 'GET' && url.pathname === '/api/data/system/bank');
    await page.goto('/system/global-master/masterbank');
    await banks.arrived;
    await page.locator('[data-testid=list-skeleton]').waitFor();
    expect(await page.locator('.loading-overlay').count()).toBe(0);
    await screenshot(page, 'list-skeleton-1366');
    // the menu works while the banks are still coming: search it and open another screen
    await page.locator('.menu-search input').fill('tax');
    await page.locator('.app-sidebar').getByRole('link', { name: 'Tax & service' }).click();
    await page.waitForURL('**/system/global-master/tax-service');
    await page.locator('.ag-row').first().waitFor();
    await banks.release();
    await page.goto('/system/global-master/masterbank');
    // once the first page is there, the skeleton makes way for the banks
    await page.locator('.ag-row [col-id=code]', { hasText: /\w/ }).first().waitFor();
    await page.locator('[data-testid=list-skeleton]').waitFor({ state: 'detached' });
    await context.close();
  });

  it('a report running shows a skeleton in its panel, stoppable there ("Abort Proccess"), with the menu usable', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL('**/dashboard');
    const run = await hold(page, (url, method) => method === 'GET' && url.pathname === '/api/reports/tax-service-rates');
    await page.goto('/utilities/reporting/tax-service-rates');
    await run.arrived;
    const panel = page.locator('[data-testid=report-skeleton]');
    await panel.waitFor();
    expect(await page.locator('.loading-overlay').count()).toBe(0);
    await page.locator('.app-sidebar').getByRole('button', { name: 'Front office' }).click();
    await page.locator('.app-sidebar').getByRole('link', { name: 'Room plan' }).waitFor();
    await panel.getByRole('button', { name: 'Abort Proccess' }).click();
    await page.locator('.alert-warning', { hasText: 'Stopped' }).waitFor();
    expect(await page.locator('[data-testid=report-result]').count()).toBe(0);
    await run.release();
    await context.close();
  });

  it('a save the person waits for is covered by LOADING and "Abort Proccess", which really cancels it', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL('**/dashboard');
    await page.goto('/system/global-master/tax-service');
    await (await gridCell(page, 'TS21', 'name')).click();
    const name = page.locator('[data-field="name"] input');
    await name.waitFor();
    const before = await name.inputValue();
    await name.fill(`${before} (revisi)`);
    await name.blur();
    const save = await hold(page, (url, method) => method === 'PATCH' && url.pathname.startsWith('/api/data/system/tax-service/'));
    let reached = false;
    page.on('requestfinished', (r) => r.method() === 'PATCH' && (reached = true));
    await page.getByRole('button', { name: 'Save' }).click();
    await save.arrived;
    const overlay = page.locator('.loading-overlay');
    await overlay.getByText('LOADING').waitFor();
    await screenshot(page, 'loading-overlay');
    await overlay.getByRole('button', { name: 'Abort Proccess' }).click();
    await overlay.waitFor({ state: 'detached' });
    await save.drop();
    expect(reached).toBe(false);
    await page.reload();
    await page.locator('[data-field="name"] input').waitFor();
    expect(await page.locator('[data-field="name"] input').inputValue()).toBe(before);
    await context.close();
  });
});

describe('numbers in the reader\u2019s language (the front desk works in Indonesian)', () => {
  it('a grid, a form and a report show percentages as 10,00 %, counts without decimals and rupiah with . grouping', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');

    // grid: percentages with two decimals and a comma
    await page.goto('/system/global-master/tax-service');
    const servicePct = await gridCell(page, 'TS21', 'service_pct');
    expect(await servicePct.innerText()).toBe('10,00 %');
    // form: the same percentage in its input
    await servicePct.click();
    const pct = page.locator('[data-field="service_pct"] input');
    await pct.waitFor();
    expect(await pct.inputValue()).toBe('10,00');
    await screenshot(page, 'form-percent-id-1366');

    // grid: adults are a count, "2", never "2.00"
    await page.goto('/frontoffice/reservation/list');
    await page.locator('.ag-row [col-id=adults]', { hasText: /\d/ }).first().waitFor();
    const adults = await page.locator('.ag-row [col-id=adults]').allInnerTexts();
    expect(adults.filter((a) => a !== '' && !/^\d+$/.test(a))).toEqual([]);

    // report: occupancy 69,17 %-style, revenue in rupiah, counts as whole numbers
    await page.goto('/frontoffice/report/forecast-room');
    await page.locator('[data-testid=report-result] tbody tr').first().waitFor();
    const headers = await page.locator('[data-testid=report-result] thead th').allInnerTexts();
    // the first night's line (group headers and totals have other shapes)
    const cells = (
      await page
        .locator('[data-testid=report-result] tbody tr')
        .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)))
    ).find((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r[0]));
    expect(cells, JSON.stringify(headers)).toBeDefined();
    const cell = (title: string) => cells![headers.findIndex((h) => h.toLowerCase().startsWith(title.toLowerCase()))];
    expect(cell('Okupansi')).toMatch(/^\d{1,3},\d{2} %$/);
    expect(cell('Kamar tersedia')).toMatch(/^\d{1,3}(\.\d{3})*$/);
    expect(cell('ADR')).toMatch(/^(\d{1,3}(\.\d{3})*|—)$/);
    await screenshot(page, 'report-numbers-id-1366');
    await context.close();
  });
});

describe('the theme panel', () => {
  for (const width of [1366, 375]) {
    it(`names every skin in Indonesian and fits the screen at ${width} px`, async () => {
      const { page, context } = await newPage(browser, width, width === 375 ? 780 : 860);
      await signIn(page, 'frontdesk');
      await page.waitForURL('**/frontoffice/dashboard');
      if (width < 768) {
        // on a phone the theme panel is in the user's menu
        await page.locator('.app-header .avatar').click();
        await page.getByRole('menuitem', { name: 'Tampilan' }).click();
      } else await page.getByRole('button', { name: 'Tampilan' }).click();
      const panel = page.locator('.control-sidebar.open');
      await panel.waitFor();
      await page.waitForTimeout(300);
      const names = await panel.locator('.skin-swatch').allInnerTexts();
      expect(names).toHaveLength(14);
      expect(names).toContain('Hijau toska');
      expect(names).toContain('Hijau toska terang');
      expect(names.filter((n) => n.includes('shell.'))).toEqual([]);
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await screenshot(page, `skin-panel-${width}`);
      await context.close();
    });
  }

  it('the front-office dashboard and a list fit a phone (375 px)', async () => {
    const { page, context } = await newPage(browser, 375, 780);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/frontoffice/dashboard');
    await page.locator('[data-testid=tile-occupancy]', { hasText: '%' }).waitFor();
    await screenshot(page, 'landing-frontdesk-375');
    const list = await hold(page, (url, method) => method === 'GET' && url.pathname === '/api/data/system/tax-service');
    await page.goto('/system/global-master/tax-service');
    await list.arrived;
    await page.locator('[data-testid=list-skeleton]').waitFor();
    await screenshot(page, 'list-skeleton-375');
    await list.release();
    await context.close();
  });
});
