import type { I18nText, RouteNode } from '../../src/core/meta/types.js';
import { joinPath } from '../../src/core/meta/types.js';

export interface MenuItem {
  path: string;
  name: I18nText;
  icon?: string;
  children?: MenuItem[];
}

export interface MenuOverride {
  path: string;
  label_en: string | null;
  label_id: string | null;
  sort_order: number | null;
  hidden: boolean;
}

/**
 * The menu a user sees: the routes marked `menu`, only those their rights open, with the property's
 * overlay (renamed, reordered, hidden) applied over the shipped routes.json.
 */
export function buildMenu(
  routes: RouteNode[],
  canView: (node: RouteNode) => boolean,
  overrides: Map<string, MenuOverride> = new Map(),
  parent = '/',
): MenuItem[] {
  const items: { item: MenuItem; order: number; placed: boolean; index: number }[] = [];
  routes.forEach((node, index) => {
    const fullPath = joinPath(parent, node.path);
    const o = overrides.get(fullPath);
    if (!node.menu || node.menu.hidden || o?.hidden || node.public || !node.name) return;
    const children = node.children ? buildMenu(node.children, canView, overrides, fullPath) : [];
    // a section that only redirects to its first screen (/frontoffice, …/journal) is there through its children:
    // a user who may open none of them does not see it
    const leafVisible = node.screen ? canView(node) : Boolean(node.redirect) && !node.children?.length && canView(node);
    if (!children.length && !leafVisible) return;
    const name = { en: o?.label_en || node.name.en, id: o?.label_id || node.name.id };
    const item: MenuItem = { path: fullPath, name, ...(node.menu.icon ? { icon: node.menu.icon } : {}) };
    if (children.length) item.children = children;
    items.push({ item, order: o?.sort_order ?? index, placed: o?.sort_order != null, index });
  });
  // An entry the property placed wins a tie with one that only keeps its shipped position (a route added
  // to routes.json after the overlay was saved must not push the property's order around).
  return items.sort((a, b) => a.order - b.order || Number(b.placed) - Number(a.placed) || a.index - b.index).map((x) => x.item);
}
