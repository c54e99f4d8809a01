import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * The arrangement document at Grand Nusantara Bandung, entered the way a sales clerk with a keyboard does:
 * header fields, then the lines — article, amount, per — each cell closed with Enter, a new line started
 * by Enter after the last cell, a line pasted from a spreadsheet, Delete to remove one, Ctrl+S to save.
 * The double-room example is checked to the rupiah on the screen and in what the server stored.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function arrangement(page: Page, code: string) {
  const res = await page.request.get(`/api/data/sales/arrangement?q=${code}&limit=1`);
  return (await res.json()).rows[0] as {
    id: number;
    code: string;
    lines: { fo_article_id: number; amount: string; basis: string; _refs: Record<string, string> }[];
  };
}

const grid = (page: Page) => page.locator('[role=grid]');
const cell = (page: Page, line: number, column: number) => grid(page).locator(`[data-cell="${line - 1}:${column}"]`);
const total = (page: Page) => page.locator('[data-total=double_room]');

describe('an arrangement entered by keyboard only', () => {
  it('is typed header to last line without the mouse, a line is pasted from a spreadsheet, and the totals are exact', async () => {
    const { page, context } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'sales');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/sales/arrangement?id=new');
    await page.locator('#root_code').focus();

    await page.keyboard.type('BBQ');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Breakfast and seafood BBQ');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sarapan untuk setiap dewasa dan makan malam BBQ tepi kolam');
    await page.keyboard.press('Tab'); // the "active" checkbox
    await page.keyboard.press('Tab'); // into the grid: line 1, revenue article
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-cell'))).toBe('0:0');

    // line 1: breakfast by its code, 125.000 typed the Indonesian way, per person
    await page.keyboard.type('BF');
    await page.keyboard.press('Enter');
    await page.keyboard.type('125.000');
    await page.keyboard.press('Enter');
    await page.keyboard.type('person');
    await page.keyboard.press('Enter');
    // Enter after the last cell started line 2: dinner by its name, per person
    await page.keyboard.type('Dinner');
    await page.keyboard.press('Enter');
    await page.keyboard.type('175000');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // keeps "person", the default
    await page.keyboard.press('Enter');
    await expect.poll(() => grid(page).locator('tbody tr').count()).toBe(3);
    await expect.poll(() => total(page).innerText()).toContain('600.000');

    // line 3 comes from a spreadsheet: airport transfer per room
    await page.keyboard.press('Escape');
    await page.evaluate(() => navigator.clipboard.writeText('TRF\t275.000\troom\r\n'));
    await page.keyboard.press('Control+V');
    await expect.poll(() => cell(page, 3, 0).innerText()).toBe('TRF - Airport transfer');
    expect(await cell(page, 3, 1).innerText()).toBe('275.000');
    expect(await cell(page, 3, 2).innerText()).toBe('room');
    expect(await cell(page, 3, 3).innerText()).toBe('275.000');
    // 2 × 125.000 + 2 × 175.000 + 275.000
    await expect
      .poll(() => total(page).innerText())
      .toBe("For 2 adults, 875.000 of each night's rate (before service and tax) goes to these articles");
    await screenshot(page, 'document-arrangement-entered-desktop');

    await page.keyboard.press('Control+S');
    await page.locator('.toast', { hasText: 'Saved' }).waitFor();
    await page.waitForURL(/id=\d+/);
    const saved = await arrangement(page, 'BBQ');
    expect(saved.lines.map((l) => [l._refs.fo_article_id, l.amount, l.basis])).toEqual([
      ['BF - Breakfast', '125000.00', 'per_person'],
      ['DIN - Dinner', '175000.00', 'per_person'],
      ['TRF - Airport transfer', '275000.00', 'per_room'],
    ]);

    // Delete removes the selected line; Ctrl+S keeps the rest
    await cell(page, 2, 1).waitFor();
    await cell(page, 1, 1).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Delete');
    await expect.poll(() => grid(page).locator('tbody tr').count()).toBe(2);
    await expect.poll(() => total(page).innerText()).toContain('525.000');
    await page.keyboard.press('Control+S');
    await page.locator('.toast', { hasText: 'Saved' }).last().waitFor();
    await expect
      .poll(async () => (await arrangement(page, 'BBQ')).lines.map((l) => l._refs.fo_article_id))
      .toEqual(['BF - Breakfast', 'TRF - Airport transfer']);
    await context.close();
  });

  it('names the line and the field of an amount it cannot read, and of a line without its article, before anything is sent', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'sales');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/sales/arrangement?id=new');
    await page.locator('#root_code').fill('LUNCH');
    await page.locator('#root_name').fill('Lunch');
    await cell(page, 1, 1).click();
    await page.keyboard.type('seratus ribu');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.lg-edit-error').innerText()).toBe('Amount must be a number');
    await page.keyboard.press('Escape');
    await page.keyboard.type('95000');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+S');
    await page.locator('.doc-problems').waitFor();
    expect(await page.locator('.doc-problems li').allInnerTexts()).toEqual(['Line 1, Revenue article is required']);
    expect(await cell(page, 1, 0).getAttribute('aria-invalid')).toBe('true');
    expect(await arrangement(page, 'LUNCH')).toBeUndefined();
    await context.close();
  });
});

describe('the arrangement screen', () => {
  it('looks right on a desk and on a phone', async () => {
    for (const [width, name] of [
      [1366, 'desktop'],
      [375, 'mobile'],
    ] as const) {
      const { page, context } = await newPage(browser, width, 860);
      await signIn(page, 'sales');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/sales/arrangement');
      await page.waitForURL(/id=\d+/);
      await cell(page, 1, 0).waitFor();
      expect(await total(page).innerText()).toMatch(/For 2 adults, [\d.]+ of each night's rate/);
      await screenshot(page, `document-arrangement-${name}`);
      if (width === 375) {
        // every cell can be reached and typed in on a phone
        await cell(page, 1, 1).scrollIntoViewIfNeeded();
        await cell(page, 1, 1).click();
        expect(await page.locator('.lg-editor').isVisible()).toBe(true);
        await page.keyboard.press('Escape');
        await page.screenshot({ path: 'test-results/screenshots/document-arrangement-mobile-full.png', fullPage: true });
      }
      await context.close();
    }
  });
});
