import { beforeAll, describe, expect, it } from 'vitest';
import { actionsOf, allRights, rightsCatalog, type RightsNode } from '../../../server/domain/system/rightsCatalog.js';
import { loadMeta, type Meta } from '../../../server/meta/load.js';
import { projectRoot } from '../../../server/config.js';

let meta: Meta;
beforeAll(() => {
  meta = loadMeta(projectRoot);
});

const find = (nodes: RightsNode[], path: string): RightsNode | undefined => {
  for (const n of nodes) {
    if (n.path === path) return n;
    const hit = n.children && find(n.children, path);
    if (hit) return hit;
  }
  return undefined;
};

describe('the rights catalog: every screen and its actions, as the menu tree', () => {
  it('gives a list screen view, create, edit and delete in both languages', () => {
    const banks = find(rightsCatalog(meta.routes, meta.screens, meta.labels), '/system/global-master/masterbank')!;
    expect(banks.resource).toBe('system.masterbank');
    expect(banks.actions!.map((a) => a.key)).toEqual(['view', 'create', 'edit', 'delete']);
    expect(banks.actions![0].name).toEqual(meta.labels.get('right.view'));
    expect(banks.actions![0].name.id).not.toBe('view');
  });

  it('adds the route ops after the standard actions (reset password, lock)', () => {
    const users = find(rightsCatalog(meta.routes, meta.screens, meta.labels), '/system/system-user/user')!;
    expect(users.actions!.map((a) => a.key)).toEqual(['view', 'create', 'edit', 'delete', 'resetPassword', 'lock']);
    expect(users.actions![4].name).toEqual({ en: 'Reset password', id: 'Atur ulang kata sandi' });
  });

  it('keeps declared actions: hotel setup is view and edit, the audit log view only', () => {
    const catalog = rightsCatalog(meta.routes, meta.screens, meta.labels);
    expect(find(catalog, '/system/setup')!.actions!.map((a) => a.key)).toEqual(['view', 'edit']);
    expect(find(catalog, '/system/log')!.actions!.map((a) => a.key)).toEqual(['view']);
    // a custom screen that edits data declares its actions: the group rights screen creates, edits and deletes groups
    expect(find(catalog, '/system/system-user/group-user')!.actions!.map((a) => a.key)).toEqual(['view', 'create', 'edit', 'delete']);
    expect(find(catalog, '/system/system-update')!.actions!.map((a) => a.key)).toEqual(['view', 'apply']);
  });

  it('leaves out public pages, signed-in pages without a permission and empty groups', () => {
    const catalog = rightsCatalog(meta.routes, meta.screens, meta.labels);
    expect(find(catalog, '/login')).toBeUndefined();
    expect(find(catalog, '/dashboard')).toBeUndefined();
    expect(find(catalog, '/system/system-user/profile')).toBeUndefined();
    const system = find(catalog, '/system')!;
    expect(system.resource).toBeUndefined();
    expect(system.children!.map((c) => c.path)).toContain('/system/global-master');
  });

  it('gives a custom screen only view unless it declares more', () => {
    expect(
      actionsOf({ path: 'plan', screen: 'system/profile', permission: 'x.plan' }, meta.screens, meta.labels).map((a) => a.key),
    ).toEqual(['view']);
    expect(actionsOf({ path: 'x', permission: 'x.y' }, meta.screens, meta.labels).map((a) => a.key)).toEqual(['view']);
  });

  it('lists every grantable resource:action pair once', () => {
    const all = allRights(rightsCatalog(meta.routes, meta.screens, meta.labels));
    expect(all.has('system.user:resetPassword')).toBe(true);
    expect(all.has('system.masterbank:delete')).toBe(true);
    expect(all.has('system.log:edit')).toBe(false);
    expect(all.has('system.setup:create')).toBe(false);
  });
});
