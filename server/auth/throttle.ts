import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * Sign-in throttling after NIST 800-63B §5.2.2. Per account, the first few failures are free and each one
 * after that doubles the wait before the next try (capped at 15 minutes). Per address, 30 failures within
 * 15 minutes across accounts (password spraying) cut the address off for 15 minutes.
 *
 * An attempt is counted before its password is checked, in one transaction holding both rows, so a burst
 * of parallel guesses cannot all slip through before the first failure is recorded. Nothing locks an
 * account for good: a stranger's guesses cost the owner at most one throttle window, never a call to an
 * administrator (the lock after 100 failures did exactly that, for any account whose name was known).
 */
export const ACCOUNT_FREE_FAILURES = 3;
export const ACCOUNT_MAX_WAIT_SECONDS = 15 * 60;
export const ADDRESS_WINDOW_MINUTES = 15;
export const ADDRESS_MAX_FAILURES = 30;

export interface ThrottleState {
  key: string;
  failures: number;
  first_failure_at: string;
  last_failure_at: string;
}

export function accountWaitSeconds(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_WAIT_SECONDS);
}

const secondsUntil = (at: string, plusSeconds: number, now: number) =>
  Math.ceil((new Date(at).getTime() + plusSeconds * 1000 - now) / 1000);

/**
 * Admits one sign-in attempt, counting it as a failure until the password proves right, or answers how many
 * seconds the caller must wait (the attempt is then not counted, so waiting out a throttle is enough).
 */
export async function admitAttempt(db: Db, username: string, ip: string): Promise<{ wait: number }> {
  const userKey = `user:${username}`;
  const ipKey = `ip:${ip}`;
  return db.transaction().execute(async (trx) => {
    await sql`INSERT INTO login_throttle (key, failures) VALUES (${userKey}, 0), (${ipKey}, 0) ON CONFLICT (key) DO NOTHING`.execute(trx);
    const { rows } = await sql<ThrottleState & { now: string }>`
      SELECT *, now() AS now FROM login_throttle WHERE key IN (${userKey}, ${ipKey}) ORDER BY key FOR UPDATE`.execute(trx);
    const account = rows.find((r) => r.key === userKey)!;
    const address = rows.find((r) => r.key === ipKey)!;
    const now = new Date(rows[0].now).getTime();
    let wait = secondsUntil(account.last_failure_at, accountWaitSeconds(account.failures), now);
    const windowOver = secondsUntil(address.first_failure_at, ADDRESS_WINDOW_MINUTES * 60, now) <= 0;
    if (address.failures >= ADDRESS_MAX_FAILURES) {
      // The cut-off runs a full window from the failure that reached the limit, however slowly they came.
      wait = Math.max(wait, secondsUntil(address.last_failure_at, ADDRESS_WINDOW_MINUTES * 60, now));
    }
    if (wait > 0) return { wait };
    await sql`UPDATE login_throttle SET failures = failures + 1, last_failure_at = now() WHERE key = ${userKey}`.execute(trx);
    // The address window restarts once it has passed, so a busy front desk is not punished forever.
    await sql`UPDATE login_throttle SET
                failures = ${windowOver ? sql`1` : sql`failures + 1`},
                first_failure_at = ${windowOver ? sql`now()` : sql`first_failure_at`},
                last_failure_at = now()
              WHERE key = ${ipKey}`.execute(trx);
    // Keys of names nobody uses would pile up under a spray; a day later they mean nothing.
    if (Math.random() < 0.01) await sql`DELETE FROM login_throttle WHERE last_failure_at < now() - interval '1 day'`.execute(trx);
    return { wait: 0 };
  });
}

/** The password was right: the attempt was no failure, for the account nor for the address. */
export async function recordSuccess(db: Db, username: string, ip: string) {
  await sql`DELETE FROM login_throttle WHERE key = ${`user:${username}`}`.execute(db);
  await sql`UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = ${`ip:${ip}`}`.execute(db);
}
