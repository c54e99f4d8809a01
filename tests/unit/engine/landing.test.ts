import { describe, expect, it } from 'vitest';
import routesFile from '../../../routes.json';
import { flattenRoutes, type FlatRoute, type RouteNode } from '../../../src/core/meta/types.js';
import { landingPath } from '../../../src/engine/router/landing.js';

const routes = flattenRoutes((routesFile as { routes: RouteNode[] }).routes);
const at = (path: string) => routes.find((r) => r.fullPath === path)!;
const holding =
  (...rights: string[]) =>
  (r: FlatRoute) =>
    Boolean(r.node.signedIn) || rights.includes(r.node.permission ?? '');
const everything = () => true;

describe('a module or menu-group path leads somewhere, never to "Page not found"', () => {
  it('/frontoffice opens the front-office dashboard, as routes.json declares', () => {
    expect(landingPath(at('/frontoffice'), routes, everything)).toBe('/frontoffice/dashboard');
  });

  it('a module without a dashboard opens its first screen in menu order: /system and /sales/master', () => {
    expect(landingPath(at('/system'), routes, everything)).toBe('/system/system-user/group-user');
    expect(landingPath(at('/sales/master'), routes, everything)).toMatch(/^\/sales\/master\/[a-z-]+$/);
  });

  it('a menu group opens its first screen: /frontoffice/report opens its first report', () => {
    const first = at('/frontoffice/report').node.children!.find((c) => c.screen)!;
    expect(landingPath(at('/frontoffice/report'), routes, everything)).toBe(`/frontoffice/report/${first.path}`);
  });

  it('skips what the user may not open: without the dashboard right, /frontoffice opens the first screen they hold', () => {
    expect(landingPath(at('/frontoffice'), routes, holding('frontoffice.roomplan'))).toBe('/frontoffice/roomplan');
  });

  it('a screen with an optional parameter is opened without it; one that needs a parameter is skipped', () => {
    const group: FlatRoute = { fullPath: '/x', pointer: '/routes/9', trail: [], node: { path: '/x', children: [] } };
    const kids: FlatRoute[] = [
      {
        fullPath: '/x/detail/{id}',
        pointer: '/routes/9/children/0',
        trail: [],
        node: { path: 'detail/{id}', screen: 'x/detail', permission: 'x' },
      },
      {
        fullPath: '/x/form/{id?}',
        pointer: '/routes/9/children/1',
        trail: [],
        node: { path: 'form/{id?}', screen: 'x/form', permission: 'x' },
      },
    ];
    expect(landingPath(group, [group, ...kids], everything)).toBe('/x/form');
  });

  it('a screen every signed-in user may open counts: the front desk at /system lands on their own profile', () => {
    expect(landingPath(at('/system'), routes, holding('frontoffice.roomplan'))).toBe('/system/system-user/profile');
  });

  it('nothing under it the user may open: no landing (the screen says so)', () => {
    expect(landingPath(at('/sales/master'), routes, holding('frontoffice.roomplan'))).toBeUndefined();
  });
});
