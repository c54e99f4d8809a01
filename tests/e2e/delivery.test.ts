import { describe, expect, it } from 'vitest';
import { request } from 'playwright-core';
import { baseUrl } from '../support/browser.js';

/** What `npm start` sends a browser: the page never cached, its hashed scripts pre-compressed and kept for a year. */
describe('static files as sent', () => {
  it('sends the hashed scripts brotli- or gzip-compressed from the build, cached as immutable, and the page fresh', async () => {
    const api = await request.newContext({ baseURL: baseUrl() });
    const page = await api.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers()['cache-control']).toBe('no-cache');
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(await page.text())![1];
    for (const [asked, sent] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await api.get(script, { headers: { 'accept-encoding': asked } });
      expect(res.headers()['content-encoding']).toBe(sent);
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    await api.dispose();
  });
});
