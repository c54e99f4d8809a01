import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/engine/api/client.js';
import { createCommandController } from '../../../../src/engine/controllers/command/commandController.js';
import { createResourceController } from '../../../../src/engine/controllers/resource/resourceController.js';

const later = <T>(value: T, ms = 5) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe('command controller: the writes of a custom screen', () => {
  it('gives the result of a write that went through and is no longer busy', async () => {
    const c = createCommandController();
    const seen: boolean[] = [];
    c.store.subscribe(() => seen.push(c.store.get().busy));
    expect(await c.run(async () => ({ added: 3, removed: 1 }))).toEqual({ added: 3, removed: 1 });
    expect(seen[0]).toBe(true);
    expect(c.store.get()).toMatchObject({ busy: false, fieldErrors: {} });
  });

  it("puts the server's message for a shown field on it: a wrong current password", async () => {
    const c = createCommandController({ shows: (f) => f === 'currentPassword' || f === 'newPassword' });
    const r = await c.run(() =>
      Promise.reject(new ApiError(400, 'VALIDATION', 'Check the marked fields', { currentPassword: 'The current password is wrong' })),
    );
    expect(r).toBeUndefined();
    expect(c.store.get()).toMatchObject({ fieldErrors: { currentPassword: 'The current password is wrong' }, problem: undefined });
  });

  it("says above the screen the server's message for a field when the screen names none of its own: the till's company", async () => {
    const c = createCommandController();
    await c.run(() =>
      Promise.reject(new ApiError(400, 'VALIDATION', 'Check the marked fields', { company: 'Name the company billed on the city ledger' })),
    );
    expect(c.store.get().problem).toMatchObject({ tone: 'danger', text: 'Name the company billed on the city ledger' });
  });

  it('keeps the refusal as the server gave it, for screens that list its details (a report definition)', async () => {
    const c = createCommandController();
    const refusal = new ApiError(
      400,
      'INVALID_REPORT',
      'The report has 1 problem',
      {},
      { problems: [{ pointer: '/sql', message: 'uses :tgl' }] },
    );
    await c.run(() => Promise.reject(refusal));
    expect(c.store.get().error).toBe(refusal);
    expect(c.store.get().problem).toEqual({ tone: 'danger', text: 'The report has 1 problem', stale: false });
  });

  it('says a problem the screen found itself, and clears it', () => {
    const c = createCommandController();
    c.refuse({ repeat: 'The two new passwords differ' });
    expect(c.store.get()).toMatchObject({ fieldErrors: { repeat: 'The two new passwords differ' }, problem: undefined });
    c.clear();
    expect(c.store.get()).toEqual({ busy: false, fieldErrors: {} });
  });
});

describe('resource controller: what a custom screen reads', () => {
  it('is loading until the first answer, then holds it', async () => {
    const r = createResourceController(() => later({ version: '0.1.0', pending: ['0009_group_home'] }));
    expect(r.store.get()).toEqual({ loading: true });
    await r.load();
    expect(r.store.get()).toEqual({ loading: false, data: { version: '0.1.0', pending: ['0009_group_home'] } });
  });

  it('keeps what was read when a reload fails, and says why', async () => {
    let fail = false;
    const r = createResourceController(() =>
      fail ? Promise.reject(new ApiError(503, 'DOWN', 'The database is not reachable')) : later('Bandung'),
    );
    await r.load();
    fail = true;
    expect(await r.load()).toBeUndefined();
    expect(r.store.get()).toEqual({ loading: false, data: 'Bandung', error: 'The database is not reachable' });
  });

  it('an older answer arriving after a newer one changes nothing', async () => {
    let call = 0;
    const r = createResourceController(() => (++call === 1 ? later('first', 30) : later('second', 5)));
    await Promise.all([r.load(), r.load()]);
    expect(r.store.get().data).toBe('second');
  });

  it('once the screen is gone its read is aborted and nothing is stored', async () => {
    let signal: AbortSignal | undefined;
    const r = createResourceController((s) => {
      signal = s;
      return later('late');
    });
    const pending = r.load();
    r.dispose();
    await pending;
    expect(signal?.aborted).toBe(true);
    expect(r.store.get()).toEqual({ loading: true });
  });
});
