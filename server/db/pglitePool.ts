import pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { PGlitePgConfig } from '@electric-sql/pglite/node-postgres';
import type { ConnectionGate } from './gate.js';
import type { PGliteThread } from './pgliteThread.js';
import { currentLane, currentSince } from '../work/lane.js';
import { dropOldPlans, sendStatement } from './preparedStatements.js';

const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;

/**
 * Kysely's pool over the embedded database's one session. The gate is asked per statement, not per
 * connection: autocommit statements of several requests are shared holds, queued one after another in the
 * database's thread, so it starts the next while this thread reads the last answer (the session sat idle
 * 40 % of the time under a busy desk while each reply crossed back and the next statement was written). A
 * transaction is one exclusive hold from its BEGIN to its COMMIT or ROLLBACK: nobody else's statement may
 * run inside it.
 */
export function pglitePool(thread: PGliteThread, gate: ConnectionGate, setup: string[]): PostgresPool {
  const idle: pg.Client[] = [];
  const all: pg.Client[] = [];
  const open = async () => {
    const client = new pg.Client(new PGlitePgConfig({ pglite: thread.session() as any }) as pg.ClientConfig);
    await client.connect();
    all.push(client);
    return client;
  };
  let ready: Promise<void> | undefined;

  return {
    async connect() {
      // session settings are the one session's: set once, through the first client
      ready ??= open().then(async (first) => {
        for (const statement of setup) await first.query(statement);
        idle.push(first);
      });
      await ready;
      const client = idle.pop() ?? (await open());
      let freeTransaction: (() => void) | undefined;
      const send = (text: string, parameters: unknown[]) => sendStatement(client, text, parameters);
      const wrapper: PostgresPoolClient = {
        query: (async (text: string, parameters: unknown[]) => {
          if (freeTransaction) {
            try {
              return await send(text, parameters);
            } finally {
              if (ENDS.test(text)) {
                freeTransaction();
                freeTransaction = undefined;
              }
            }
          }
          if (BEGINS.test(text)) {
            freeTransaction = await gate.acquire(currentLane(), currentSince(), 'exclusive');
            try {
              await dropOldPlans(client);
              return await send(text, parameters);
            } catch (err) {
              freeTransaction();
              freeTransaction = undefined;
              throw err;
            }
          }
          const free = await gate.acquire(currentLane(), currentSince(), 'shared');
          try {
            await dropOldPlans(client);
            return await send(text, parameters);
          } finally {
            free();
          }
        }) as unknown as PostgresPoolClient['query'],
        release() {
          if (freeTransaction) {
            // given back inside its transaction (its commit failed to arrive): end it before anyone else runs
            const free = freeTransaction;
            freeTransaction = undefined;
            client.query('ROLLBACK').then(
              () => (free(), idle.push(client)),
              () => free(),
            );
            return;
          }
          idle.push(client);
        },
      };
      return wrapper;
    },
    async end() {
      await Promise.all(all.map((c) => c.end()));
    },
  };
}
