import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { loadConfig, projectRoot } from '../server/config.js';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { loadMeta } from '../server/meta/load.js';
import { buildApp } from '../server/app.js';
import { seedDemo } from '../server/seed/demo.js';
import { ms, percentile } from './stats.js';
import { Findings } from './support/suite.js';

const RUNS = 8;

/**
 * The room plan of Grand Nusantara Bandung (120 rooms) for 30 nights in Chromium at 1366 × 800: from the
 * navigation to the plan drawn with its bookings and taking the keyboard (time to interactive), the page
 * loaded afresh each time; and the same window in the "all rooms" density, every room and bar drawn at once.
 * Goal under 1 s for both.
 */
export async function benchRoomPlanRender(): Promise<Findings> {
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'index.html'))) throw new Error('build the client first (npm run build)');
  const database = await connect({ dataDir: 'memory://' });
  const meta = loadMeta(projectRoot);
  await migrate(database.db, path.join(projectRoot, 'server', 'migrations'));
  await seedDemo(database.db, meta);
  const app = await buildApp({
    config: { ...loadConfig({}), root: projectRoot, dataDir: '/tmp' },
    database,
    meta,
    mailer: { send: async () => undefined },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 800 } });
    const session = await (await context.request.post('/api/auth/login', { data: { username: 'frontdesk', password: 'hotelier' } })).json();
    await context.addInitScript(
      (marker) => localStorage.setItem('hotelier.login', marker),
      JSON.stringify({ username: 'frontdesk', expiresAt: session.expiresAt }),
    );
    const page = await context.newPage();
    const times: number[] = [];
    let rooms = 0;
    let bars = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const t0 = performance.now();
      await page.goto('/frontoffice/roomplan?days=30');
      await page.locator('.rp-bar').first().waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'grid');
      // the first load warms the browser's cache of the bundle, as a desk's second visit would be
      if (i > 0) times.push(performance.now() - t0);
      rooms = Number(await page.locator('[role=grid]').getAttribute('aria-rowcount'));
      bars = await page.locator('.rp-bar').count();
    }
    // the "all rooms" density draws every room and every bar of the window at once
    await page.evaluate(() => localStorage.setItem('roomplan.density', 'overview'));
    const all: number[] = [];
    let overviewBars = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await page.goto('/frontoffice/roomplan?days=30');
      await page.waitForFunction((n) => document.querySelectorAll('.rp-ov-row').length === n, rooms);
      await page.locator('.rp-ov-bar').first().waitFor();
      all.push(performance.now() - t0);
      overviewBars = await page.locator('.rp-ov-bar').count();
    }
    const f = new Findings(`Chromium 1366 × 800, ${rooms} rooms × 30 nights (${bars} bars drawn in view; all rooms: ${overviewBars} bars)`);
    for (const [what, list] of [
      ['room plan, time to interactive', times],
      ['room plan, all rooms drawn', all],
    ] as const) {
      const sorted = [...list].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      f.note(what, `p50 ${ms(percentile(sorted, 50))} / p95 ${ms(p95)} → ${f.goal(what, p95 < 1000, 'goal p95 < 1 s')}`);
    }
    return f;
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}
