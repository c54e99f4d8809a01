import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_DATE, startTestApp, type TestApp } from '../../support/testApp.js';

/** What the front desk's browser downloads: JSON over 1 kB leaves compressed, in the encoding it asked for. */
describe('compressed responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('sends the labels brotli-compressed to a browser that accepts br, and they decode to the same labels', async () => {
    const anon = t.anonymous();
    const plain = await anon.get('/api/meta/labels?lang=id', { 'accept-encoding': 'identity' });
    const res = await anon.get('/api/meta/labels?lang=id', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const decoded = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString());
    expect(decoded['auth.login.title']).toBe(plain.json()['auth.login.title']);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('sends the room plan gzip-compressed to a client that only takes gzip', async () => {
    const desk = await t.login('frontdesk');
    const res = await desk.get(`/api/frontoffice/roomplan?from=${BUSINESS_DATE}&days=30`, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).from).toBe(BUSINESS_DATE);
  });

  it('leaves a small answer as it is (compressing a few bytes costs more than it saves)', async () => {
    const res = await t.anonymous().get('/api/auth/me', { 'accept-encoding': 'br' });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers the labels in the language the page chose (its cookie) when index.html preloads them without ?lang', async () => {
    const res = await t.anonymous().get('/api/meta/labels', { cookie: 'hotelier_lang=id', 'accept-language': 'en' });
    expect(res.headers['content-language']).toBe('id');
    expect(res.json()['auth.login.title']).toBe(t.meta.labels.get('auth.login.title')!.id);
    const guessed = await t.anonymous().get('/api/meta/labels', { 'accept-language': 'id-ID,id;q=0.9' });
    expect(guessed.headers['content-language']).toBe('id');
  });
});
