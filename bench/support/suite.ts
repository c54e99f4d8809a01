import type { Database, Db } from '../../server/db/connect.js';
import { analyzeStaleTables } from '../../server/db/statistics.js';
import type { Meta } from '../../server/meta/load.js';
import type { Answer, BenchClient } from './http.js';
import type { DatabaseKind } from './server.js';
import { ms, percentile } from '../stats.js';

/** What every database suite gets: the bench hotel on one database, the app serving it over HTTP, a signed-in client. */
export interface SuiteContext {
  kind: DatabaseKind;
  label: string;
  database: Database;
  meta: Meta;
  url: string;
  admin: BenchClient;
}

export type Timing = { p50: number; p95: number };

/**
 * How long a repeatable call runs, untimed, before it is timed: a working server answers a list page or a save
 * with code the JavaScript engine has optimised for it, having run it thousands of times that morning; a fresh
 * bench process would time the engine's compiling. V8 optimises the code a request runs gradually over its first
 * thousands of runs: a keyset page on PostgreSQL (bench hotel, 29/11/2026, medians of 200) was 2.2× its statement
 * after 500 pages, 2.06× after 1,500 and 1.86–1.92× from the 1,900th on (API 0.84 → 0.56 ms, statement 0.38 →
 * 0.30); on PGlite 2.1× → 1.7×. Three seconds is some 2,300 of those pages, a few hundred 10 ms saves, a dozen of
 * a 200 ms report: counted in time so that each call gets its share.
 */
export const WARM_UP_MS = 3000;

/**
 * After a suite loads its own history with plain SQL: those rows stand for months of service, over which the
 * app's statistics pass (every minute on PGlite) or a PostgreSQL server's autovacuum would have run many times.
 * That pass is run once, the app's own, no more: without it the first minute measured plans made for the
 * tables as they were before the load (a bill looked up by its id through the day index: 7 ms instead of 0.7).
 */
export const historyLoaded = (db: Db) => analyzeStaleTables(db);

/** A suite's printed lines and the goals it missed (each named with its figure and its bound). */
export class Findings {
  readonly lines: [string, string][] = [];
  readonly missed: string[] = [];

  constructor(private readonly label: string) {}

  note(name: string, text: string) {
    this.lines.push([`${this.label}: ${name}`, text]);
  }

  /** Records a goal; a missed one is printed as such and makes the run fail. */
  goal(name: string, met: boolean, text: string) {
    if (!met) this.missed.push(`${this.label}: ${name}: ${text}`);
    return met ? text : `${text} — MISSED`;
  }

  /**
   * The API against the same SQL sent directly, with an absolute bound on the API's p95 beside the ratio of
   * medians, and what the answer weighed as sent.
   */
  compare(name: string, api: Timing, raw: Timing, bounds: { p95Ms: number; ratio?: number }, size?: string) {
    const ratio = api.p50 / raw.p50;
    const abs = this.goal(name, api.p95 <= bounds.p95Ms, `API p50 ${ms(api.p50)} / p95 ${ms(api.p95)} (goal p95 ≤ ${bounds.p95Ms} ms)`);
    const rel = bounds.ratio
      ? this.goal(name, ratio <= bounds.ratio, `same SQL p50 ${ms(raw.p50)} → ${ratio.toFixed(2)}× (goal ≤ ${bounds.ratio}×)`)
      : `same SQL p50 ${ms(raw.p50)} → ${ratio.toFixed(2)}×`;
    this.note(name, `${abs}; ${rel}${size ? `; ${size}` : ''}`);
  }
}

/**
 * Times the API and the same SQL alternately (API first on even runs, raw first on odd ones), so a busy
 * machine slows both alike. A side that resolves to an HTTP answer counts the time the answer took, from the
 * request leaving to the last byte arriving (BenchClient): encoding the request and decoding the answer are the
 * browser's work, not the app's. The raw side counts all of its call, its driver's reading of the rows included.
 * For a call that can be repeated, both sides first run in turns for `warmUpMs`, untimed (WARM_UP_MS).
 */
export async function alternate(
  n: number,
  api: () => Promise<unknown>,
  raw: () => Promise<unknown>,
  warmUpMs = 0,
): Promise<[Timing, Timing]> {
  await warmUp(api, raw, warmUpMs);
  const ta: number[] = [];
  const tr: number[] = [];
  for (let i = 0; i < n; i++) {
    const order: [() => Promise<unknown>, number[]][] =
      i % 2
        ? [
            [raw, tr],
            [api, ta],
          ]
        : [
            [api, ta],
            [raw, tr],
          ];
    for (const [fn, out] of order) {
      const t0 = performance.now();
      const result = await fn();
      out.push(isAnswer(result) ? result.ms : performance.now() - t0);
    }
  }
  const p = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { p50: percentile(s, 50), p95: percentile(s, 95) };
  };
  return [p(ta), p(tr)];
}

/** Both sides in turns for `ms`, untimed (WARM_UP_MS). */
export async function warmUp(api: () => Promise<unknown>, raw: () => Promise<unknown>, ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    await api();
    await raw();
  }
}

const isAnswer = (x: unknown): x is Answer =>
  typeof x === 'object' && x !== null && typeof (x as Answer).ms === 'number' && typeof (x as Answer).status === 'number';
