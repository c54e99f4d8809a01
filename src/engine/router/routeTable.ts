import { matchPath } from 'react-router-dom';
import routesFile from '../../../routes.json';
import { flattenRoutes, toRouterPath, type FlatRoute, type RouteNode } from '../../core/meta/types';
import { hasRight, type Session } from '../session/session';

/** Every route of routes.json with its full path, as the router, links and landings need them. */
export const routeTable: FlatRoute[] = flattenRoutes((routesFile as { routes: RouteNode[] }).routes);

/** Whether the user may open a route (the server checks again on every call). */
export function mayOpenRoute(session: Session | null, route: FlatRoute): boolean {
  return Boolean(route.node.signedIn || route.node.public || hasRight(session, route.node.permission, 'view'));
}

/** Whether a link to this path (a route's own, or one filling its parameters: the bar's board) leads to a screen the user may open. */
export function mayOpenPath(session: Session | null, path: string): boolean {
  const bare = path.split('?')[0];
  const target =
    routeTable.find((r) => r.fullPath === bare) ?? routeTable.find((r) => r.node.screen && matchPath(toRouterPath(r.fullPath), bare));
  return Boolean(target && mayOpenRoute(session, target));
}
