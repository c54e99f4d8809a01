import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * Sign-in throttling after NIST 800-63B §5.2.2: per account, each failure past the first few doubles
 * the wait before the next try (capped at 15 minutes), and 100 consecutive failures lock the account;
 * per address, 30 failures within 15 minutes across accounts (password spraying) cut the address off
 * for 15 minutes.
 */
export const ACCOUNT_FREE_FAILURES = 3;
export const ACCOUNT_MAX_WAIT_SECONDS = 15 * 60;
export const ACCOUNT_LOCK_AFTER = 100;
export const ADDRESS_WINDOW_MINUTES = 15;
export const ADDRESS_MAX_FAILURES = 30;

export interface ThrottleState {
  key: string;
  failures: number;
  first_failure_at: Date;
  last_failure_at: Date;
}

export function accountWaitSeconds(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_WAIT_SECONDS);
}

async function read(db: Db, key: string): Promise<ThrottleState | undefined> {
  const { rows } = await sql<ThrottleState>`SELECT * FROM login_throttle WHERE key = ${key}`.execute(db);
  return rows[0];
}

/** Seconds the caller must still wait before another try for this account or from this address; 0 = go. */
export async function secondsToWait(db: Db, username: string, ip: string, now = new Date()): Promise<number> {
  const account = await read(db, `user:${username}`);
  let wait = 0;
  if (account) {
    const until = new Date(account.last_failure_at).getTime() + accountWaitSeconds(account.failures) * 1000;
    wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000));
  }
  const address = await read(db, `ip:${ip}`);
  if (address && address.failures >= ADDRESS_MAX_FAILURES) {
    // The cut-off runs a full window from the failure that reached the limit, however slowly the
    // failures came: counted from the first one, 30 failures spread over 14 minutes bought one minute.
    const until = new Date(address.last_failure_at).getTime() + ADDRESS_WINDOW_MINUTES * 60_000;
    wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000));
  }
  return Math.max(wait, 0);
}

/** Records a failure; returns the account's consecutive failure count. */
export async function recordFailure(db: Db, username: string, ip: string): Promise<number> {
  const { rows } = await sql<{ failures: number }>`
    INSERT INTO login_throttle (key, failures) VALUES (${`user:${username}`}, 1)
    ON CONFLICT (key) DO UPDATE SET failures = login_throttle.failures + 1, last_failure_at = now()
    RETURNING failures`.execute(db);
  // The address window restarts once it has passed, so a busy front desk is not punished forever.
  await sql`
    INSERT INTO login_throttle (key, failures) VALUES (${`ip:${ip}`}, 1)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.first_failure_at < now() - make_interval(mins => ${ADDRESS_WINDOW_MINUTES})
                      THEN 1 ELSE login_throttle.failures + 1 END,
      first_failure_at = CASE WHEN login_throttle.first_failure_at < now() - make_interval(mins => ${ADDRESS_WINDOW_MINUTES})
                      THEN now() ELSE login_throttle.first_failure_at END,
      last_failure_at = now()`.execute(db);
  return rows[0].failures;
}

export async function recordSuccess(db: Db, username: string) {
  await sql`DELETE FROM login_throttle WHERE key = ${`user:${username}`}`.execute(db);
}
