import { Navigate, type RouteObject } from 'react-router-dom';
import type { FlatRoute, RouteNode } from '../../core/meta/types';
import { flattenRoutes, toRouterPath } from '../../core/meta/types';
import { ModuleLanding } from './ModuleLanding';

export interface RouteHandle {
  route: FlatRoute;
}

export interface RouteElements {
  /** wraps the whole app (providers, overlay, toasts, dialogs) */
  root: React.ReactElement;
  /** the signed-in shell (auth gate + layout with an <Outlet/>) */
  shell: React.ReactElement;
  /** a public page around its screen */
  publicPage(route: FlatRoute): React.ReactElement;
  /** a screen inside the shell */
  screen(route: FlatRoute): React.ReactElement;
  notFound: React.ReactElement;
}

/**
 * routes.json → react-router route objects: redirects are data, screens load on demand, and a module or
 * menu group (a node with children and no screen) leads to its dashboard or first screen.
 */
export function buildRoutes(routes: RouteNode[], el: RouteElements): RouteObject[] {
  const flat = flattenRoutes(routes);
  const publicRoutes: RouteObject[] = [];
  const shellRoutes: RouteObject[] = [];
  for (const r of flat) {
    const path = toRouterPath(r.fullPath);
    const handle: RouteHandle = { route: r };
    if (r.node.children?.length && !r.node.screen && !r.node.public) {
      shellRoutes.push({ path, element: <ModuleLanding route={r} routes={flat} />, handle });
      continue;
    }
    if (r.node.redirect) {
      const target = <Navigate to={r.node.redirect} replace />;
      (r.node.public ? publicRoutes : shellRoutes).push({ path, element: target, handle });
      continue;
    }
    if (!r.node.screen) continue;
    if (r.node.public) publicRoutes.push({ path, element: el.publicPage(r), handle });
    else shellRoutes.push({ path, element: el.screen(r), handle });
  }
  return [
    {
      element: el.root,
      children: [...publicRoutes, { element: el.shell, children: [...shellRoutes, { path: '*', element: el.notFound }] }],
    },
  ];
}
