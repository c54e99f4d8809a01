import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';

let t: TestApp;
let admin: ApiClient;
let frontdesk: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  frontdesk = await t.login('frontdesk');
});
afterAll(async () => {
  await t?.close();
});

describe('a dashboard as each user sees it', () => {
  it('leaves out the recent-activity table for the front desk, who may not read the audit log, and keeps it for the administrator', async () => {
    const own = (await frontdesk.get('/api/meta/screens/dashboard/main')).json().screen;
    expect(own.tables).toEqual([]);
    expect(own.tiles.map((x: { value: string }) => x.value)).toContain('business_date');
    const all = (await admin.get('/api/meta/screens/dashboard/main')).json().screen;
    expect(all.tables.map((x: { report: string }) => x.report)).toEqual(['recent-activity']);
  });

  it("follows the property's own right on a report: a tile whose report the property restricted disappears", async () => {
    const shipped = (await admin.get('/api/reports/property-summary/design')).json().definition;
    const res = await admin.request('PUT', '/api/reports/property-summary/design', {
      definition: { ...shipped, permission: 'system.log' },
      note: 'Headline figures for the office only',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await frontdesk.get('/api/meta/screens/dashboard/main')).json().screen.tiles).toEqual([]);
    expect((await admin.post('/api/reports/property-summary/revert', {})).statusCode).toBe(200);
    expect((await frontdesk.get('/api/meta/screens/dashboard/main')).json().screen.tiles.length).toBeGreaterThan(0);
  });
});

describe('the audit log names its subjects and actions in both languages', () => {
  it('names an entity by its title, a module by its menu entry, a command by its right, a sign-in by hand', async () => {
    const en = (await admin.get('/api/meta/labels?lang=en')).json();
    const id = (await admin.get('/api/meta/labels?lang=id')).json();
    expect([en['audit.subject.system/bank'], id['audit.subject.system/bank']]).toEqual(['Bank', 'Bank']);
    expect([en['audit.subject.frontoffice'], id['audit.subject.frontoffice']]).toEqual(['Front office', 'Kantor depan']);
    expect(en['audit.action.create']).toBe('Created');
    expect(id['audit.action.login']).toBe('Masuk');
    const saveRights = en['audit.action.system.saveGroupRights'];
    expect(saveRights).toMatch(/ · /);
  });

  it('every subject and action in the recent-activity table has a readable name', async () => {
    const bank = await admin.post('/api/data/system/bank', { code: 'BJB', name: 'Bank BJB' });
    expect(bank.statusCode, bank.body).toBe(201);
    const labels = (await admin.get('/api/meta/labels?lang=id')).json();
    const r = (await admin.get('/api/reports/recent-activity?limit=50')).json();
    const col = (f: string) => r.columns.find((c: { field: string }) => c.field === f);
    expect(col('entity').enumLabels).toBe('audit.subject');
    expect(col('action').enumLabels).toBe('audit.action');
    const unnamed = r.rows.flatMap((row: { entity: string; action: string }) => [
      ...(labels[`audit.subject.${row.entity}`] ? [] : [row.entity]),
      ...(labels[`audit.action.${row.action}`] ? [] : [row.action]),
    ]);
    expect(unnamed).toEqual([]);
    expect(r.rows.map((row: { entity: string }) => row.entity)).toContain('system/bank');
  });
});
