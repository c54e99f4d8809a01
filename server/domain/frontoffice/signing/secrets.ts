import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';

/** how long a guest has to open and sign a registration sent from the desk */
export const SIGNING_MINUTES = 15;
/** how long a tablet's pairing code lasts: long enough to walk to the tablet and type it */
export const PAIRING_MINUTES = 10;
/** a paired tablet stays paired this long without being used, then needs pairing again */
export const TABLET_DAYS = 180;

/** The six digits a guest types on the tablet: short to type, one-time, and only worth a few guesses (see throttle). */
export function signingCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

// no 0/O, 1/I: a clerk reads the code aloud or copies it by eye
const PAIRING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function pairingCode(): string {
  return Array.from({ length: 8 }, () => PAIRING_ALPHABET[crypto.randomInt(0, PAIRING_ALPHABET.length)]).join('');
}

/**
 * The signing cookies: the tablet's pairing (long-lived) and the one signing it has open (until it expires).
 * Both HttpOnly and sent only to the signing API, so the pages' script never holds a secret.
 */
const COOKIE_PATH = '/api/public/signing';
export const COOKIES = { tablet: 'hotelier_tablet', session: 'hotelier_signing' } as const;
type CookieKind = keyof typeof COOKIES;

const cookieName = (ctx: AppContext, kind: CookieKind) => (ctx.config.insecureCookie ? COOKIES[kind] : `__Secure-${COOKIES[kind]}`);

export function setSigningCookie(ctx: AppContext, reply: FastifyReply, kind: CookieKind, secret: string, expires: Date) {
  reply.setCookie(cookieName(ctx, kind), secret, {
    httpOnly: true,
    secure: !ctx.config.insecureCookie,
    sameSite: 'strict',
    path: COOKIE_PATH,
    expires,
  });
}

export function clearSigningCookie(ctx: AppContext, reply: FastifyReply, kind: CookieKind) {
  reply.clearCookie(cookieName(ctx, kind), { httpOnly: true, secure: !ctx.config.insecureCookie, sameSite: 'strict', path: COOKIE_PATH });
}

export function signingCookie(ctx: AppContext, req: FastifyRequest, kind: CookieKind): string | undefined {
  return req.cookies[cookieName(ctx, kind)] || undefined;
}
