import crypto from 'node:crypto';
import type pg from 'pg';
import { currentLane } from '../work/lane.js';

/**
 * The front desk's short statements are prepared once per connection and then only bound and executed: the
 * parse and analysis PostgreSQL otherwise repeats for every statement was most of a short read's time (a
 * reservation with the names of its twelve references: 1.5 ms sent as new, 0.6 ms prepared, on the embedded
 * database).
 *
 * Only short ones: PostgreSQL may give a prepared statement one generic plan after five runs, made without its
 * values, and for a long statement that plan can be far worse (the status board of 3,000 rooms: 145 → 541 ms)
 * while the parse it saves is nothing beside its run. So a text is prepared once a run of it sent as new took
 * under SHORT_MS (the quickest counts: a first run may have waited behind others); a long one, a report, stays
 * as it was. A one-off, such as a migration, is never prepared.
 *
 * A connection holds at most PER_CONNECTION: texts that vary (an IN list of another length) cannot fill a
 * server's memory. Names carry the connection's number: the embedded database's clients share its one session,
 * where a name is the session's.
 *
 * Heavy work (the night audit's steps, reports, imports, exports: server/work) is never prepared: each of its
 * statements is planned for its own values. Prepared, the night audit's statements kept the generic plans of the
 * smaller audit run on the same connections a few seconds before: 3,000 rooms in 10.5–12.6 s instead of 2.9.
 *
 * A connection's plans are dropped every PLAN_LIFETIME_MS (DISCARD PLANS: the statements stay prepared and are
 * planned again at their next run). PostgreSQL 15 kept a generic plan made while a table's statistics said it
 * had 8 rows for as long as the connection lived, long after autovacuum had counted its 100,000: a page of
 * banks read by its keyset cursor took 25 ms instead of 0.3, on every connection that had planned it early.
 */
const SHORT_MS = 20;
const PER_CONNECTION = 400;
/** texts remembered at once; the memory starts again when it is full */
const REMEMBERED = 20_000;
/** autovacuum's own interval: plans are never older than the statistics it keeps */
const PLAN_LIFETIME_MS = 60_000;

/** what is known of a text: its quickest run sent as new (ms), and its name once it has one */
interface Text {
  quickestMs: number;
  name?: string;
}

const texts = new Map<string, Text>();
let nextConnection = 1;
const connections = new WeakMap<object, { prefix: string; names: Set<string>; plannedSince: number }>();

/** Sends a statement as the app does: named (prepared on this connection) when it is short and used again. */
export async function sendStatement(client: pg.ClientBase, text: string, values: readonly unknown[] | undefined): Promise<pg.QueryResult> {
  const config: pg.QueryConfig = { text, values: values ? [...values] : [] };
  if (!config.values!.length || currentLane() === 'heavy') return client.query(config);
  let known = texts.get(text);
  if (known && known.quickestMs < SHORT_MS) config.name = nameOn(client, text, known);
  if (config.name) return client.query(config);
  if (!known) {
    if (texts.size >= REMEMBERED) texts.clear();
    texts.set(text, (known = { quickestMs: Infinity }));
  }
  const started = performance.now();
  try {
    return await client.query(config);
  } finally {
    known.quickestMs = Math.min(known.quickestMs, performance.now() - started);
  }
}

function nameOn(client: object, text: string, known: Text): string | undefined {
  known.name ??= crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22);
  let connection = connections.get(client);
  if (!connection)
    connections.set(client, (connection = { prefix: `h${nextConnection++}_`, names: new Set(), plannedSince: performance.now() }));
  const name = connection.prefix + known.name;
  if (!connection.names.has(name)) {
    if (connection.names.size >= PER_CONNECTION) return undefined;
    connection.names.add(name);
  }
  return name;
}

/**
 * Drops the connection's cached plans once they are PLAN_LIFETIME_MS old. Called where the connection is outside
 * any transaction (when a pool hands it out, when the embedded database's gate admits a statement or a BEGIN).
 */
export async function dropOldPlans(client: pg.ClientBase): Promise<void> {
  const connection = connections.get(client);
  if (!connection || performance.now() - connection.plannedSince < PLAN_LIFETIME_MS) return;
  connection.plannedSince = performance.now();
  await client.query('DISCARD PLANS');
}
