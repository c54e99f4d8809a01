import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { latestMail, launchBrowser, newPage, newTablet, screenshot, signIn } from '../support/browser.js';
import { pdfPages } from '../support/pdfText.js';

/**
 * Siti at the Grand Nusantara's front desk asks an in-house guest to sign her registration on the desk's tablet
 * (touch, 1024 × 768): her screen in Indonesian, she sends it from the reservation and reads the code out; the guest types it, checks her
 * details, accepts the terms, gives the stay's consent, says yes to offers by e-mail and no to keeping her
 * preferences, signs with her finger (an empty pad and a tap are refused first), and confirms. Siti's screen
 * says "Signed" without a reload, and the signed card opens as a PDF with the guest's answers.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A finger on the pad: touch events through Chromium's input domain, so the pad sees pointerType "touch". */
async function drawWithFinger(page: Page, points: [number, number][]) {
  const box = (await page.getByTestId('pdp-pad').boundingBox())!;
  const at = ([x, y]: [number, number]) => ({ x: box.x + x * box.width, y: box.y + y * box.height });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(points[0])] });
  for (const p of points.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(p)] });
  // the finger rests before it lifts, as a hand does: lifted while moving, Chromium would start a fling that eats
  // the next tap (the Continue button's)
  await page.waitForTimeout(150);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(points[points.length - 1])] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  // the finger is lifted once the pad counts the stroke (its undo button wakes)
  await expect.poll(() => page.getByTestId('pdp-undo').isEnabled()).toBe(true);
}

const signature = (): [number, number][] =>
  Array.from({ length: 60 }, (_, i) => [0.1 + i * 0.013, 0.5 + Math.sin(i / 4) * 0.22] as [number, number]);

describe('a guest signs her registration on the desk’s tablet', () => {
  it('goes from the desk’s code to a signed card, the desk following it live', async () => {
    // 1–3: Siti opens an in-house stay and sends its registration to be signed, in English, with a code
    const { page: desk } = await newPage(browser);
    await signIn(desk, 'frontdesk');
    await desk.waitForURL((url) => !url.pathname.startsWith('/login'));
    const stay = await desk.evaluate(async () => {
      const r = await (
        await fetch(
          `/api/data/frontoffice/reservation?limit=50&filter=${encodeURIComponent(JSON.stringify({ status: { op: 'eq', value: 'in_house' } }))}`,
        )
      ).json();
      return r.rows[0] as { id: number; code: string };
    });
    await desk.goto(`/frontoffice/reservation/detail/${stay.id}`);
    await desk.getByTestId('signing-send').click();
    await desk.selectOption('[data-testid=signing-language]', 'en');
    await desk.getByTestId('signing-go').click();
    const code = /(\d{6})/.exec(await desk.getByTestId('signing-code').innerText())![1];
    await screenshot(desk, 'pdp-desk-waiting');

    // 4–5: on the tablet the guest types the code and sees her registration, her ID number masked
    const tablet = await newTablet(browser);
    await tablet.goto('/pdp');
    await tablet.fill('#pdp-code', code);
    await tablet.getByTestId('pdp-open').tap();
    await tablet.getByTestId('pdp-registration').waitFor();
    expect(await tablet.getByTestId('pdp-registration').innerText()).toMatch(/•+/);
    await expect.poll(() => desk.getByTestId('signing-state').innerText()).toMatch(/Terbuka di tablet/);
    await screenshot(tablet, 'pdp-review-tablet');
    await tablet.getByTestId('pdp-next').tap();

    // 6: the terms, accepted; a refresh comes back to the same step with the answer kept
    await tablet.getByTestId('pdp-terms').waitFor();
    await tablet.getByTestId('pdp-accept-terms').tap();
    await tablet.reload();
    await tablet.getByTestId('pdp-terms').waitFor();
    expect(await tablet.getByTestId('pdp-accept-terms').isChecked()).toBe(true);
    await screenshot(tablet, 'pdp-terms-tablet');
    await tablet.getByTestId('pdp-next').tap();

    // 7–9: the stay's consent, then each optional purpose answered on its own
    await tablet.getByTestId('pdp-accept-consent').tap();
    expect(await tablet.getByTestId('pdp-next').isDisabled()).toBe(true);
    await tablet.getByTestId('pdp-purpose-MARKETING').getByText('Yes, I agree').tap();
    await tablet.getByTestId('pdp-purpose-PREFERENCES').getByText('No, thank you').tap();
    await screenshot(tablet, 'pdp-consent-tablet');
    await tablet.getByTestId('pdp-next').tap();

    // 10–13: an empty pad and a tap are refused; she signs with her finger
    await tablet.getByTestId('pdp-pad').waitFor();
    await tablet.getByTestId('pdp-next').tap();
    await tablet.getByText('Please sign in the box first.').waitFor();
    await drawWithFinger(tablet, [
      [0.5, 0.5],
      [0.51, 0.51],
    ]);
    await tablet.getByTestId('pdp-next').tap();
    await tablet.getByText('That is too small for a signature').waitFor();
    await tablet.getByTestId('pdp-clear').tap();
    await drawWithFinger(tablet, signature());
    await screenshot(tablet, 'pdp-signature-tablet');
    await tablet.getByTestId('pdp-next').tap();

    // 14–15: she checks everything once more and signs
    await tablet.getByTestId('pdp-summary').waitFor();
    expect(await tablet.getByTestId('pdp-summary').innerText()).toMatch(
      /Offers by e-mail: Yes, I agree[\s\S]*Remember my preferences: No, thank you/,
    );
    await screenshot(tablet, 'pdp-confirm-tablet');
    await tablet.getByTestId('pdp-sign').tap();
    await tablet.getByTestId('pdp-done').waitFor();
    await tablet.locator('.pdp-qr img').waitFor();
    await screenshot(tablet, 'pdp-done-tablet');

    // 16: the desk sees it signed without a reload, and the signed card carries her answers and the seal
    await expect.poll(() => desk.getByTestId('signing-state').innerText(), { timeout: 15_000 }).toMatch(/Ditandatangani/);
    await screenshot(desk, 'pdp-desk-signed');
    const [dl] = await Promise.all([desk.waitForEvent('download'), desk.getByTestId('signing-card').click()]);
    const text = (await pdfPages(fs.readFileSync((await dl.path())!))).join('\n');
    expect(text).toContain(stay.code);
    expect(text).toContain('Offers by e-mail: agreed');
    expect(text).toContain('Remember my preferences: not agreed');
    expect(text).toMatch(/SHA-256/);

    // 17: the tablet is back to waiting for the next guest
    await tablet.getByTestId('pdp-finish').tap();
    await tablet.locator('#pdp-code').waitFor();
  });

  it('fits the tablet held upright and a phone, and the guest withdraws a consent from her phone', async () => {
    const { page: desk } = await newPage(browser);
    await signIn(desk, 'frontdesk');
    await desk.waitForURL((url) => !url.pathname.startsWith('/login'));
    const { code, email } = await desk.evaluate(async () => {
      const me = await (await fetch('/api/auth/me')).json();
      const r = await (
        await fetch(
          `/api/data/frontoffice/reservation?limit=50&filter=${encodeURIComponent(JSON.stringify({ status: { op: 'eq', value: 'in_house' } }))}`,
        )
      ).json();
      const stay = r.rows[1];
      const guest = await (await fetch(`/api/data/frontoffice/guest/${stay.guest_id}`)).json();
      await fetch(`/api/data/frontoffice/guest/${stay.guest_id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken },
        body: JSON.stringify({ version: guest.version, email: 'wayan.sari@example.id' }),
      });
      const sent = await fetch('/api/ops/frontoffice.signingStart', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ id: stay.id, language: 'id' }),
      });
      return { code: (await sent.json()).code as string, email: 'wayan.sari@example.id' };
    });

    const upright = await newTablet(browser, 768, 1024);
    await upright.goto('/pdp');
    await upright.locator('#pdp-code').waitFor();
    await screenshot(upright, 'pdp-start-portrait');
    await upright.fill('#pdp-code', code);
    await upright.getByTestId('pdp-open').tap();
    await upright.getByTestId('pdp-registration').waitFor();
    await screenshot(upright, 'pdp-review-portrait');
    await upright.getByTestId('pdp-next').tap();
    await upright.getByTestId('pdp-accept-terms').tap();
    await upright.getByTestId('pdp-next').tap();
    await upright.getByTestId('pdp-accept-consent').tap();
    await upright.getByTestId('pdp-purpose-MARKETING').locator('label').first().tap();
    await upright.getByTestId('pdp-purpose-PREFERENCES').locator('label').first().tap();
    await upright.getByTestId('pdp-next').tap();
    await drawWithFinger(upright, signature());
    await screenshot(upright, 'pdp-signature-portrait');
    await upright.getByTestId('pdp-next').tap();
    await upright.getByTestId('pdp-sign').tap();
    await upright.getByTestId('pdp-done').waitFor();

    // her phone opens the link mailed to her and withdraws the offers by e-mail
    await expect.poll(() => latestMail(email) ?? '').toMatch(/\/Pdp2#/);
    const link = /(http\S+\/Pdp2#[A-Za-z0-9_-]+)/.exec(latestMail(email)!)![1];
    const phone = await newTablet(browser, 375, 740);
    await phone.goto(new URL(link).pathname + new URL(link).hash);
    await phone.getByTestId('consent-MARKETING').waitFor();
    await screenshot(phone, 'pdp-consents-phone');
    await phone.getByTestId('withdraw-MARKETING').tap();
    await phone.getByRole('dialog').getByRole('button').last().tap();
    await expect.poll(() => phone.getByTestId('consent-MARKETING').innerText()).toMatch(/Ditarik|Withdrawn/);
    expect(await phone.getByTestId('withdraw-MARKETING').count()).toBe(0);
    await phone.goto('/Pdp4');
    await phone.getByTestId('pdp-rights').waitFor();
    await screenshot(phone, 'pdp-privacy-phone');
  });

  it('pairs the desk’s tablet from the master screen, sends the next registration straight to it, and the guest stops', async () => {
    // 1–3: Siti makes a pairing code for the desk's tablet
    const { page: desk } = await newPage(browser);
    await signIn(desk, 'frontdesk');
    await desk.waitForURL((url) => !url.pathname.startsWith('/login'));
    const { device, stay } = await desk.evaluate(async () => {
      const d = await (await fetch('/api/data/frontoffice/signing-device?limit=10')).json();
      const r = await (
        await fetch(
          `/api/data/frontoffice/reservation?limit=50&filter=${encodeURIComponent(JSON.stringify({ status: { op: 'eq', value: 'in_house' } }))}`,
        )
      ).json();
      return { device: d.rows[0].id as number, stay: r.rows[2].id as number };
    });
    // the texts a guest is asked, as the desk keeps them: each purpose versioned in both languages
    await desk.goto('/frontoffice/master/consent-purpose');
    await desk.getByText('Offers by e-mail').waitFor();
    expect(await desk.getByText('Penawaran melalui email').count()).toBe(1);
    await screenshot(desk, 'pdp-consent-purposes');
    await desk.goto(`/frontoffice/master/signing-device?edit=${device}`);
    await desk.locator('.drawer').getByRole('button', { name: 'Pasangkan' }).click();
    const dialog = desk.locator('.dialog');
    const pairing = /\b([A-Z2-9]{8})\b/.exec(await dialog.innerText())![1];
    await screenshot(desk, 'pdp-pairing-code');
    await dialog.getByRole('button').last().click();

    // 4–5: on the tablet she types it at /Pdp3; the tablet then waits for the desk
    const tablet = await newTablet(browser);
    await tablet.goto('/Pdp3');
    await tablet.fill('#pair-code', pairing);
    await tablet.getByTestId('pdp-pair').tap();
    await tablet.getByTestId('pdp-paired').waitFor();
    await screenshot(tablet, 'pdp-paired-tablet');
    await tablet.getByRole('link').last().tap();
    await tablet.getByTestId('pdp-waiting').waitFor();
    await screenshot(tablet, 'pdp-waiting-tablet');

    // 6–8: from the reservation she sends the registration to that tablet, which opens it by itself
    await desk.goto(`/frontoffice/reservation/detail/${stay}`);
    await desk.getByTestId('signing-send').click();
    await desk.selectOption('[data-testid=signing-device]', String(device));
    await desk.getByTestId('signing-go').click();
    await tablet.getByTestId('pdp-registration').waitFor({ timeout: 15_000 });
    await expect.poll(() => desk.getByTestId('signing-state').innerText()).toMatch(/Terbuka di Front desk tablet 1/);

    // 9–10: the guest would rather not sign now; the tablet waits again and the desk sees nothing open
    await tablet.getByTestId('flow-cancel').tap();
    await tablet.getByTestId('pdp-stop').tap();
    await tablet.getByTestId('pdp-waiting').waitFor();
    await expect.poll(() => desk.getByTestId('signing-state').innerText()).toMatch(/Belum ditandatangani/);
  });
});
