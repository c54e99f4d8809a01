import type { Lane } from '../work/lane.js';

/**
 * How a holder uses the database: shared holders run side by side (a PostgreSQL pool's connections, or the
 * embedded database's autocommit statements queued one after another in its thread); an exclusive holder
 * (a transaction on the embedded database's one session) has it alone.
 */
export type Hold = 'shared' | 'exclusive';

interface Waiter {
  lane: Lane;
  hold: Hold;
  grant: () => void;
  /** interactive grants made while this heavy waiter waited */
  passedOver: number;
  since: number;
  /** when the request asking began: of waiting clerks, the one whose request is oldest goes first */
  requestSince: number;
}

export interface GateOptions {
  /** holders at once: a PostgreSQL pool's connections, or the statements queued at PGlite's one session */
  capacity: number;
  /** at most this many of them for heavy work, so reports never take every connection */
  heavyCapacity: number;
  /**
   * a waiting heavy task gets the next connection after this many interactive grants, so it still ends —
   * and not before it has waited as long as the last heavy hold lasted: under a busy desk heavy work gets
   * at most half of a connection's time
   */
  heavyTurnAfter?: number;
  /**
   * A connection an interactive request has just given back stays out of heavy work's reach this long (ms):
   * a request's next statement follows its last within a few milliseconds of JavaScript, and a report
   * taking the connection in that gap made the request wait for the whole report once per statement.
   */
  interactiveGraceMs?: number;
}

/**
 * Hands out database connections by lane: a waiting interactive request goes before waiting heavy work,
 * heavy work holds at most heavyCapacity connections, and a heavy task passed over heavyTurnAfter times
 * gets its turn so a report still finishes under a full front desk.
 */
export class ConnectionGate {
  private held = 0;
  private exclusive = false;
  private heldHeavy = 0;
  private readonly waiting: Waiter[] = [];
  private readonly heavyTurnAfter: number;
  private readonly graceMs: number;
  private lastInteractiveRelease = -Infinity;
  private lastHeavyHoldMs = 0;
  private graceTimer?: NodeJS.Timeout;

  constructor(private readonly options: GateOptions) {
    this.heavyTurnAfter = options.heavyTurnAfter ?? 8;
    this.graceMs = options.interactiveGraceMs ?? 0;
  }

  /**
   * Resolves with a release function once a connection is this caller's. requestSince: when the request
   * began (default now). A request's every statement queues again; served in arrival order, a request of
   * five statements waited behind the whole desk five times, so the oldest request goes first instead.
   */
  acquire(lane: Lane, requestSince?: number, hold: Hold = 'shared'): Promise<() => void> {
    return new Promise((resolve) => {
      const now = performance.now();
      const waiter: Waiter = {
        lane,
        hold,
        passedOver: 0,
        since: now,
        requestSince: requestSince ?? now,
        grant: () => resolve(this.releaser(lane, hold)),
      };
      this.waiting.push(waiter);
      this.dispatch();
    });
  }

  /** What is happening now, for the load benchmark and the health page. */
  stats() {
    return {
      held: this.held,
      heldHeavy: this.heldHeavy,
      waitingInteractive: this.waiting.filter((w) => w.lane === 'interactive').length,
      waitingHeavy: this.waiting.filter((w) => w.lane === 'heavy').length,
    };
  }

  private releaser(lane: Lane, hold: Hold) {
    let done = false;
    const grantedAt = performance.now();
    return () => {
      if (done) return;
      done = true;
      this.held--;
      if (hold === 'exclusive') this.exclusive = false;
      const now = performance.now();
      if (lane === 'heavy') {
        this.heldHeavy--;
        this.lastHeavyHoldMs = now - grantedAt;
      } else this.lastInteractiveRelease = now;
      this.dispatch();
    };
  }

  private dispatch() {
    while (!this.exclusive && this.held < this.options.capacity && this.waiting.length) {
      const next = this.pick();
      // an exclusive holder waits for the shared ones to finish, and nobody overtakes it meanwhile
      if (!next || (next.hold === 'exclusive' && this.held > 0)) return;
      this.waiting.splice(this.waiting.indexOf(next), 1);
      this.held++;
      if (next.hold === 'exclusive') this.exclusive = true;
      if (next.lane === 'heavy') this.heldHeavy++;
      else for (const w of this.waiting) if (w.lane === 'heavy') w.passedOver++;
      next.grant();
    }
  }

  private pick(): Waiter | undefined {
    const heavyAllowed = this.heldHeavy < this.options.heavyCapacity;
    const heavy = heavyAllowed ? this.waiting.find((w) => w.lane === 'heavy') : undefined;
    if (heavy && heavy.passedOver >= this.heavyTurnAfter && performance.now() - heavy.since >= this.lastHeavyHoldMs) return heavy;
    let interactive: Waiter | undefined;
    for (const w of this.waiting)
      if (w.lane === 'interactive' && (!interactive || w.requestSince < interactive.requestSince)) interactive = w;
    if (interactive || !heavy) return interactive;
    const graceLeft = this.lastInteractiveRelease + this.graceMs - performance.now();
    if (graceLeft <= 0) return heavy;
    this.graceTimer ??= setTimeout(() => {
      this.graceTimer = undefined;
      this.dispatch();
    }, Math.ceil(graceLeft)).unref();
    return undefined;
  }
}
