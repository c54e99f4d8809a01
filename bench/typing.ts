import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { loadConfig, projectRoot } from '../server/config.js';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { loadMeta } from '../server/meta/load.js';
import { buildApp } from '../server/app.js';
import { seedDemo } from '../server/seed/demo.js';
import { copyOfRepository } from '../tests/meta/fixtureProject.js';
import { addJournalVoucher } from '../tests/support/journalVoucher.js';
import { ms, percentile } from './stats.js';
import { Findings } from './support/suite.js';
import type { RouteNode } from '../src/core/meta/types.js';

const LINES = 50;
const KEYS = 'Kopi tubruk 12';

/**
 * Typing in a document of 200 fields (a journal voucher of 50 lines × 4 cells, and its header) in
 * Chromium, against a plain input added to the same page: from each key's event to the next frame
 * painted. The grid keeps one editor whatever the number of lines, and the header's fields keep their
 * text locally, so a keystroke repaints one input — the figure shows whether that holds.
 */
export async function benchTyping(): Promise<Findings> {
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'index.html'))) throw new Error('build the client first (npm run build)');
  const project = copyOfRepository();
  addJournalVoucher(project);
  // the browser's routes are built into the bundle: the voucher is shown on a route the bundle has, under the
  // voucher's right (an entity's right is declared once)
  project.write('screens/sales/arrangement.json', project.read('screens/fixture/sample-journal.json'));
  const onVoucher = (nodes: RouteNode[]) =>
    nodes.forEach((n) => {
      if (n.screen === 'sales/arrangement') n.permission = 'gl.sample-journal';
      onVoucher(n.children ?? []);
    });
  project.edit<{ routes: RouteNode[] }>('routes.json', (file) => onVoucher(file.routes));
  fs.symlinkSync(path.join(projectRoot, 'dist'), project.path('dist'));
  // the metadata first: a mistake in it leaves no database thread running
  const meta = loadMeta(project.root);
  const database = await connect({ dataDir: 'memory://' });
  await migrate(database.db, path.join(projectRoot, 'server', 'migrations'));
  await seedDemo(database.db, meta);
  const app = await buildApp({
    config: { ...loadConfig({}), root: project.root, dataDir: project.root },
    database,
    meta,
    mailer: { send: async () => undefined },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 900 } });
    const login = await context.request.post('/api/auth/login', { data: { username: 'admin', password: 'hotelier' } });
    const session = await login.json();
    const headers = { 'x-csrf-token': session.csrfToken };
    const account = async (code: string, name: string) =>
      (await (await context.request.post('/api/data/fixture/sample-account', { data: { code, name }, headers })).json()).id as number;
    const [cash, food] = [await account('1101', 'Kas besar'), await account('4201', 'Pendapatan makanan')];
    const voucher = await context.request.post('/api/data/fixture/sample-journal', {
      headers,
      data: {
        number: 'JV-TYPING',
        voucher_date: '2026-11-23',
        memo: 'Penjualan outlet',
        lines: Array.from({ length: LINES }, (_, i) => ({
          account_id: i % 2 ? food : cash,
          description: `Bon ${i + 1}`,
          ...(i % 2 ? { credit: '18500' } : { debit: '18500' }),
        })),
      },
    });
    if (voucher.status() !== 201) throw new Error(`voucher: ${voucher.status()} ${await voucher.text()}`);
    await context.addInitScript(
      (marker) => localStorage.setItem('hotelier.login', marker),
      JSON.stringify({ username: 'admin', expiresAt: session.expiresAt }),
    );
    const page = await context.newPage();
    await page.goto(`/sales/arrangement?id=${(await voucher.json()).id}`);
    await page.locator('[data-cell="49:1"]').waitFor();
    await page.evaluate(() => {
      const plain = document.createElement('input');
      plain.id = 'plain-input';
      plain.style.cssText = 'position:fixed;bottom:8px;right:8px;width:240px;z-index:5';
      document.body.append(plain);
      const w = window as unknown as { __paint: number[]; __long: number[] };
      w.__paint = [];
      w.__long = [];
      // from the key's event to the frame after it: a frame callback, then a task after that frame's paint
      window.addEventListener(
        'keydown',
        (e) => requestAnimationFrame(() => setTimeout(() => w.__paint.push(performance.now() - e.timeStamp), 0)),
        true,
      );
      new PerformanceObserver((list) => list.getEntries().forEach((t) => w.__long.push(t.duration))).observe({
        type: 'longtask',
        buffered: false,
      });
    });

    // the three are typed in turns, a few keys each, so a machine busy at one moment slows all alike
    const targets: Record<'grid' | 'header' | 'plain', () => Promise<unknown>> = {
      grid: async () => {
        await page.locator('[data-cell="25:1"]').click();
        await page.locator('.lg-editor').waitFor();
      },
      header: () => page.locator('#root_memo').click(),
      plain: () => page.locator('#plain-input').click(),
    };
    const times: Record<keyof typeof targets, number[]> = { grid: [], header: [], plain: [] };
    for (let round = 0; round < 4; round++) {
      for (const [name, focus] of Object.entries(targets) as [keyof typeof targets, () => Promise<unknown>][]) {
        times[name].push(...(await typeInto(page, focus)));
      }
    }
    const [grid, header, plain] = [times.grid, times.header, times.plain].map((t) => t.sort((a, b) => a - b));
    const long = await page.evaluate(() => (window as unknown as { __typingLong: number[] }).__typingLong);
    const fieldCount = await page.evaluate(
      () => document.querySelectorAll('[role=gridcell], .card-body input, .card-body textarea').length,
    );
    const f = new Findings(`Chromium, a document of ${fieldCount} fields`);
    const row = (t: number[]) => `p50 ${ms(percentile(t, 50))} / p95 ${ms(percentile(t, 95))}`;
    const versus = (name: string, t: number[]) => {
      const ratio = percentile(t, 50) / percentile(plain, 50);
      f.note(name, `${row(t)} → ${f.goal(name, ratio <= 3, `${ratio.toFixed(2)}× a plain input on the same page (goal ≤ 3×)`)}`);
    };
    versus("typing in a cell of line 26 (the grid's one editor)", grid);
    versus("typing in the header's memo", header);
    f.note('typing in a plain input on the same page', row(plain));
    const over = long.filter((d) => d > 50).length;
    f.note(
      'long tasks while typing',
      f.goal('long tasks while typing', over === 0, `${over} over 50 ms (goal 0); longest ${ms(Math.max(0, ...long))}`),
    );
    return f;
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    project.dispose();
  }
}

/** Types a few words into what `focus` opens, a key every 40 ms as a quick typist does; the times of those keys. */
async function typeInto(page: Page, focus: () => Promise<unknown>): Promise<number[]> {
  await page.keyboard.press('Escape');
  await focus();
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    const w = window as unknown as { __paint: number[]; __long: number[]; __typingLong: number[] };
    w.__paint = [];
    w.__long = [];
  });
  await page.keyboard.type(KEYS, { delay: 40 });
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const w = window as unknown as { __paint: number[]; __long: number[]; __typingLong?: number[] };
    // long tasks while the keys were typed, not while the editor or field was being opened
    w.__typingLong = [...(w.__typingLong ?? []), ...w.__long];
    return w.__paint;
  });
}
