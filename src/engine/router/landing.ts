import type { FlatRoute } from '../../core/meta/types';

/**
 * Where a module or menu-group path (/frontoffice, /frontoffice/report, /sales/master) leads: its declared
 * `redirect` (the module's dashboard, as the spec has it) when the user may open that, otherwise the first
 * screen under it, in menu order, that the user may open. A screen that needs a parameter ({id}) is no
 * place to land; an optional one ({id?}) is left empty. Undefined: nothing under it is theirs.
 */
export function landingPath(group: FlatRoute, routes: FlatRoute[], mayOpen: (route: FlatRoute) => boolean): string | undefined {
  const byPath = new Map(routes.map((r) => [r.fullPath, r]));
  const openable = (r: FlatRoute | undefined): r is FlatRoute =>
    Boolean(r && r.node.screen && !/\{\w+\}/.test(r.fullPath) && !r.node.menu?.hidden && mayOpen(r));
  const declared = group.node.redirect ? byPath.get(group.node.redirect.split('?')[0]) : undefined;
  if (openable(declared)) return group.node.redirect;
  const below = routes.filter((r) => r.pointer.startsWith(`${group.pointer}/children/`));
  const first = below.find(openable);
  return first?.fullPath.replace(/\/\{\w+\?\}/g, '');
}
