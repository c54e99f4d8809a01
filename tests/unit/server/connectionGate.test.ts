import { describe, expect, it } from 'vitest';
import { ConnectionGate } from '../../../server/db/gate.js';

/** Whose turn it is at the embedded database's one session (and at a PostgreSQL pool). */
describe('the connection gate', () => {
  it("serves a waiting clerk's request before a waiting report, whatever came first", async () => {
    const gate = new ConnectionGate({ capacity: 1, heavyCapacity: 1 });
    const order: string[] = [];
    const first = await gate.acquire('interactive');
    const report = gate.acquire('heavy').then((free) => (order.push('guest history report'), free));
    const lookup = gate.acquire('interactive').then((free) => (order.push('guest lookup'), free));
    expect(gate.stats()).toMatchObject({ held: 1, waitingInteractive: 1, waitingHeavy: 1 });
    first();
    (await lookup)();
    (await report)();
    expect(order).toEqual(['guest lookup', 'guest history report']);
  });

  it('gives a report its turn after eight clerks went ahead of it, so it still ends under a busy desk', async () => {
    const gate = new ConnectionGate({ capacity: 1, heavyCapacity: 1, heavyTurnAfter: 8 });
    const order: string[] = [];
    let free = await gate.acquire('interactive');
    const report = gate.acquire('heavy').then((f) => (order.push('report'), f));
    for (let i = 0; i < 12; i++) void gate.acquire('interactive').then((f) => (order.push(`clerk ${i + 1}`), (free = f)));
    for (let i = 0; i < 9; i++) {
      free();
      await new Promise((r) => setImmediate(r));
    }
    (await report)();
    expect(order.indexOf('report')).toBe(8);
  });

  it('keeps heavy work to its share of a PostgreSQL pool, leaving connections for the desk', async () => {
    const gate = new ConnectionGate({ capacity: 3, heavyCapacity: 1 });
    await gate.acquire('heavy');
    let second = false;
    void gate.acquire('heavy').then(() => (second = true));
    await gate.acquire('interactive');
    await gate.acquire('interactive');
    await new Promise((r) => setImmediate(r));
    expect(second).toBe(false);
    expect(gate.stats()).toMatchObject({ held: 3, heldHeavy: 1, waitingHeavy: 1 });
  });
});

describe("the embedded database's one session, shared", () => {
  it('lets autocommit statements of several requests queue side by side, and a transaction wait until they are answered', async () => {
    const gate = new ConnectionGate({ capacity: 4, heavyCapacity: 1 });
    const list = await gate.acquire('interactive', undefined, 'shared');
    const lookup = await gate.acquire('interactive', undefined, 'shared');
    let booking = false;
    const bookingTx = gate.acquire('interactive', undefined, 'exclusive').then((free) => ((booking = true), free));
    let later = false;
    void gate.acquire('interactive', undefined, 'shared').then((free) => ((later = true), free()));
    await new Promise((r) => setImmediate(r));
    expect(gate.stats()).toMatchObject({ held: 2 });
    list();
    await new Promise((r) => setImmediate(r));
    expect(booking).toBe(false); // the lookup is still at the database
    lookup();
    const free = await bookingTx;
    expect([booking, later]).toEqual([true, false]); // nobody's statement runs inside the booking
    free();
    await new Promise((r) => setImmediate(r));
    expect(later).toBe(true);
  });

  it('serves the statement of the request that began first, not the one that asked first', async () => {
    const gate = new ConnectionGate({ capacity: 1, heavyCapacity: 1 });
    const order: string[] = [];
    const first = await gate.acquire('interactive', 0);
    const newer = gate.acquire('interactive', 200).then((free) => (order.push('room plan, begun at 200 ms'), free));
    const older = gate.acquire('interactive', 100).then((free) => (order.push('list, begun at 100 ms'), free));
    first();
    (await older)();
    (await newer)();
    expect(order).toEqual(['list, begun at 100 ms', 'room plan, begun at 200 ms']);
  });
});

describe('the embedded database between two statements of one request', () => {
  it("keeps a report from taking the session in the milliseconds between a clerk's two statements", async () => {
    const gate = new ConnectionGate({ capacity: 1, heavyCapacity: 1, interactiveGraceMs: 20 });
    const order: string[] = [];
    (await gate.acquire('interactive'))(); // the reservation's row
    const report = gate.acquire('heavy').then((free) => (order.push('guest history report'), free));
    await new Promise((r) => setTimeout(r, 2)); // the request reads its row, then asks for the guest's name
    const names = gate.acquire('interactive').then((free) => (order.push('guest name'), free));
    (await names)();
    (await report)();
    expect(order).toEqual(['guest name', 'guest history report']);
  });

  it('lets the report start once the grace has passed with nobody asking', async () => {
    const gate = new ConnectionGate({ capacity: 1, heavyCapacity: 1, interactiveGraceMs: 20 });
    (await gate.acquire('interactive'))();
    const t0 = performance.now();
    (await gate.acquire('heavy'))();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(15);
  });

  it('gives a report the session at once when no clerk has used it', async () => {
    const gate = new ConnectionGate({ capacity: 1, heavyCapacity: 1, interactiveGraceMs: 20 });
    const t0 = performance.now();
    (await gate.acquire('heavy'))();
    expect(performance.now() - t0).toBeLessThan(15);
  });
});

describe('heavy work under a busy desk', () => {
  it('gives a report at most half of the session: after a 40 ms report the next waits 40 ms of clerks first', async () => {
    const gate = new ConnectionGate({ capacity: 1, heavyCapacity: 1, heavyTurnAfter: 2 });
    const firstReport = await gate.acquire('heavy');
    await new Promise((r) => setTimeout(r, 40));
    firstReport();
    const t0 = performance.now();
    let free = await gate.acquire('interactive');
    let reportAt = 0;
    const report = gate.acquire('heavy').then((f) => ((reportAt = performance.now() - t0), f));
    let clerks = 0;
    // clerks keep the session busy: the next one is always waiting when one finishes
    for (;;) {
      const next = gate.acquire('interactive');
      await new Promise((r) => setTimeout(r, 1));
      free();
      await new Promise((r) => setImmediate(r));
      if (reportAt) {
        (await report)();
        (await next)();
        break;
      }
      free = await next;
      clerks++;
    }
    expect(reportAt).toBeGreaterThanOrEqual(38);
    expect(clerks).toBeGreaterThan(2);
  });
});
