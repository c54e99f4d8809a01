import type { Db } from '../db/connect.js';

/** A change as a feed hands it out: the id of its row in the log it is read from, and what a screen needs of it. */
export interface Change {
  id: number;
}

/** Where a feed reads its changes: an append-only log with an increasing id per row. */
export interface ChangeLog<T extends Change> {
  /** the newest id in a property's log (0 when empty), to follow from */
  latest(db: Db, branch: number): Promise<number>;
  /** a property's changes after an id, oldest first */
  after(db: Db, branch: number, after: number): Promise<T[]>;
  /** drops what no screen can still be waiting for; run now and then while someone listens */
  prune?(db: Db, branch: number): Promise<void>;
}
type Listener<T> = (changes: T[]) => void;

/** how often a feed looks for committed changes: a change is seen on another screen within a second */
const FEED_INTERVAL_MS = 400;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Changes as they are committed, for open screens, by long poll. It reads a log for rows after the last it saw,
 * one query per property with listeners, whoever wrote them — this server, another server process or machine on
 * the same database, a batch job — and never announces a change that a rollback took back.
 */
export class ChangeFeed<T extends Change> {
  private listeners = new Map<number, Set<Listener<T>>>();
  private last = new Map<number, number>();
  /** where a property's first listener is waiting for the newest id to follow from */
  private starting = new Map<number, Promise<void>>();
  private pruned = new Map<number, number>();
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(
    private db: Db,
    private log: ChangeLog<T>,
  ) {}

  async subscribe(branch: number, fn: Listener<T>): Promise<() => void> {
    // the property's set is made before any await: two screens subscribing at once (both answered by the same
    // tick) share one set, where a set made after the await would replace the other's and lose it for a whole wait
    if (!this.listeners.has(branch)) {
      this.listeners.set(branch, new Set());
      this.starting.set(
        branch,
        this.latest(branch).then((id) => void this.last.set(branch, id)),
      );
    }
    this.listeners.get(branch)!.add(fn);
    await this.starting.get(branch);
    this.timer ??= setInterval(() => void this.tick(), FEED_INTERVAL_MS);
    return () => {
      const set = this.listeners.get(branch);
      set?.delete(fn);
      if (set && !set.size) {
        this.listeners.delete(branch);
        this.last.delete(branch);
        this.starting.delete(branch);
      }
      if (!this.listeners.size) this.stop();
    };
  }

  latest(branch: number): Promise<number> {
    return this.log.latest(this.db, branch);
  }

  /**
   * The changes after `after`, at once if there are some, otherwise the first the feed sees within `waitMs`
   * (listening starts before the first look, so a change committed in between is not lost).
   */
  async waitFor(branch: number, after: number, waitMs: number): Promise<{ last: number; changes: T[] }> {
    let wake: (changes: T[]) => void = () => undefined;
    const next = new Promise<T[]>((resolve) => (wake = resolve));
    const off = await this.subscribe(branch, (changes) => wake(changes));
    try {
      const now = await this.log.after(this.db, branch, after);
      const changes = now.length || !waitMs ? now : await Promise.race([next, new Promise<T[]>((r) => setTimeout(() => r([]), waitMs))]);
      return { last: Math.max(after, ...changes.map((c) => c.id)), changes: changes.filter((c) => c.id > after) };
    } finally {
      off();
    }
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async tick() {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const [branch, set] of this.listeners) {
        const last = this.last.get(branch);
        // still learning where to follow from
        if (last === undefined) continue;
        const rows = await this.log.after(this.db, branch, last);
        if (rows.length) {
          this.last.set(branch, rows[rows.length - 1].id);
          for (const fn of set) fn(rows);
        }
        if (this.log.prune && Date.now() - (this.pruned.get(branch) ?? 0) > PRUNE_EVERY_MS) {
          this.pruned.set(branch, Date.now());
          await this.log.prune(this.db, branch);
        }
      }
    } catch {
      // a failed look (the database restarting) is retried at the next tick
    } finally {
      this.busy = false;
    }
  }
}
