import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** The shared server this file holds: its index and address (tests/support/e2eReady.ts). */
function held(): { index: number; url: string } {
  const index = process.env.E2E_SERVER;
  if (index === undefined) throw new Error('no shared server is held: a browser test runs with tests/support/e2eReady.ts');
  return { index: Number(index), url: process.env.E2E_BASE_URL! };
}
export const baseUrl = () => held().url;
export const dataDir = () => inject('e2eDataDirs')[held().index];
export const SCREENSHOTS = path.resolve('test-results', 'screenshots');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page at a width; `base` points it at a server of the test's own instead of the shared one. */
export async function newPage(
  browser: Browser,
  width = 1366,
  height = 860,
  base = baseUrl(),
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height },
    baseURL: base,
    locale: 'en-GB',
    timezoneId: 'Asia/Jakarta',
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  return { context, page };
}

/** A tablet with touch, on the shared server: a restaurant's at 1024 × 768, or held upright, or a phone. */
export async function newTablet(browser: Browser, width = 1024, height = 768): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height },
    baseURL: baseUrl(),
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: 'Asia/Jakarta',
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  return page;
}

export async function signIn(page: Page, username: string, password = 'hotelier') {
  await page.goto('/login');
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** The newest mail the dev mailer wrote to data/outbox for an address. */
export function latestMail(to: string): string | undefined {
  const outbox = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(outbox)) return undefined;
  const files = fs
    .readdirSync(outbox)
    .filter((f) => f.includes(to.replace(/[^a-zA-Z0-9@.-]/g, '_')))
    .sort();
  return files.length ? fs.readFileSync(path.join(outbox, files[files.length - 1]), 'utf8') : undefined;
}
