import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

export interface StatusChange {
  id: number;
  room_id: number;
  code: string;
  hk_status: string;
}
type Listener = (changes: StatusChange[]) => void;

/** how often the feed looks for committed changes: the board's goal is a change seen elsewhere within a second */
export const FEED_INTERVAL_MS = 400;

/**
 * Room status changes as they are committed, for open screens (the room plan, other boards), by long poll. It reads the log
 * (room_status_log) for rows after the last it saw, one query per property with listeners, whoever wrote them —
 * this server, another server on the same PostgreSQL, the night audit — and never announces a change that a
 * rollback took back.
 */
export class RoomStatusFeed {
  private listeners = new Map<number, Set<Listener>>();
  private last = new Map<number, number>();
  /** where a property's first listener is waiting for the newest id to follow from */
  private starting = new Map<number, Promise<void>>();
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(private db: Db) {}

  async subscribe(branch: number, fn: Listener): Promise<() => void> {
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

  /** the newest change's id, to follow from */
  async latest(branch: number): Promise<number> {
    const { rows } = await sql<{
      id: number;
    }>`SELECT coalesce(max(id), 0)::int AS id FROM room_status_log WHERE branch_id = ${branch}`.execute(this.db);
    return rows[0].id;
  }

  /**
   * The changes after `after`, at once if there are some, otherwise the first the feed sees within `waitMs`
   * (listening starts before the first look, so a change committed in between is not lost).
   */
  async waitFor(branch: number, after: number, waitMs: number): Promise<{ last: number; changes: StatusChange[] }> {
    let wake: (changes: StatusChange[]) => void = () => undefined;
    const next = new Promise<StatusChange[]>((resolve) => (wake = resolve));
    const off = await this.subscribe(branch, (changes) => wake(changes));
    try {
      const now = await this.changesAfter(branch, after);
      const changes =
        now.length || !waitMs ? now : await Promise.race([next, new Promise<StatusChange[]>((r) => setTimeout(() => r([]), waitMs))]);
      return { last: Math.max(after, ...changes.map((c) => c.id)), changes: changes.filter((c) => c.id > after) };
    } finally {
      off();
    }
  }

  private changesAfter(branch: number, after: number) {
    return sql<StatusChange>`
      SELECT g.id::int AS id, g.room_id::int AS room_id, r.code, g.to_status AS hk_status
        FROM room_status_log g JOIN room r ON r.branch_id = g.branch_id AND r.id = g.room_id
       WHERE g.branch_id = ${branch} AND g.id > ${after}
       ORDER BY g.id LIMIT 500`
      .execute(this.db)
      .then((r) => r.rows);
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
        const rows = await this.changesAfter(branch, last);
        if (!rows.length) continue;
        this.last.set(branch, rows[rows.length - 1].id);
        for (const fn of set) fn(rows);
      }
    } catch {
      // a failed look (the database restarting) is retried at the next tick
    } finally {
      this.busy = false;
    }
  }
}
