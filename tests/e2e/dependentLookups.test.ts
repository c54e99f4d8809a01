import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * The reservation form at Grand Nusantara Bandung: the room offered follows the room type and the nights
 * chosen, and a room chosen for another type is emptied when the type changes.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function roomsOfType(page: Page, code: string): Promise<string[]> {
  const type = (
    await (await page.request.get(`/api/data/frontoffice/room-type?limit=1&filter=${q({ code: { op: 'eq', value: code } })}`)).json()
  ).rows[0];
  const rows = (
    await (
      await page.request.get(`/api/data/frontoffice/room?limit=200&filter=${q({ room_type_id: { op: 'eq', value: type.id } })}`)
    ).json()
  ).rows as { code: string }[];
  return rows.map((r) => r.code).sort();
}

async function choose(page: Page, field: string, text: string) {
  const input = page.locator(`#root_${field}`);
  await input.click();
  await input.fill(text);
  await page.locator('.lookup-option', { hasText: text }).first().click();
}

async function offered(page: Page, field: string): Promise<string[]> {
  await page.locator(`#root_${field}`).click();
  await page.locator('.lookup-option').first().waitFor();
  await page.waitForTimeout(400);
  const labels = await page.locator('.lookup-option').allInnerTexts();
  await page.keyboard.press('Escape');
  return labels.map((l) => l.trim()).sort();
}

describe('the reservation form', () => {
  it('offers the rooms of the chosen room type only, and empties the room when the type changes', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'frontdesk');
    await page.waitForURL('**/dashboard');
    const suites = await roomsOfType(page, 'STE');
    await page.goto('/frontoffice/reservation/begining');
    await page.locator('#root_arrival').waitFor();
    await page.locator('#root_arrival').fill('10/03/2027');
    await page.locator('#root_arrival').press('Tab');
    await page.locator('#root_departure').fill('12/03/2027');
    await page.locator('#root_departure').press('Tab');
    await choose(page, 'room_type_id', 'STE');
    const rooms = await offered(page, 'room_id');
    expect(rooms.length).toBeGreaterThan(0);
    expect(rooms.every((r) => suites.includes(r))).toBe(true);
    await choose(page, 'room_id', rooms[0]);
    await screenshot(page, 'reservation-dependent-room-desktop');
    expect(await page.locator('#root_room_id').inputValue()).toBe(rooms[0]);
    await choose(page, 'room_type_id', 'DLX');
    await expect.poll(() => page.locator('#root_room_id').inputValue()).toBe('');
    const deluxe = await roomsOfType(page, 'DLX');
    expect((await offered(page, 'room_id')).every((r) => deluxe.includes(r))).toBe(true);
    await context.close();
  });
});
