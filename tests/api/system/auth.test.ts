import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in', () => {
  it('signs the front-office clerk in and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const client = t.anonymous();
    const res = await client.post('/api/auth/login', { username: 'frontdesk', password: 'hotelier' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-hotelier_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.secure).toBe(true);
    expect(res.json().user.fullName).toBe('Siti Rahmawati');
    expect(res.body).not.toContain(cookie.value);
  });

  it('refuses a wrong password with a readable message and no session', async () => {
    const res = await t.anonymous().post('/api/auth/login', { username: 'frontdesk', password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Wrong user name or password');
    expect(res.cookies).toHaveLength(0);
  });
});
