import { describe, expect, it } from 'vitest';
import { buildMenu, type MenuOverride } from '../../../server/meta/menu.js';
import type { RouteNode } from '../../../src/core/meta/types.js';

const name = (en: string, id = en) => ({ en, id });

const routes: RouteNode[] = [
  { path: '/', redirect: '/dashboard' },
  { path: '/login', public: true, screen: 'auth/login', name: name('Sign in'), menu: {} },
  { path: '/dashboard', signedIn: true, screen: 'dashboard/main', name: name('Dashboard', 'Dasbor'), menu: { icon: 'home' } },
  {
    path: '/frontoffice',
    name: name('Front office', 'Kantor depan'),
    menu: { icon: 'bed' },
    children: [
      {
        path: 'reservation',
        screen: 'fo/reservation',
        permission: 'frontoffice.reservation',
        name: name('Reservations', 'Reservasi'),
        menu: {},
      },
      { path: 'room-plan', screen: 'fo/room-plan', permission: 'frontoffice.room-plan', name: name('Room plan', 'Denah kamar'), menu: {} },
      { path: 'detail/{id?}', screen: 'fo/reservation-detail', permission: 'frontoffice.reservation', name: name('Reservation') },
    ],
  },
  {
    path: '/system',
    name: name('System', 'Sistem'),
    menu: { icon: 'settings' },
    children: [
      { path: 'log', screen: 'system/log', permission: 'system.log', name: name('Audit log', 'Log audit'), menu: {} },
      { path: 'internal', screen: 'system/internal', permission: 'system.internal', name: name('Internal'), menu: { hidden: true } },
    ],
  },
];

const rights =
  (...granted: string[]) =>
  (n: RouteNode) =>
    Boolean(n.signedIn || !n.permission || granted.includes(n.permission));
const override = (o: Partial<MenuOverride> & { path: string }): [string, MenuOverride] => [
  o.path,
  { label_en: null, label_id: null, sort_order: null, hidden: false, ...o },
];

describe('buildMenu: the menu a user sees', () => {
  it('shows an administrator every menu entry in routes.json order, never public pages or entries without menu', () => {
    const menu = buildMenu(routes, () => true);
    expect(menu.map((m) => m.path)).toEqual(['/dashboard', '/frontoffice', '/system']);
    expect(menu[0]).toEqual({ path: '/dashboard', name: name('Dashboard', 'Dasbor'), icon: 'home' });
    expect(menu[1].children!.map((m) => m.path)).toEqual(['/frontoffice/reservation', '/frontoffice/room-plan']);
    expect(menu[2].children!.map((m) => m.path)).toEqual(['/system/log']);
  });

  it('shows a front-office clerk only the screens their group may view, and drops groups left empty', () => {
    const menu = buildMenu(routes, rights('frontoffice.reservation'));
    expect(menu.map((m) => m.path)).toEqual(['/dashboard', '/frontoffice']);
    expect(menu[1].children!.map((m) => m.name.en)).toEqual(['Reservations']);
  });

  it('drops a section that only redirects to screens the user may not open (a housekeeper sees no front office)', () => {
    const withRedirects: RouteNode[] = routes.map((r) => (r.path === '/frontoffice' ? { ...r, redirect: '/frontoffice/reservation' } : r));
    expect(buildMenu(withRedirects, rights('system.log')).map((m) => m.path)).toEqual(['/dashboard', '/system']);
    expect(buildMenu(withRedirects, rights('frontoffice.room-plan')).map((m) => m.path)).toEqual(['/dashboard', '/frontoffice']);
  });

  it('applies the property overlay: renamed, reordered and hidden entries', () => {
    const overrides = new Map([
      override({ path: '/frontoffice/room-plan', label_en: 'Room rack', label_id: 'Rak kamar', sort_order: 0 }),
      override({ path: '/frontoffice/reservation', sort_order: 1 }),
      override({ path: '/system', hidden: true }),
      override({ path: '/dashboard', label_id: 'Beranda' }),
    ]);
    const menu = buildMenu(routes, () => true, overrides);
    expect(menu.map((m) => m.path)).toEqual(['/dashboard', '/frontoffice']);
    expect(menu[0].name).toEqual({ en: 'Dashboard', id: 'Beranda' });
    expect(menu[1].children).toEqual([
      { path: '/frontoffice/room-plan', name: { en: 'Room rack', id: 'Rak kamar' } },
      { path: '/frontoffice/reservation', name: name('Reservations', 'Reservasi') },
    ]);
  });

  it('never edits the routes it was given', () => {
    const before = JSON.stringify(routes);
    buildMenu(routes, () => true, new Map([override({ path: '/dashboard', label_en: 'Home' })]));
    expect(JSON.stringify(routes)).toBe(before);
  });
});

describe('buildMenu ordering ties', () => {
  it('puts an entry the property placed before one that only keeps its shipped position', () => {
    // /dashboard keeps its shipped position 2 (its index in routes.json); /system is placed at 2 as well
    const overrides = new Map([override({ path: '/system', sort_order: 2 })]);
    expect(buildMenu(routes, () => true, overrides).map((m) => m.path)).toEqual(['/system', '/dashboard', '/frontoffice']);
  });
});
