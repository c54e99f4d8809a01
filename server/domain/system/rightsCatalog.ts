import type { I18nText, RouteNode, Screen } from '../../../src/core/meta/types.js';
import { joinPath } from '../../../src/core/meta/types.js';

export interface RightAction {
  key: string;
  name: I18nText;
}

/** One node of the checklist tree on the group-user screen: a menu group, or a screen with its actions. */
export interface RightsNode {
  path: string;
  name: I18nText;
  resource?: string;
  actions?: RightAction[];
  children?: RightsNode[];
}

/** The actions a screen offers: declared ones, else all four for data screens and view for the rest. */
export function actionsOf(node: RouteNode, screens: Map<string, Screen>, labels: Map<string, I18nText>): RightAction[] {
  const kind = node.screen ? screens.get(node.screen)?.kind : undefined;
  const std = node.actions ?? (kind === 'list' || kind === 'form' || kind === 'document' ? ['view', 'create', 'edit', 'delete'] : ['view']);
  return [
    ...std.map((k) => ({ key: k, name: labels.get(`right.${k}`) ?? { en: k, id: k } })),
    ...(node.ops ?? []).map((o) => ({ key: o.key, name: o.name })),
  ];
}

export function rightsCatalog(
  routes: RouteNode[],
  screens: Map<string, Screen>,
  labels: Map<string, I18nText>,
  parent = '/',
): RightsNode[] {
  const out: RightsNode[] = [];
  for (const node of routes) {
    if (node.public) continue;
    const fullPath = joinPath(parent, node.path);
    const children = node.children ? rightsCatalog(node.children, screens, labels, fullPath) : [];
    if (!node.permission && !children.length) continue;
    const item: RightsNode = { path: fullPath, name: node.name ?? { en: node.path, id: node.path } };
    if (node.permission) {
      item.resource = node.permission;
      item.actions = actionsOf(node, screens, labels);
    }
    if (children.length) item.children = children;
    out.push(item);
  }
  return out;
}

/** Every resource:action pair that exists, to refuse grants of rights that do not. */
export function allRights(nodes: RightsNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.resource) for (const a of n.actions ?? []) out.add(`${n.resource}:${a.key}`);
    if (n.children) allRights(n.children, out);
  }
  return out;
}
