import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { HttpError } from '../../../http/errors.js';

/** wrong codes an address may type within the window before it must wait the window out */
export const GUESSES_PER_WINDOW = 10;
export const GUESS_WINDOW_MINUTES = 15;

/**
 * Guessing of the tablet's short codes (a signing's six digits, a pairing code, a consent link), per address:
 * a guest who mistypes a few times goes on, a script trying codes is stopped after ten. The attempt is counted
 * before the code is looked up, in one transaction holding the address's row, so parallel guesses cannot all
 * slip through before the first is counted; a right code gives its count back. The rows are the sign-in
 * throttle's, under their own key.
 */
export async function admitGuess(db: Db, ip: string): Promise<void> {
  const key = `code-ip:${ip}`;
  const wait = await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO login_throttle (key, failures) VALUES (${key}, 0) ON CONFLICT (key) DO NOTHING`.execute(trx);
    const row = (
      await sql<{ failures: number; over: boolean; wait: number }>`
      SELECT failures, first_failure_at < now() - make_interval(mins => ${GUESS_WINDOW_MINUTES}) AS over,
             ceil(extract(epoch FROM first_failure_at + make_interval(mins => ${GUESS_WINDOW_MINUTES}) - now()))::int AS wait
        FROM login_throttle WHERE key = ${key} FOR UPDATE`.execute(trx)
    ).rows[0];
    if (!row.over && row.failures >= GUESSES_PER_WINDOW) return row.wait;
    await sql`UPDATE login_throttle SET failures = ${row.over ? sql`1` : sql`failures + 1`},
                     first_failure_at = ${row.over ? sql`now()` : sql`first_failure_at`}, last_failure_at = now()
               WHERE key = ${key}`.execute(trx);
    return 0;
  });
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    throw new HttpError(429, 'TOO_MANY_ATTEMPTS', 'signing.tooManyGuesses', { minutes }, [], { retryAfter: wait });
  }
}

/** The code was right: the attempt was no guess. */
export async function guessedRight(db: Db, ip: string) {
  await sql`UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = ${`code-ip:${ip}`}`.execute(db);
}
