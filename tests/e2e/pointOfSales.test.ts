import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, newTablet, screenshot, signIn } from '../support/browser.js';

/**
 * Dinner at the Kembang Restaurant on a tablet (1024 × 768, touch), in Indonesian. Dewi opens her till with Rp 500.000; table
 * T05 orders chicken satay with extra peanut sauce, two mie goreng and two es jeruk,
 * which she taps in and sends; the kitchen's board shows the food and the cook marks it ready; the table splits
 * the bill in two — half to the room of a guest in house, half in cash; Dewi closes her till on the count and the
 * front desk sees the charge on the guest's folio.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A write over the API from the signed-in page, as the app sends it (CSRF token and idempotency key). */
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
const byCode = async (page: Page, entity: string, code: string, filter?: Record<string, unknown>) => {
  const q = filter ? `&filter=${encodeURIComponent(JSON.stringify(filter))}` : '';
  return (await read(page, `/api/data/${entity}?limit=200${q}`)).rows.find((r: { code: string }) => r.code === code).id as number;
};

describe('the point of sales on a tablet', () => {
  it('takes table T05 from order to kitchen to a split payment, and the till closes on the count', async () => {
    const page = await newTablet(browser);
    await signIn(page, 'cashier');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // 1–3: the till opens at the restaurant with the float counted in
    await page.goto('/pointofsales/cashier-open');
    const resto = page.locator('#gc-cash-account option', { hasText: 'Kembang Restaurant' });
    await page.selectOption('#gc-cash-account', (await resto.getAttribute('value'))!);
    await page.fill('#gc-float', '500.000');
    await page.getByTestId('gc-shift-open-submit').tap();
    await expect.poll(() => page.getByTestId('gc-expected').innerText()).toMatch(/500\.000/);

    // 4–11: table T05 is seated and orders by touch; a modifier and a note on one dish
    await page.goto('/pos/transaction/order');
    await page.getByTestId('pos-table-T05').tap();
    await page.getByTestId('pos-order').waitFor();
    await screenshot(page, 'pos-order-empty-tablet');
    await page.getByRole('tab', { name: 'Makanan pembuka' }).tap();
    await page.getByTestId('pos-dish-A01').tap();
    await page.getByRole('tab', { name: 'Nasi dan mi' }).tap();
    await page.getByTestId('pos-dish-R02').tap();
    await page.getByTestId('pos-dish-R02').tap();
    await page.locator('.pos-line.pending .pos-line-name', { hasText: 'Sate ayam' }).tap();
    await page.locator('.pos-line-edit .chip', { hasText: 'Extra peanut sauce' }).tap();
    await page.getByRole('tab', { name: 'Jus dan mocktail' }).tap();
    await page.getByTestId('pos-dish-J02').tap();
    await page.getByTestId('pos-dish-J02').tap();
    await screenshot(page, 'pos-order-tablet');
    // 12: send
    await page.getByTestId('pos-send').tap();
    await expect.poll(() => page.getByTestId('pos-total').innerText()).toMatch(/331\.540/);

    // 13–15: the kitchen's board shows the food; the cook marks it ready
    await page.goto('/pos/transaction/waiting-orders/kitchen');
    const ticket = page.locator('.pos-ticket', { hasText: 'T05' });
    await expect.poll(() => ticket.innerText()).toContain('Mie goreng Jawa');
    expect(await ticket.innerText()).toContain('Extra peanut sauce');
    await screenshot(page, 'pos-kitchen-board-tablet');
    await ticket.locator('.pos-ticket-head').tap();
    await page.getByTestId('pos-board-ready').tap();
    await expect.poll(() => page.locator('.pos-ticket', { hasText: 'T05' }).count()).toBe(0);

    // 16–24: the bill in two parts: half to the room, half in cash with change
    await page.goto('/pos/transaction/order');
    await page.getByTestId('pos-table-T05').tap();
    // the split screen offers items, seats and equal parts; the table takes equal parts
    await page.getByTestId('pos-split-open').tap();
    await page.getByTestId('pos-split-line-3').waitFor();
    await screenshot(page, 'pos-split-tablet');
    await page.getByRole('button', { name: 'Pesanan' }).tap();
    await page.getByTestId('pos-pay').tap();
    await page.getByTestId('pos-parts-2').tap();
    await expect.poll(() => page.getByTestId('pos-parts-shown').innerText()).toContain('165.770 + 165.770');
    await page.getByTestId('pos-kind-room').tap();
    await page.locator('#pos-stay').tap();
    await page.locator('.lookup-option').first().tap();
    await page.getByTestId('pos-pay-submit').tap();
    await expect.poll(() => page.getByTestId('pos-owed').innerText()).toMatch(/165\.770/);
    await page.getByTestId('pos-kind-cash').tap();
    await page.fill('#pos-tendered', '200.000');
    await page.getByTestId('pos-pay-submit').tap();
    await expect.poll(() => page.getByTestId('pos-last-payment').innerText()).toContain('34.230');
    await page.getByTestId('pos-bill-paid').waitFor();
    await screenshot(page, 'pos-paid-tablet');
    const billPath = new URL(page.url()).pathname.replace('/pos/transaction/order/payment/', '/pointofsales/edit-order-bill/');

    // the back office reads the same bill, and the day's sales, at the desk
    const desk = await newPage(browser, 1366, 900);
    await signIn(desk.page, 'cashier');
    await desk.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await desk.page.goto(billPath);
    await expect.poll(() => desk.page.locator('#root_total').inputValue()).toContain('331.540');
    await screenshot(desk.page, 'pos-bill-desktop');
    await desk.page.goto('/pointofsales/report/daily-sales-report');
    await expect.poll(() => desk.page.locator('main').innerText()).toContain('331.540');
    await screenshot(desk.page, 'pos-daily-sales-desktop');
    await desk.page.goto('/pointofsales/dashboard');
    await expect.poll(() => desk.page.locator('main').innerText()).toContain('Kembang Restaurant');
    // a module's dashboard heads with its own name; only the home page greets the user
    expect(await desk.page.locator('main h1').innerText()).toBe('Dasbor outlet');
    expect(await desk.page.locator('main .welcome').count()).toBe(0);
    await screenshot(desk.page, 'pos-dashboard-desktop');
    await desk.context.close();

    // 23–25: the till closes on the count: 500.000 float + 165.770 cash, Rp 70 short in coins
    await page.goto('/pointofsales/cashier-open');
    expect(await page.getByTestId('pos-takings').innerText()).toMatch(/Dibebankan ke kamar[\s\S]*165\.770/);
    await page.getByTestId('gc-shift-count').tap();
    for (const [note, count] of [
      [100000, 6],
      [50000, 1],
      [10000, 1],
      [5000, 1],
      [500, 1],
      [200, 1],
    ] as const)
      await page.fill(`#gc-count-${note}`, String(count));
    await expect.poll(() => page.getByTestId('gc-difference').innerText()).toMatch(/70/);
    await page.fill('#gc-close-reason', 'Short Rp 70 in coins at the count');
    await page.getByTestId('gc-shift-close-submit').tap();
    await page.getByText(/Shift ditutup/).waitFor();

    // the charge is on the guest's folio at once
    const front = await newPage(browser, 1366, 900);
    await signIn(front.page, 'frontdesk');
    await front.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const lines = await front.page.evaluate(async () => {
      const folios = await (await fetch('/api/data/frontoffice/folio-balance?limit=200')).json();
      for (const f of folios.rows) {
        const folio = await (await fetch(`/api/data/frontoffice/folio/${f.id}`)).json();
        const hit = (folio.lines ?? []).find((l: { description: string }) => l.description.startsWith('Kembang Restaurant bill'));
        if (hit) return { folio: f.id, amount: hit.amount };
      }
      return null;
    });
    expect(lines).toMatchObject({ amount: '165770.00' });
  });

  it('bills a company on the city ledger from the pay pad, and asks for the company first', async () => {
    const page = await newTablet(browser);
    await signIn(page, 'cashier');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // the till, and a lunch on T09 already sent to the kitchen, are set up over the API as the terminal would
    const api = (path: string, body: unknown) => post(page, path, body);
    const lookup = (path: string) => read(page, path);
    const outlets = await lookup('/api/data/system/outlet?limit=50');
    const resto = outlets.rows.find((o: { code: string }) => o.code === 'RESTO').id;
    const tables = await lookup(
      `/api/data/pointofsales/table?limit=100&filter=${encodeURIComponent(JSON.stringify({ outlet_id: { op: 'eq', value: resto } }))}`,
    );
    const t09 = tables.rows.find((x: { code: string }) => x.code === 'T09').id;
    const menus = await lookup(
      `/api/data/pointofsales/menu?limit=200&filter=${encodeURIComponent(JSON.stringify({ outlet_id: { op: 'eq', value: resto } }))}`,
    );
    const r03 = menus.rows.find((m: { code: string }) => m.code === 'R03').id;
    expect((await api('/api/ops/pointofsales.openShift', { outlet_id: resto, opening_float: '100.000' })).status).toBe(200);
    const bill = await api('/api/data/pointofsales/check', {
      outlet_id: resto,
      table_id: t09,
      covers: 2,
      items: [{ menu_id: r03, quantity: 2 }],
    });
    expect(bill.status).toBe(201);
    expect((await api('/api/ops/pointofsales.sendOrder', { id: bill.body.id })).status).toBe(200);

    // 1–4: the pay pad: city ledger, no company named yet is refused in words; then PT Telkom takes the bill
    await page.goto(`/pos/transaction/order/payment/${bill.body.id}`);
    await page.getByTestId('pos-kind-city_ledger').tap();
    await page.getByTestId('pos-pay-submit').tap();
    await page.getByText('Sebutkan perusahaan yang ditagih di city ledger').waitFor();
    await page.fill('#pos-company', 'PT Telkom Indonesia');
    await screenshot(page, 'pos-pay-city-ledger-tablet');
    await page.getByTestId('pos-pay-submit').tap();
    await page.getByTestId('pos-bill-paid').waitFor();
    // 2 × 98.000 + 10 % service + 11 % PBJT on the food
    const paid = await lookup(`/api/data/pointofsales/check/${bill.body.id}`);
    expect(paid).toMatchObject({ status: 'paid', total: '237160.00', paid: '237160.00' });

    // 5–8: the company was the wrong one: the bill is reopened from its screen with the reason, and billed again
    await page.goto(`/pointofsales/edit-bill/${bill.body.id}`);
    await page.getByRole('button', { name: 'Buka kembali tagihan' }).tap();
    await page.fill('#action-reopen-reason', 'Tagihan untuk PT Pertamina, bukan Telkom');
    await screenshot(page, 'pos-bill-reopen-tablet');
    await page.locator('[data-testid=action-run-reopen]').tap();
    await page.getByText('terbuka lagi: 1 pembayaran dibatalkan').waitFor();
    expect(await lookup(`/api/data/pointofsales/check/${bill.body.id}`)).toMatchObject({ status: 'open', paid: '0.00' });
    const again = await api('/api/ops/pointofsales.pay', { id: bill.body.id, kind: 'city_ledger', company: 'PT Pertamina' });
    expect(again.body).toMatchObject({ status: 'paid', amount: '237160' });

    const closed = await api('/api/ops/pointofsales.closeShift', { count: [{ denomination: 100000, quantity: 1 }] });
    expect(closed.status).toBe(200);
    await page.context().close();
  });

  it('moves a bill charged to the wrong room onto the right guest, with the reason', async () => {
    const { page, context } = await newPage(browser, 1366, 860);
    await signIn(page, 'cashier');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/pointofsales/transfer-payment');
    const row = page.locator('[data-testid^="pos-room-charge-"]').first();
    await row.waitFor();
    const before = await row.innerText();
    await row.getByRole('button', { name: 'Pindah ke kamar lain' }).click();
    await page.locator('#pos-transfer-stay').click();
    await page.locator('.lookup-option').nth(1).click();
    await page.fill('#pos-transfer-reason', 'Pelayan menulis kamar yang salah');
    await screenshot(page, 'pos-transfer-payment-desktop');
    await page.getByTestId('pos-transfer-submit').click();
    await page
      .getByText(/dipindah ke/)
      .first()
      .waitFor();
    await expect.poll(() => row.innerText()).toContain('dipindah 1× (Pelayan menulis kamar yang salah)');
    expect(await row.innerText()).not.toEqual(before);
    await context.close();
  });

  it("gives the night auditor the outlets' figures and bills of the day, on the desk and on a phone", async () => {
    for (const [width, height, name] of [
      [1366, 860, 'na-pos-dashboard-desktop'],
      [375, 800, 'na-pos-dashboard-mobile'],
    ] as const) {
      const { page, context } = await newPage(browser, width, height);
      await signIn(page, 'frontdesk');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/frontoffice/dashboard/na-pos');
      await expect.poll(() => page.locator('main').innerText()).toMatch(/B-\d{6}-\d{4}/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, name);
      await context.close();
    }
  });

  it('shows the breakfast host, housekeeping’s amenity requests, the pay pad and the room-charge moves on the desk and a phone', async () => {
    // a baby cot ordered to an in-house guest's room, so the amenity board has a request on it
    const setup = await newPage(browser, 1366, 860);
    await signIn(setup.page, 'cashier');
    await setup.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const rsvc = await byCode(setup.page, 'system/outlet', 'RSVC');
    const cot = await byCode(setup.page, 'pointofsales/menu', 'H01', { outlet_id: { op: 'eq', value: rsvc } });
    const stays = await read(
      setup.page,
      `/api/data/frontoffice/reservation/lookup?filter=${encodeURIComponent(JSON.stringify({ status: { op: 'eq', value: 'in_house' } }))}`,
    );
    const bill = await post(setup.page, '/api/data/pointofsales/check', {
      outlet_id: rsvc,
      covers: 1,
      reservation_id: stays.rows[0].id,
      items: [{ menu_id: cot, quantity: 1, note: 'for a one-year-old' }],
    });
    expect(bill.status).toBe(201);
    expect((await post(setup.page, '/api/ops/pointofsales.sendOrder', { id: bill.body.id })).status).toBe(200);
    // room service's till is open while the pay pad is looked at, and closed on the count after
    expect((await post(setup.page, '/api/ops/pointofsales.openShift', { outlet_id: rsvc, opening_float: '100.000' })).status).toBe(200);

    for (const [width, height, size] of [
      [1366, 860, 'desktop'],
      [375, 800, 'mobile'],
    ] as const) {
      const dewi = await newPage(browser, width, height);
      await signIn(dewi.page, 'cashier');
      await dewi.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await dewi.page.goto('/pointofsales/breakfast-coupon');
      await dewi.page.getByTestId('pos-coupon-count').waitFor();
      await screenshot(dewi.page, `pos-breakfast-coupon-${size}`);
      await dewi.page.goto('/pointofsales/transfer-payment');
      await dewi.page.locator('[data-testid^="pos-room-charge-"]').first().waitFor();
      await screenshot(dewi.page, `pos-transfer-payment-${size}`);
      await dewi.page.goto(`/pos/transaction/order/payment/${bill.body.id}`);
      await dewi.page.getByTestId('pos-kind-city_ledger').click();
      await screenshot(dewi.page, `pos-pay-${size}`);
      expect(await dewi.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await dewi.context.close();

      const ayu = await newPage(browser, width, height);
      await signIn(ayu.page, 'housekeeping');
      await ayu.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await ayu.page.goto('/housekeeping/amenity-requests');
      await ayu.page.waitForURL('**/housekeeping/waiting-orders/amenity');
      await expect.poll(() => ayu.page.locator('.pos-ticket').first().innerText()).toContain('for a one-year-old');
      expect(await ayu.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(ayu.page, `hk-amenity-requests-${size}`);
      await ayu.context.close();
    }
    const closed = await post(setup.page, '/api/ops/pointofsales.closeShift', { count: [{ denomination: 100000, quantity: 1 }] });
    expect(closed.status).toBe(200);
    await setup.context.close();
  });

  it('shows the order pad and the kitchen board on a phone', async () => {
    const { page } = await newPage(browser, 375, 800);
    await signIn(page, 'cashier');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/pos/transaction/order');
    const resto = page.locator('.pos-pad-bar select option', { hasText: 'Kembang Restaurant' });
    await page.selectOption('.pos-pad-bar select', (await resto.getAttribute('value'))!);
    await page.getByTestId('pos-table-T01').waitFor();
    await screenshot(page, 'pos-tables-mobile');
    await page.getByTestId('pos-table-T02').click();
    await page.getByTestId('pos-order').waitFor();
    await page.getByTestId('pos-dish-A01').click();
    await screenshot(page, 'pos-order-mobile');
    // the guest at T02 leaves before ordering: nothing was sent, so the bill is cancelled (the night audit needs no open bill)
    const cancelled = await page.evaluate(async () => {
      const id = new URL(location.href).searchParams.get('check');
      const bill = await (await fetch(`/api/data/pointofsales/check/${id}`)).json();
      const { csrfToken } = await (await fetch('/api/auth/me')).json();
      const res = await fetch(`/api/data/pointofsales/check/${id}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify({ version: bill.version }),
      });
      return res.status;
    });
    expect(cancelled).toBe(200);
  });

  it('shows on the table plan, without a reload, a table seated and let go at another terminal', async () => {
    const waiter = await newPage(browser, 1024, 768);
    await signIn(waiter.page, 'cashier');
    await waiter.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const outlet = await byCode(waiter.page, 'system/outlet', 'RESTO');
    const satay = await byCode(waiter.page, 'pointofsales/menu', 'A01', { outlet_id: { op: 'eq', value: outlet } });
    const pad = await read(waiter.page, `/api/pointofsales/pad/${outlet}`);
    const tables = pad.tables as { id: number; code: string; state: string; area: string }[];
    // a free table in the area the plan opens on
    const free = tables.filter((x) => x.state === 'free' && x.area === tables[0].area).at(-1)!;

    const plan = await newPage(browser, 1366, 860);
    await signIn(plan.page, 'cashier');
    await plan.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await plan.page.goto('/pointofsales/table-plan');
    const resto = plan.page.locator('.pos-plan select option', { hasText: 'Kembang Restaurant' });
    await plan.page.selectOption('.pos-plan select', (await resto.getAttribute('value'))!);
    const tile = plan.page.getByTestId(`plan-table-${free.code}`);
    await expect.poll(() => tile.getAttribute('class')).toContain('pos-free');
    // a waiter at another terminal seats the table with one satay (written as the order pad writes it)
    const made = await post(waiter.page, '/api/data/pointofsales/check', {
      outlet_id: outlet,
      table_id: free.id,
      covers: 2,
      items: [{ menu_id: satay, quantity: 1 }],
    });
    expect(made.status).toBe(201);
    // the plan used to ask every 15 s; the change feed brings it in about a second
    await expect.poll(() => tile.getAttribute('class'), { timeout: 4000 }).not.toContain('pos-free');
    const cancelled = await post(waiter.page, `/api/data/pointofsales/check/${made.body.id}/cancel`, { version: made.body.version });
    expect(cancelled.status).toBe(200);
    await expect.poll(() => tile.getAttribute('class'), { timeout: 4000 }).toContain('pos-free');
    await waiter.context.close();
    await plan.context.close();
  });
});
