import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * Budi Santoso, the accountant of the Grand Nusantara Bandung, in Indonesian, corrects receivables without editing
 * anything posted: the Ministry of Finance's over-payment, kept as its credit, is applied from the receipt to its
 * next invoice (a meeting package); then the transfer that paid the rest bounces, and he reverses that receipt
 * with the bank's reason: the invoice is owed again. The receipts at his desk and on his phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const call = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const { csrfToken } = await (await fetch('/api/auth/me')).json();
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, 'idempotency-key': crypto.randomUUID() },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body] as const,
  );
const read = async (page: Page, path: string) => (await call(page, 'GET', path)).body;
const filter = (f: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
const status = (page: Page) => page.locator('[data-testid=document-status]');

/** A document created and posted as the form would, answering it as posted. */
async function posted(page: Page, entity: string, body: Record<string, unknown>) {
  const made = await call(page, 'POST', `/api/data/accountreceivable/${entity}`, body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const post = await call(page, 'POST', `/api/data/accountreceivable/${entity}/${made.body.id}/post`, { version: made.body.version });
  expect(post.status, JSON.stringify(post.body)).toBe(200);
  return read(page, `/api/data/accountreceivable/${entity}/${made.body.id}`);
}

let steps = 0;
async function step<T>(action: Promise<T>): Promise<T> {
  steps++;
  return action;
}

describe('receivables corrected by the accountant', () => {
  it('applies Kemenkeu’s credit to its next invoice from the receipt, then reverses the transfer that bounced', async () => {
    const { page, context } = await newPage(browser, 1366, 900);
    await signIn(page, 'accountant');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const account = (await read(page, '/api/data/sales/account?limit=100')).rows.find((a: { code: string }) => a.code === 'KEMENKEU').id;
    const coa = (await read(page, '/api/data/gl/coa?limit=500')).rows as { id: number; code: string }[];
    const bank = coa.find((a) => a.code === '1102.01')!.id;
    const rental = coa.find((a) => a.code === '4205.01')!.id;
    const open = (
      await read(page, `/api/data/accountreceivable/ar-invoice?limit=50&${filter({ account_id: { op: 'eq', value: account } })}`)
    ).rows as { total: string; settled: string; kind: string }[];
    const owed = open.filter((i) => i.kind !== 'credit_note').reduce((s, i) => s + Number(i.total) - Number(i.settled), 0);
    // the ministry pays what it owes and Rp 150.000 more: kept as its credit
    const overpaid = await posted(page, 'ar-receipt', {
      account_id: account,
      bank_account_id: bank,
      amount: String(owed + 150_000),
      reference: 'SP2D 2311 KEMENKEU',
    });
    expect(overpaid).toMatchObject({ status: 'posted', credit: '150000.00', credit_used: '0.00' });
    const pkg = await posted(page, 'ar-invoice', {
      account_id: account,
      description: 'Paket meeting fullday, 25 November',
      lines: [{ revenue_account_id: rental, description: 'Paket meeting fullday 30 pax', amount: '2400000' }],
    });

    // 1–7: from the receipt, its credit applied to the meeting package, as much as both allow
    await step(page.goto(`/accountreceivable/transaction-ar/ar-list-receive-payment/${overpaid.id}`));
    await expect.poll(() => status(page).innerText(), { timeout: 15_000 }).toBe('Diposting');
    await step(page.locator('.doc-actions').getByRole('button', { name: 'Terapkan kredit ke faktur', exact: true }).click());
    const invoice = page.locator('#action-apply-invoice_id');
    await step(invoice.click());
    await step(invoice.fill(pkg.number));
    await step(page.locator('[role=option]', { hasText: pkg.number }).first().click());
    await step(page.locator('[data-testid=action-run-apply]').click());
    await step(page.keyboard.press('Enter'));
    await expect
      .poll(async () => (await read(page, `/api/data/accountreceivable/ar-receipt/${overpaid.id}`)).credit_used, { timeout: 15_000 })
      .toBe('150000.00');
    expect((await read(page, `/api/data/accountreceivable/ar-invoice/${pkg.id}`)).settled).toBe('150000.00');
    await expect.poll(() => page.locator('.doc-actions').getByRole('button', { name: 'Terapkan kredit ke faktur' }).count()).toBe(0);
    await screenshot(page, 'receivables-credit-applied-desktop');

    // the ministry's transfer of the rest, 2.250.000, posted — and returned by the bank the same day
    const bounced = await posted(page, 'ar-receipt', {
      account_id: account,
      bank_account_id: bank,
      amount: '2250000',
      reference: 'SP2D 2311-2 KEMENKEU',
    });
    expect((await read(page, `/api/data/accountreceivable/ar-invoice/${pkg.id}`)).settled).toBe('2400000.00');

    // 8–12: the receipt reversed with the bank's reason: the package is owed again
    await step(page.goto(`/accountreceivable/transaction-ar/ar-list-receive-payment/${bounced.id}`));
    await expect.poll(() => status(page).innerText(), { timeout: 15_000 }).toBe('Diposting');
    await step(page.locator('.doc-actions').getByRole('button', { name: 'Batalkan (ditolak bank)', exact: true }).click());
    await step(page.fill('#action-reverse-reason', 'Retur bank: rekening tujuan salah'));
    await step(page.locator('[data-testid=action-run-reverse]').click());
    await step(page.keyboard.press('Enter'));
    await expect.poll(() => status(page).innerText(), { timeout: 15_000 }).toBe('Dibatalkan');
    expect(await read(page, `/api/data/accountreceivable/ar-receipt/${bounced.id}`)).toMatchObject({
      status: 'reversed',
      reversal_reason: 'Retur bank: rekening tujuan salah',
    });
    expect((await read(page, `/api/data/accountreceivable/ar-invoice/${pkg.id}`)).settled).toBe('150000.00');
    await expect.poll(() => page.locator('.doc-actions').getByRole('button', { name: 'Batalkan (ditolak bank)' }).count()).toBe(0);
    await screenshot(page, 'receivables-receipt-reversed-desktop');
    expect(steps).toBe(12);
    await context.close();

    const phone = await newPage(browser, 375, 812);
    await signIn(phone.page, 'accountant');
    await phone.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await phone.page.goto(`/accountreceivable/transaction-ar/ar-list-receive-payment/${bounced.id}`);
    await expect.poll(() => status(phone.page).innerText(), { timeout: 15_000 }).toBe('Dibatalkan');
    await screenshot(phone.page, 'receivables-receipt-reversed-phone');
    await phone.context.close();
  });
});
