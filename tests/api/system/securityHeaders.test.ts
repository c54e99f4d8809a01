import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';

/**
 * Security headers on every answer: a strict Content-Security-Policy (scripts from this origin only, no eval,
 * no inline script, never framed), no MIME sniffing, no referrer (a reset link carries its token), HSTS when
 * served over HTTPS, and no caching of API answers, which hold guest data. (None of these was sent before.)
 */
let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const directives = (csp: string) => new Map(csp.split(';').map((d) => [d.trim().split(/\s+/)[0], d.trim().split(/\s+/).slice(1)]));

describe('every answer', () => {
  it('carries a strict Content-Security-Policy: own scripts only, no eval, no inline script, never framed', async () => {
    for (const res of [await admin.get('/api/auth/me'), await t.anonymous().get('/api/meta/labels'), await t.anonymous().get('/login')]) {
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('keeps API answers out of every cache, except the labels, which revalidate by ETag', async () => {
    expect((await admin.get('/api/data/frontoffice/guest?limit=1')).headers['cache-control']).toBe('no-store');
    expect((await admin.get('/api/auth/me')).headers['cache-control']).toBe('no-store');
    expect((await t.anonymous().get('/api/auth/me')).headers['cache-control']).toBe('no-store');
    const labels = await t.anonymous().get('/api/meta/labels');
    expect(labels.headers['cache-control']).toBe('no-cache');
    expect(labels.headers.etag).toBeTruthy();
  });

  it('sends no HSTS over plain HTTP, where it means nothing', async () => {
    expect((await admin.get('/api/auth/me')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('served over HTTPS', () => {
  it('tells browsers to stay on HTTPS for a year (HSTS)', async () => {
    const tls = await startTestApp({ config: { publicUrl: 'https://pms.grandnusantara.co.id' } });
    try {
      const res = await tls.anonymous().get('/api/meta/labels');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await tls.close();
    }
  });
});
