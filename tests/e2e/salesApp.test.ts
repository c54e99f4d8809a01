import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * Andi Pratama, a sales executive of the Grand Nusantara Bandung, visits PT Len Industri's procurement office in a
 * basement with no signal: he logs the visit on his phone (375 px) offline, it waits on the phone, and once he is
 * back online it is sent — and Rina Kusuma, the director of sales, sees it once on her dashboard. At her desk she
 * works the team's pipeline and reads the comp set.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SUBJECT = 'Visit PT Len Industri, procurement office';

async function signedIn(page: Page, username: string) {
  await signIn(page, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe("the sales executive's phone", () => {
  it('logs a visit offline in six steps, sends it once the connection returns, and the manager sees it once', async () => {
    const phone = await newPage(browser, 375, 760);
    await signedIn(phone.page, 'andi');
    await phone.page.goto('/sales/app/dashboard');
    await expect.poll(() => phone.page.locator('[data-testid=sales-app-today-row]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => phone.page.locator('[data-testid=sales-app-production]').innerText()).toContain('Production this month');
    await screenshot(phone.page, 'sales-app-day-phone');

    await phone.context.setOffline(true);
    await expect.poll(() => phone.page.locator('[data-testid=sales-app-status]').innerText()).toContain('Offline');
    let steps = 0;
    const step = async (action: Promise<unknown>) => {
      await action;
      steps++;
    };
    await step(phone.page.click('[data-testid=sales-app-new-visit]'));
    await step(phone.page.fill('[data-testid=sales-app-subject]', SUBJECT));
    await step(phone.page.fill('[data-testid=sales-app-company]', 'PT Len Industri'));
    await step(phone.page.click('[data-testid=sales-app-outcome-positive]'));
    await step(
      phone.page.fill('[data-testid=sales-app-result]', 'Needs 15 rooms a month for visiting auditors; asked for the corporate rate'),
    );
    await step(phone.page.click('[data-testid=sales-app-save]'));
    expect(steps).toBe(6);
    await expect.poll(() => phone.page.locator('[data-testid=sales-app-status]').innerText()).toContain('1 waiting to be sent');
    await screenshot(phone.page, 'sales-app-offline-queued-phone');

    await phone.context.setOffline(false);
    await expect.poll(() => phone.page.locator('[data-testid=sales-app-status]').isVisible(), { timeout: 15_000 }).toBe(false);
    await expect
      .poll(() => phone.page.locator('[data-testid=sales-app-today-row]', { hasText: SUBJECT }).count(), { timeout: 15_000 })
      .toBe(1);
    // a reload sends nothing twice: the outbox is empty
    await phone.page.reload();
    await expect
      .poll(() => phone.page.locator('[data-testid=sales-app-today-row]', { hasText: SUBJECT }).count(), { timeout: 15_000 })
      .toBe(1);
    await screenshot(phone.page, 'sales-app-sent-phone');
    await phone.context.close();

    const desk = await newPage(browser, 1366, 900);
    await signedIn(desk.page, 'sales');
    await desk.page.goto('/sales/dashboard');
    const logged = desk.page.locator('tr', { hasText: SUBJECT });
    await expect.poll(() => logged.count(), { timeout: 20_000 }).toBe(1);
    expect(await logged.innerText()).toContain('Andi Pratama');
    await screenshot(desk.page, 'sales-dashboard-desktop');
    await desk.context.close();
  });
});

describe("the manager's desk", () => {
  it("shows the team's pipeline with each lead's weighted value, and the comp set by night", async () => {
    const desk = await newPage(browser, 1366, 900);
    await signedIn(desk.page, 'sales');
    await desk.page.goto('/sales/transaction/lead');
    const telkom = desk.page.locator('.ag-row', { hasText: 'Telkom regional sales conference' });
    await expect.poll(() => telkom.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Rp 186.000.000 in negotiation, 75 %
    await expect.poll(() => telkom.first().innerText()).toContain('139.500.000');
    await screenshot(desk.page, 'sales-pipeline-desktop');

    await desk.page.goto('/sales/report/slscompetitorv1');
    await desk.page.click('[data-testid=report-run]');
    // the nights of the month, once the run the button started has finished
    const shown = async () =>
      (await desk.page.getByText('Loading').count()) === 0 && (await desk.page.locator('table.table tbody tr').count()) > 5;
    await expect.poll(shown, { timeout: 60_000 }).toBe(true);
    await screenshot(desk.page, 'sales-compset-desktop');
    await desk.context.close();

    const phone = await newPage(browser, 375, 760);
    await signedIn(phone.page, 'sales');
    await phone.page.goto('/sales/transaction/lead');
    await expect.poll(() => phone.page.locator('.ag-row', { hasText: 'Telkom' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(phone.page, 'sales-pipeline-phone');
    await phone.page.goto('/sales/app/saleslist');
    await expect.poll(() => phone.page.locator('[data-testid=sales-app-pipeline]').innerText(), { timeout: 15_000 }).toContain('Kemenkeu');
    await screenshot(phone.page, 'sales-app-pipeline-phone');
    await phone.context.close();
  });
});
