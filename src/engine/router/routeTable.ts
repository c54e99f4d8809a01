import routesFile from '../../../routes.json';
import { flattenRoutes, type FlatRoute, type RouteNode } from '../../core/meta/types';
import { hasRight, type Session } from '../session/session';

/** Every route of routes.json with its full path, as the router, links and landings need them. */
export const routeTable: FlatRoute[] = flattenRoutes((routesFile as { routes: RouteNode[] }).routes);

/** Whether the user may open a route (the server checks again on every call). */
export function mayOpenRoute(session: Session | null, route: FlatRoute): boolean {
  return Boolean(route.node.signedIn || route.node.public || hasRight(session, route.node.permission, 'view'));
}

/** Whether a link to this path leads the user to a screen they may open. */
export function mayOpenPath(session: Session | null, path: string): boolean {
  const target = routeTable.find((r) => r.fullPath === path.split('?')[0]);
  return Boolean(target && mayOpenRoute(session, target));
}
