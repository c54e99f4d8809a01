import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

// OWASP's scrypt minimum (N=2^17, r=8, p=1) costs 128 MiB per hash; we take N=2^15 (32 MiB, ~60 ms)
// which keeps a burst of sign-ins from exhausting memory while still being expensive to brute-force.
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal which names exist. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummy;
}

export interface PasswordProblem {
  key: string;
  params?: Record<string, unknown>;
}

/** NIST 800-63B: length matters, composition rules do not; refuse the obvious ones. */
export function checkPasswordStrength(password: string, username: string): PasswordProblem | undefined {
  if (password.length < 8) return { key: 'auth.password.tooShort', params: { min: 8 } };
  if (password.length > 128) return { key: 'auth.password.tooLong', params: { max: 128 } };
  const lower = password.toLowerCase();
  if (lower === username.toLowerCase() || (lower.includes(username.toLowerCase()) && username.length >= 4)) {
    return { key: 'auth.password.containsUsername' };
  }
  if (['password', '12345678', '123456789', 'qwertyui', 'hotelier', 'password1', '11111111'].includes(lower)) {
    return { key: 'auth.password.common' };
  }
  return undefined;
}
