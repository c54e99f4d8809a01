import type { Lane } from '../work/lane.js';

interface Waiter {
  lane: Lane;
  grant: () => void;
  /** interactive grants made while this heavy waiter waited */
  passedOver: number;
}

export interface GateOptions {
  /** connections the database can serve at once (1 for PGlite) */
  capacity: number;
  /** at most this many of them for heavy work, so reports never take every connection */
  heavyCapacity: number;
  /** a waiting heavy task gets the next connection after this many interactive grants, so it still ends */
  heavyTurnAfter?: number;
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

  constructor(private readonly options: GateOptions) {
    this.heavyTurnAfter = options.heavyTurnAfter ?? 8;
  }

  /** Resolves with a release function once a connection is this caller's. */
  acquire(lane: Lane): Promise<() => void> {
    return new Promise((resolve) => {
      const waiter: Waiter = { lane, passedOver: 0, grant: () => resolve(this.releaser(lane)) };
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
    return () => {
      if (done) return;
      done = true;
      this.held--;
      if (lane === 'heavy') this.heldHeavy--;
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
    if (heavy && heavy.passedOver >= this.heavyTurnAfter) return heavy;
    return this.waiting.find((w) => w.lane === 'interactive') ?? heavy;
  }
}
