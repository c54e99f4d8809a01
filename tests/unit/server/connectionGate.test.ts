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
