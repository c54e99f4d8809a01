import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { projectRoot } from '../server/config.js';
import { kb } from './stats.js';
import { Findings } from './support/suite.js';
import { startDatabase, startServer } from './support/server.js';

/**
 * What a browser really downloads: Chromium opens the page on the built app (the real server, which
 * sends the pre-compressed files); every JavaScript response is counted as sent (brotli) and, for the
 * budgets, as gzip at level 9 of the same script; API requests before the page is drawn are counted too.
 */
async function jsLoadedBy(baseUrl: string, url: string, waitFor: string, signInAs?: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({ baseURL: baseUrl });
  if (signInAs) {
    // Signed in through the API, with the login marker the shell reads, so only the screen's own load is counted.
    const res = await context.request.post('/api/auth/login', { data: { username: signInAs, password: 'hotelier' } });
    const session = await res.json();
    await context.addInitScript(
      (marker) => localStorage.setItem('hotelier.login', marker),
      JSON.stringify({ username: signInAs, expiresAt: session.expiresAt }),
    );
  }
  const page = await context.newPage();
  const seen = new Map<string, { gzip: number; sent: number }>();
  const api: string[] = [];
  page.on('request', (req) => req.url().startsWith(`${baseUrl}/api/`) && api.push(req.url().slice(baseUrl.length)));
  page.on('response', async (res) => {
    const u = res.url();
    if (!u.endsWith('.js') || !u.startsWith(baseUrl)) return;
    const body = await res.body().catch(() => undefined);
    const sent = (await res.request().sizes()).responseBodySize;
    if (body) seen.set(u, { gzip: zlib.gzipSync(body, { level: 9 }).length, sent });
  });
  await page.goto(url);
  await page.waitForSelector(waitFor);
  const apiBeforeDrawn = api.length;
  await page.waitForLoadState('networkidle');
  await browser.close();
  const sum = (k: 'gzip' | 'sent') => [...seen.values()].reduce((a, b) => a + b[k], 0);
  return { gzip: sum('gzip'), sent: sum('sent'), files: seen.size, apiBeforeDrawn };
}

export async function benchBundle(port = 8299): Promise<Findings> {
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'index.html'))) throw new Error('build the client first (npm run build)');
  const server = await startServer(await startDatabase('pglite'), port);
  const base = `http://localhost:${port}`;
  const f = new Findings('Bundle');
  try {
    const login = await jsLoadedBy(base, '/login', '#username');
    const list = await jsLoadedBy(base, '/system/global-master/pay-article', '.ag-row', 'admin');
    f.note(
      'first load of /login',
      `${f.goal('login JS', login.gzip <= 150 * 1024, `${kb(login.gzip)} gzip (budget 150 kB)`)}, ${kb(login.sent)} as sent (br) in ${login.files} files; ${f.goal(
        'login API requests',
        login.apiBeforeDrawn <= 1,
        `${login.apiBeforeDrawn} API request before the form is drawn (goal ≤ 1)`,
      )}`,
    );
    f.note(
      'first load of a list screen',
      `${f.goal('list JS', list.gzip <= 350 * 1024, `${kb(list.gzip)} gzip (budget 350 kB)`)}, ${kb(list.sent)} as sent (br) in ${list.files} files`,
    );
    return f;
  } finally {
    await server.stop();
  }
}
