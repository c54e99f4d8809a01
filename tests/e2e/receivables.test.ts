import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, latestMail, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * A guest of PT Astra International checks out of the Grand Nusantara Bandung with the stay billed to the company
 * (the desk, the administrator's sign-in): the folio's balance goes to the city ledger and becomes Astra's
 * invoice. Budi Santoso, the accountant, in Indonesian, finds it among the receivables, produces Astra's
 * November statement and sends it, then receives Astra's transfer and posts it: the oldest invoices are paid
 * first. At his desk and on his phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) => {
      const { csrfToken } = await (await fetch('/api/auth/me')).json();
      const res = await fetch(p as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [path, body] as const,
  );
const read = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json(), path);
const filter = (f: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
const status = (page: Page) => page.locator('[data-testid=document-status]');

/** One step Budi takes: counted so the report can say what receiving a payment costs him. */
let steps = 0;
async function step<T>(action: Promise<T>): Promise<T> {
  steps++;
  return action;
}
async function choose(page: Page, field: string, typed: string, option: string) {
  const input = page.locator(`#root_${field}`);
  await step(input.click());
  await step(input.fill(typed));
  await step(page.locator('.lookup-option', { hasText: option }).first().click());
}

describe('a city-ledger check-out collected by the accountant', () => {
  it('becomes Astra’s invoice, goes on its statement, and is paid by its transfer', async () => {
    const desk = await newPage(browser, 1366, 900);
    await signIn(desk.page, 'admin');
    await desk.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const stay = (await read(desk.page, `/api/data/frontoffice/reservation?limit=1&${filter({ status: { op: 'eq', value: 'in_house' } })}`))
      .rows[0];
    const astra = (await read(desk.page, '/api/data/sales/account?limit=100')).rows.find((a: { code: string }) => a.code === 'ASTRA').id;
    const articles = (await read(desk.page, '/api/data/frontoffice/article?limit=200')).rows;
    const laundry = articles.find((a: { default_price: string | null; active: boolean }) => a.active && Number(a.default_price) > 0).id;
    const cl = (await read(desk.page, '/api/data/system/pay-article?limit=200')).rows.find(
      (p: { payment_type: string }) => p.payment_type === 'city_ledger',
    ).id;
    expect(
      (
        await post(desk.page, '/api/ops/frontoffice.folioCharge', {
          reservation_id: stay.id,
          fo_article_id: laundry,
          unit_price: '1.250.000',
        })
      ).status,
    ).toBe(200);
    const folios = (
      await read(desk.page, `/api/data/frontoffice/folio?limit=10&${filter({ reservation_id: { op: 'eq', value: stay.id } })}`)
    ).rows;
    for (const f of folios) await post(desk.page, '/api/ops/frontoffice.folioPay', { id: f.id, pay_article_id: cl, account_id: astra });
    const version = (await read(desk.page, `/api/data/frontoffice/reservation/${stay.id}`)).version;
    const out = await post(desk.page, '/api/ops/frontoffice.checkOut', { id: stay.id, version });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const invoice = (
      await read(
        desk.page,
        `/api/data/accountreceivable/ar-invoice?limit=1&sort=id&dir=desc&${filter({ source: { op: 'eq', value: 'folio' } })}`,
      )
    ).rows[0];
    expect(invoice).toMatchObject({ account_id: astra, status: 'posted', kind: 'city_ledger' });
    await desk.context.close();

    const budi = await newPage(browser, 1366, 900);
    await signIn(budi.page, 'accountant');
    await budi.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    // 1: the receivables: the check-out's invoice is there, Astra's, due in 30 days
    await step(budi.page.goto('/accountreceivable/transaction-ar/ar-list/ar-list-form'));
    await expect.poll(() => budi.page.locator('.ag-row', { hasText: invoice.number }).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(budi.page, 'receivables-invoices-desktop');

    // 2–9: Astra's statement from the 1st of the month to the check-out's business day, produced and sent to its billing contact
    await step(budi.page.goto('/accountreceivable/transaction-ar/ar-created-soa'));
    await step(budi.page.getByRole('button', { name: 'Baru' }).click());
    await choose(budi.page, 'account_id', 'Astra', 'PT Astra International');
    await step(budi.page.fill('#root_date_from', '01/11/2026'));
    await step(budi.page.fill('#root_date_to', invoice.date.split('-').reverse().join('/')));
    await step(budi.page.getByRole('button', { name: 'Simpan' }).click());
    await expect
      .poll(() => budi.page.locator('.ag-row', { hasText: 'PT Astra International' }).count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    await screenshot(budi.page, 'receivables-statements-desktop');
    const statement = (await read(budi.page, '/api/data/accountreceivable/ar-statement?limit=1&sort=id&dir=desc')).rows[0];
    // the balance due is what Astra's invoices still owe: 27.500.000 brought forward and the stay just checked out
    const owed = (
      await read(budi.page, `/api/data/accountreceivable/ar-invoice?limit=50&${filter({ account_id: { op: 'eq', value: astra } })}`)
    ).rows.reduce((sum: number, i: { total: string; settled: string }) => sum + Number(i.total) - Number(i.settled), 0);
    // less any over-payment Astra made before, kept as its credit (none on a fresh demo)
    const credits = (
      await read(budi.page, `/api/data/accountreceivable/ar-receipt?limit=50&${filter({ account_id: { op: 'eq', value: astra } })}`)
    ).rows.reduce((sum: number, r: { credit: string | null }) => sum + Number(r.credit ?? 0), 0);
    expect(Number(statement.closing)).toBe(owed - credits);
    expect(owed).toBeGreaterThanOrEqual(Number(invoice.total));
    expect((await post(budi.page, '/api/ops/accountreceivable.sendStatement', { id: statement.id })).status).toBe(200);
    expect(latestMail('kevin.wijaya@astra.co.id')).toContain(statement.number);

    // 10–22: Astra's transfer received and posted, applied to its oldest invoices first
    await step(budi.page.goto('/accountreceivable/transaction-ar/ar-list-receive-payment'));
    await step(budi.page.locator('[data-testid=document-new]').click());
    await choose(budi.page, 'account_id', 'Astra', 'PT Astra International');
    await choose(budi.page, 'bank_account_id', '1102.01', '1102.01');
    await step(budi.page.fill('#root_amount', '28.500.000'));
    await step(budi.page.keyboard.press('Tab'));
    await step(budi.page.keyboard.press('Control+S'));
    await expect.poll(() => status(budi.page).innerText(), { timeout: 15_000 }).toBe('Draf');
    await screenshot(budi.page, 'receivables-receipt-draft-desktop');
    await step(budi.page.locator('.doc-actions').getByRole('button', { name: 'Posting', exact: true }).click());
    await step(budi.page.keyboard.press('Enter'));
    await expect.poll(() => status(budi.page).innerText(), { timeout: 15_000 }).toBe('Diposting');
    const receipt = (await read(budi.page, '/api/data/accountreceivable/ar-receipt?limit=1&sort=id&dir=desc')).rows[0];
    // Astra owed 27.500.000 brought forward (due 14/10) before the stay: that is paid first, 1.000.000 goes to the stay
    // on a fresh demo: 28.500.000 all applied, nothing over; whatever Astra owed less than that is kept as its credit
    const applied = Math.min(28_500_000, owed);
    expect(receipt).toMatchObject({ status: 'posted', applied: `${applied}.00`, credit: `${28_500_000 - applied}.00` });
    await screenshot(budi.page, 'receivables-receipt-desktop');
    expect(steps).toBe(22);
    await budi.context.close();

    const phone = await newPage(browser, 375, 812);
    await signIn(phone.page, 'accountant');
    await phone.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await phone.page.goto('/accountreceivable/transaction-ar/ar-created-soa');
    await expect.poll(() => phone.page.locator('.ag-row', { hasText: statement.number }).isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(phone.page, 'receivables-statements-phone');
    await phone.page.goto('/accountreceivable/dashboard-ar');
    // photographed once the figures are in: what Astra still owes and the top debtors
    await expect.poll(() => phone.page.locator('[data-testid=tile-open_total]').innerText(), { timeout: 20_000 }).toMatch(/\d\.\d{3}/);
    await expect.poll(() => phone.page.getByText('TELKOM').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(phone.page, 'receivables-dashboard-phone');
    await phone.context.close();
  });
});
