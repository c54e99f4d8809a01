import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signIn } from '../support/browser.js';

/**
 * The built client works under the strict Content-Security-Policy (no eval, no inline script): signing in,
 * a list, a form whose validation runs in the browser, the room plan and the API documentation, with not one
 * violation reported. (rjsf's ajv validator compiles schemas with `new Function`; the forms now validate
 * without code generation.)
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('signs in, validates a form, opens the room plan and the API documentation without a single CSP violation', async () => {
  const { page, context } = await newPage(browser);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const first = await page.goto('/login');
  expect(first!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  await signIn(page, 'admin');
  await page.waitForURL('**/dashboard');

  await page.goto('/system/global-master/masterbank');
  await page.getByRole('button', { name: 'New' }).click();
  await page.locator('.drawer').getByRole('button', { name: 'Save' }).click();
  await page.locator('.drawer').getByText('Code is required').waitFor();
  await page.locator('.drawer input').first().fill('BJB');
  await page.locator('.drawer input').nth(1).fill('Bank BJB');
  await page.locator('.drawer').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('gridcell', { name: 'Bank BJB' }).waitFor();

  await page.goto('/frontoffice/roomplan');
  // not 'networkidle': the plan keeps a long poll open for room status changes
  await page.locator('[data-testid=roomplan] .rp-row[data-room]').first().waitFor();
  await page.goto('/api/docs');
  await page.getByText('Hotelier API').first().waitFor();
  expect(violations).toEqual([]);
  await context.close();
});
