import crypto from 'node:crypto';

/** A random secret for a cookie or an e-mailed link; only its hash is ever stored. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}
