import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, latestMail, launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';
import { HttpClient } from '../support/httpClient.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function pickLookup(page: Page, field: string, text: string) {
  const box = page.locator(`[data-field="${field}"] [role=combobox]`);
  await box.click();
  await box.fill(text);
  await page.locator(`[data-field="${field}"] [role=option]`, { hasText: text }).first().click();
}

async function signOut(page: Page, fullName: string) {
  await page.locator('.app-header').getByRole('button', { name: fullName }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login/);
}

async function menuTexts(page: Page) {
  return (await page.locator('.app-sidebar').innerText())
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}

for (const width of [1366, 375]) {
  describe(`the administrator's first day at ${width} px`, () => {
    const code = width === 1366 ? 'NIGHTAUD' : 'NIGHTMOB';
    const user = width === 1366 ? 'ratna' : 'yusuf';
    const fullName = width === 1366 ? 'Ratna Sari' : 'Yusuf Hidayat';
    const group = width === 1366 ? 'Night auditors' : 'Night reception';

    it('creates a group with one right and a user in it; the user sees only that in the menu', async () => {
      const { page, context } = await newPage(browser, width);
      const mobile = width < 768;
      const openMenu = async () => {
        if (mobile) await page.getByRole('button', { name: 'Show or hide the menu' }).click();
      };
      await signIn(page, 'admin');
      await page.waitForURL('**/dashboard');

      await page.goto('/system/system-user/group-user');
      await page.getByRole('button', { name: 'New' }).click();
      await page.fill('#root_code', code);
      await page.fill('#root_name', group);
      await page.locator('.drawer').getByRole('button', { name: 'Save' }).click();
      await page.locator('.group-list').getByText(group).click();
      await page.locator('[data-right="system.masterbank:view"]').check();
      await page.getByRole('button', { name: 'Save rights' }).click();
      await page.getByText(/Rights saved: 1 added/).waitFor();

      await page.goto('/system/system-user/user?edit=new');
      await page.fill('#root_username', user);
      await page.fill('#root_full_name', fullName);
      await pickLookup(page, 'group_id', group);
      await page.selectOption('#root_language', { label: 'English' });
      await page.fill('#root_password', 'Mulai-2026!');
      await pickLookup(page, 'branch_ids', 'Grand Nusantara Bandung');
      await screenshot(page, `user-form-${width}`);
      await page.locator('.drawer').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved').first().waitFor();
      await signOut(page, 'Administrator');

      await signIn(page, user, 'Mulai-2026!');
      await page.waitForURL('**/change-password');
      await page.fill('#current-password', 'Mulai-2026!');
      await page.fill('#new-password', 'Audit-Malam-77');
      await page.fill('#repeat-password', 'Audit-Malam-77');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.waitForURL('**/dashboard');
      await openMenu();
      await page.locator('.app-sidebar').getByText('System', { exact: true }).click();
      await page.locator('.app-sidebar').getByText('Global masters', { exact: true }).click();
      const menu = await menuTexts(page);
      expect(menu).toContain('Dashboard');
      expect(menu).toContain('Banks');
      expect(menu).not.toContain('Users');
      expect(menu).not.toContain('Departments');
      expect(menu).not.toContain('Utilities');
      await screenshot(page, `restricted-menu-${width}`);
      await page.goto('/system/system-user/user');
      await page.getByText('You have no access to this screen').waitFor();
      await signOut(page, fullName);
      await context.close();
    });
  });
}

describe('shell', () => {
  it('sends a visitor without a session to the sign-in page, and / to the dashboard once signed in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/system/global-master/masterbank');
    await page.waitForURL(/\/login\?next=%2Fsystem%2Fglobal-master%2Fmasterbank$/);
    await page.fill('#username', 'admin');
    await page.fill('#password', 'hotelier');
    await page.click('button[type=submit]');
    // back to where the visitor was going
    await page.waitForURL('**/system/global-master/masterbank');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('hotelier.login'))).toContain('"username":"admin"');
    expect(await page.evaluate(() => document.cookie)).not.toContain('hotelier_session');
    await context.close();
  });

  it('shows the breadcrumb with " > ", switches to Indonesian, and keeps the chosen skin', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL('**/dashboard');
    await page.goto('/system/global-master/masterbank');
    expect(await page.locator('.page-header .breadcrumb').innerText()).toBe('System > Global masters > Banks');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Indonesian' }).click();
    await page.locator('.page-header .breadcrumb', { hasText: 'Sistem' }).waitFor();
    await page.getByRole('button', { name: 'Tampilan' }).click();
    await page.locator('.control-sidebar [data-skin="skin-green"]').click();
    expect(await page.evaluate(() => localStorage.getItem('skin'))).toBe('skin-green');
    await page.reload();
    await page.locator('body.skin-green .app-header').waitFor();
    await screenshot(page, 'banks-indonesian-green');
    await context.close();
  });
});

describe('forgotten password', () => {
  // a storekeeper of her own, so the demo's sign-ins the other browser tests use keep their password
  it('mails a link to the outbox that sets a new password, and the old one stops working', async () => {
    const admin = await new HttpClient(baseUrl()).login('admin');
    const group = (await admin.get('/api/data/system/group?q=PURCH&limit=1')).json.rows[0];
    const bandung = (await admin.get('/api/data/system/branch?limit=1')).json.rows[0];
    const created = await admin.post('/api/data/system/user', {
      username: 'rini.gudang',
      full_name: 'Rini Handayani',
      email: 'rini.handayani@grandnusantara.co.id',
      group_id: group.id,
      password: 'Gudang-Lama-2026',
      branch_ids: [bandung.id],
      default_branch_id: bandung.id,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.locator('a[href="/forgot-password"]').click();
    await page.fill('#login', 'rini.gudang');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(/If the account exists/).waitFor();
    let mail: string | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = latestMail('rini.handayani@grandnusantara.co.id');
      if (!mail) await page.waitForTimeout(100);
    }
    const link = /https?:\/\/\S+\/forgot-password\?token=[^\s"<]+/.exec(mail ?? '')?.[0];
    expect(link, mail).toBeTruthy();
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await page.fill('#new-password', 'Gudang-Baru-2026');
    await page.fill('#repeat-password', 'Gudang-Baru-2026');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByText('Your password is set. Sign in with it now.').waitFor();
    await signIn(page, 'rini.gudang', 'Gudang-Lama-2026');
    await page.locator('.alert-danger').waitFor();
    await signIn(page, 'rini.gudang', 'Gudang-Baru-2026');
    await page.waitForURL(/dashboard|change-password/);
    await context.close();
  });
});
