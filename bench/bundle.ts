import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { projectRoot } from '../server/config.js';
import { kb } from './stats.js';

/**
 * What a browser really downloads: Chromium opens the page on the built app and every JavaScript
 * response is gzip-compressed here (the sizes a gzip-serving proxy would send) and summed.
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
  const seen = new Map<string, number>();
  page.on('response', async (res) => {
    const u = res.url();
    if (!u.endsWith('.js') || !u.startsWith(baseUrl)) return;
    const body = await res.body().catch(() => undefined);
    if (body) seen.set(u, zlib.gzipSync(body, { level: 9 }).length);
  });
  await page.goto(url);
  await page.waitForSelector(waitFor);
  await page.waitForLoadState('networkidle');
  await browser.close();
  return { total: [...seen.values()].reduce((a, b) => a + b, 0), files: seen.size };
}

export async function benchBundle(port = 8199): Promise<Record<string, string>> {
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'index.html'))) throw new Error('build the client first (npm run build)');
  const dataDir = fs.mkdtempSync('/tmp/hotelier-bench-');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  while (!out.includes('Hotelier is running')) {
    if (child.exitCode !== null) throw new Error(out);
    await new Promise((r) => setTimeout(r, 200));
  }
  const base = `http://localhost:${port}`;
  try {
    const login = await jsLoadedBy(base, '/login', '#username');
    const list = await jsLoadedBy(base, '/system/global-master/pay-article', '.ag-row', 'admin');
    return {
      'first load of /login (gzip JS)': `${kb(login.total)} in ${login.files} files (budget 150 kB)`,
      'first load of a list screen (gzip JS)': `${kb(list.total)} in ${list.files} files (budget 350 kB)`,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
