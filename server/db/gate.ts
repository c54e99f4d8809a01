import type { Lane } from '../work/lane.js';

interface Waiter {
  lane: Lane;
  grant: () => void;
  /** interactive grants made while this heavy waiter waited */
  passedOver: number;
  since: number;
}

export interface GateOptions {
  /** connections the database can serve at once (1 for PGlite) */
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

  /** Resolves with a release function once a connection is this caller's. */
  acquire(lane: Lane): Promise<() => void> {
    return new Promise((resolve) => {
      const waiter: Waiter = { lane, passedOver: 0, since: performance.now(), grant: () => resolve(this.releaser(lane)) };
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

  private releaser(lane: Lane) {
    let done = false;
    const grantedAt = performance.now();
    return () => {
      if (done) return;
      done = true;
      this.held--;
      const now = performance.now();
      if (lane === 'heavy') {
        this.heldHeavy--;
        this.lastHeavyHoldMs = now - grantedAt;
      } else this.lastInteractiveRelease = now;
      this.dispatch();
    };
  }

  private dispatch() {
    while (this.held < this.options.capacity && this.waiting.length) {
      const next = this.pick();
      if (!next) return;
      this.waiting.splice(this.waiting.indexOf(next), 1);
      this.held++;
      if (next.lane === 'heavy') this.heldHeavy++;
      else for (const w of this.waiting) if (w.lane === 'heavy') w.passedOver++;
      next.grant();
    }
  }

  private pick(): Waiter | undefined {
    const heavyAllowed = this.heldHeavy < this.options.heavyCapacity;
    const heavy = heavyAllowed ? this.waiting.find((w) => w.lane === 'heavy') : undefined;
    if (heavy && heavy.passedOver >= this.heavyTurnAfter && performance.now() - heavy.since >= this.lastHeavyHoldMs) return heavy;
    const interactive = this.waiting.find((w) => w.lane === 'interactive');
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
