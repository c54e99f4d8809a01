import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/engine/api/client.js';
import type { Row } from '../../../../src/engine/api/dataProvider.js';
import { createRecordController, type RecordSource } from '../../../../src/engine/controllers/record/recordController.js';
import { describeApiError } from '../../../../src/engine/controllers/problem.js';

/**
 * The banks of one property kept in memory, answering as /api/data does: versions checked on update,
 * unique codes, commands by name. Only the contract's shape is imitated; the server's own rules are
 * proven by the API tests.
 */
function bankLedger(rows: Row[] = []) {
  const table = new Map(rows.map((r) => [r.id, { ...r }]));
  const calls: string[] = [];
  let nextId = Math.max(0, ...rows.map((r) => r.id)) + 1;
  const abortable = <T>(signal: AbortSignal | undefined, value: () => T) =>
    signal?.aborted ? Promise.reject(new ApiError(0, 'ABORTED', 'Stopped')) : Promise.resolve().then(value);
  const source: RecordSource = {
    getOne: (entity, id, signal) =>
      abortable(signal, () => {
        calls.push(`getOne ${entity} ${id}`);
        const row = table.get(id);
        if (!row) throw new ApiError(404, 'NOT_FOUND', `Bank #${id} does not exist`);
        return { ...row };
      }),
    create: (_entity, values, signal) =>
      abortable(signal, () => {
        calls.push(`create ${JSON.stringify(values)}`);
        if ([...table.values()].some((r) => r.code === values.code))
          throw new ApiError(409, 'DUPLICATE', 'Check the marked fields', { code: `Code '${String(values.code)}' already exists` });
        const row = { ...values, id: nextId++, version: 1 } as Row;
        table.set(row.id, row);
        return { ...row };
      }),
    update: (_entity, id, version, values, signal) =>
      abortable(signal, () => {
        calls.push(`update ${id} v${version} ${JSON.stringify(values)}`);
        const row = table.get(id)!;
        if (row.version !== version)
          throw new ApiError(409, 'STALE', 'Someone else changed this bank since you opened it', {}, { currentVersion: row.version });
        if (values.account_no === '')
          throw new ApiError(400, 'VALIDATION', 'Check the marked fields', { account_no: 'Account number is required' });
        if (values.gl_account === '9999')
          throw new ApiError(400, 'VALIDATION', 'Check the marked fields', { gl_account: 'GL account 9999 is not a posting account' });
        const next = { ...row, ...values, version: version + 1 } as Row;
        table.set(id, next);
        return { ...next };
      }),
    delete: (_entity, id, version, signal) =>
      abortable(signal, () => {
        calls.push(`delete ${id} v${version}`);
        table.delete(id);
        return { deleted: true, deactivated: false };
      }),
    run: (op, input, signal) =>
      abortable(signal, () => {
        calls.push(`run ${op} ${JSON.stringify(input)}`);
        const row = table.get(input.id as number)!;
        table.set(row.id, { ...row, active: false, version: row.version! + 1 });
        return { done: true } as never;
      }),
  };
  /** another clerk's save, straight into the table */
  const changeBehindTheBack = (id: number, values: Record<string, unknown>) => {
    const row = table.get(id)!;
    table.set(id, { ...row, ...values, version: row.version! + 1 });
  };
  return { source, calls, table, changeBehindTheBack };
}

const bca: Row = { id: 7, version: 3, code: 'BCA', name: 'Bank Central Asia', account_no: '0953112233', gl_account: '1102', active: true };
const shown = new Set(['code', 'name', 'account_no', 'active']);
const shows = (f: string) => shown.has(f);

describe('record controller: one record without pixels', () => {
  it('reads the record once and holds it as the values being edited', async () => {
    const { source, calls } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: 7, shows });
    expect(c.store.get()).toMatchObject({ mode: 'edit', status: 'loading', values: {} });
    await c.load();
    expect(c.store.get()).toMatchObject({ status: 'ready', row: bca, values: bca, fieldErrors: {} });
    expect(calls).toEqual(['getOne system/bank 7']);
  });

  it('a new record starts from the defaults, saves once and becomes the record it created', async () => {
    const { source } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: null, defaults: { active: true }, shows });
    await c.load();
    expect(c.store.get()).toMatchObject({ mode: 'create', status: 'ready', values: { active: true } });
    c.change({ code: 'BNI', name: 'Bank Negara Indonesia', account_no: '0112233445', active: true });
    const saved = await c.save(c.store.get().values);
    expect(saved).toEqual({ created: true, row: expect.objectContaining({ id: 8, version: 1, code: 'BNI' }) });
    expect(c.store.get()).toMatchObject({ mode: 'edit', id: 8, row: { code: 'BNI' }, values: { code: 'BNI' }, busy: false });
  });

  it('an edit sends only what it is given, with the version it read', async () => {
    const { source, calls } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: 7, shows });
    await c.load();
    const saved = await c.save({ name: 'PT Bank Central Asia Tbk' });
    expect(calls[1]).toBe('update 7 v3 {"name":"PT Bank Central Asia Tbk"}');
    expect(saved?.row).toMatchObject({ version: 4, name: 'PT Bank Central Asia Tbk' });
    expect(c.store.get().row?.version).toBe(4);
  });

  it("refuses to overwrite another clerk's change: a warning with a way to reload, and the values kept", async () => {
    const { source, changeBehindTheBack } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: 7, shows });
    await c.load();
    changeBehindTheBack(7, { account_no: '0953999999' });
    c.change({ ...c.store.get().values, name: 'BCA KCU Bandung' });
    expect(await c.save({ name: 'BCA KCU Bandung' })).toBeUndefined();
    expect(c.store.get().problem).toEqual({ tone: 'warning', text: 'Someone else changed this bank since you opened it', stale: true });
    expect(c.store.get().values.name).toBe('BCA KCU Bandung');
    await c.load();
    expect(c.store.get()).toMatchObject({ problem: undefined, row: { version: 4, account_no: '0953999999' } });
  });

  it('puts a message for a shown field on that field, with no message above the form', async () => {
    const { source } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: 7, shows });
    await c.load();
    await c.save({ account_no: '' });
    expect(c.store.get().fieldErrors).toEqual({ account_no: 'Account number is required' });
    expect(c.store.get().problem).toBeUndefined();
  });

  it('says a message for a field the screen does not show above the form, so it is not lost', async () => {
    const { source } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: 7, shows });
    await c.load();
    await c.save({ gl_account: '9999' });
    expect(c.store.get().fieldErrors).toEqual({});
    expect(c.store.get().problem).toEqual({
      tone: 'danger',
      text: 'GL account 9999 is not a posting account',
      stale: false,
    });
  });

  it('a duplicate code on create lands on the code field; the next save clears old messages', async () => {
    const { source } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: null, shows });
    await c.save({ code: 'BCA', name: 'Bank Central Asia Syariah' });
    expect(c.store.get()).toMatchObject({ mode: 'create', fieldErrors: { code: "Code 'BCA' already exists" } });
    await c.save({ code: 'BCAS', name: 'Bank Central Asia Syariah' });
    expect(c.store.get()).toMatchObject({ mode: 'edit', fieldErrors: {}, problem: undefined, row: { code: 'BCAS' } });
  });

  it('a record that cannot be read says why instead of showing an empty form', async () => {
    const { source } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: 99, shows });
    await c.load();
    expect(c.store.get()).toMatchObject({ status: 'failed', loadError: 'Bank #99 does not exist' });
    expect(c.store.get().row).toBeUndefined();
  });

  it('deletes with the version it read', async () => {
    const { source, calls, table } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: 7, shows });
    await c.load();
    expect(await c.remove()).toEqual({ deleted: true, deactivated: false });
    expect(calls.at(-1)).toBe('delete 7 v3');
    expect(table.has(7)).toBe(false);
  });

  it('runs a command on the record with its id and version, then reads it again', async () => {
    const { source, calls } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: 7, shows });
    await c.load();
    expect(await c.run('system.closeBank', { reason: 'Rekening ditutup' }, true)).toEqual({ done: true });
    expect(calls.slice(1)).toEqual(['run system.closeBank {"id":7,"version":3,"reason":"Rekening ditutup"}', 'getOne system/bank 7']);
    expect(c.store.get().row).toMatchObject({ active: false, version: 4 });
  });

  it('saves behind the given runner (the blocking overlay on screens) and is busy meanwhile', async () => {
    const { source } = bankLedger([bca]);
    const seen: boolean[] = [];
    const c = createRecordController({
      source,
      entity: 'system/bank',
      id: 7,
      shows,
      blocking: (call) => {
        seen.push(c.store.get().busy);
        return call(new AbortController().signal);
      },
    });
    await c.load();
    await c.save({ name: 'Bank BCA' });
    expect(seen).toEqual([true]);
    expect(c.store.get().busy).toBe(false);
  });

  it('a read still under way when the screen closes is aborted and changes nothing', async () => {
    const { source } = bankLedger([bca]);
    const c = createRecordController({ source, entity: 'system/bank', id: 7, shows });
    c.dispose();
    await c.load();
    const s = c.store.get();
    expect([s.status, s.loadError, s.problem, s.row]).toEqual(['loading', undefined, undefined, undefined]);
  });

  it('an aborted save (Abort Proccess) says nothing', async () => {
    const { source } = bankLedger([bca]);
    const c = createRecordController({
      source,
      entity: 'system/bank',
      id: 7,
      shows,
      blocking: (call) => {
        const controller = new AbortController();
        controller.abort();
        return call(controller.signal);
      },
    });
    await c.load();
    expect(await c.save({ name: 'Bank BCA' })).toBeUndefined();
    expect(c.store.get()).toMatchObject({ problem: undefined, fieldErrors: {}, busy: false });
  });
});

describe('describeApiError: where a refusal is shown', () => {
  it('a refusal without fields is one message above the form', () => {
    expect(describeApiError(new ApiError(403, 'FORBIDDEN', 'You may not change banks'), shows)).toEqual({
      fieldErrors: {},
      problem: { tone: 'danger', text: 'You may not change banks', stale: false },
    });
  });
});
