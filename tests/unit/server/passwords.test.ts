import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../../../server/auth/passwords.js';

describe('password hashes (scrypt)', () => {
  it('stores scheme, cost parameters, a random salt and the key, never the password', async () => {
    const hash = await hashPassword('Kembang-Resto-2026');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(hash).not.toContain('Kembang');
  });

  it('salts every hash, so two clerks with the same password get different hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('hotelier-bandung'), hashPassword('hotelier-bandung')]);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses a wrong one or a different case', async () => {
    const hash = await hashPassword('Asia-Afrika-112');
    expect(await verifyPassword('Asia-Afrika-112', hash)).toBe(true);
    expect(await verifyPassword('asia-afrika-112', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('refuses anything stored in another form', async () => {
    expect(await verifyPassword('hotelier', 'hotelier')).toBe(false);
    expect(await verifyPassword('hotelier', 'bcrypt$10$abc')).toBe(false);
    expect(await verifyPassword('hotelier', '')).toBe(false);
  });
});

describe('checkPasswordStrength: length matters, composition rules do not', () => {
  it('accepts a long passphrase without digits or symbols', () => {
    expect(checkPasswordStrength('kopi tubruk pagi hari', 'frontdesk')).toBeUndefined();
    expect(checkPasswordStrength('Bandung-Asia-Afrika-112', 'frontdesk')).toBeUndefined();
  });

  it('refuses fewer than 8 and more than 128 characters', () => {
    expect(checkPasswordStrength('Bali123', 'sales')).toEqual({ key: 'auth.password.tooShort', params: { min: 8 } });
    expect(checkPasswordStrength('x'.repeat(129), 'sales')).toEqual({ key: 'auth.password.tooLong', params: { max: 128 } });
    expect(checkPasswordStrength('x'.repeat(128), 'sales')).toBeUndefined();
  });

  it('refuses the user name itself or a password containing it', () => {
    expect(checkPasswordStrength('frontdesk', 'frontdesk')).toEqual({ key: 'auth.password.containsUsername' });
    expect(checkPasswordStrength('FrontDesk2026', 'frontdesk')).toEqual({ key: 'auth.password.containsUsername' });
    // a very short user name may appear inside a password by chance
    expect(checkPasswordStrength('bunga-melati-ani', 'ani')).toBeUndefined();
    expect(checkPasswordStrength('anianiani', 'anianiani')).toEqual({ key: 'auth.password.containsUsername' });
  });

  it('refuses the obvious ones, whatever their case', () => {
    expect(checkPasswordStrength('Hotelier', 'cashier')).toEqual({ key: 'auth.password.common' });
    expect(checkPasswordStrength('12345678', 'cashier')).toEqual({ key: 'auth.password.common' });
    expect(checkPasswordStrength('PASSWORD', 'cashier')).toEqual({ key: 'auth.password.common' });
  });
});
