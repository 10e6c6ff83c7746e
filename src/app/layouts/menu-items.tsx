import type { MenuProps } from 'antd';
import type { MenuNode } from '../../shared/menus';
import { MenuIcon } from './menu-icon';

type Item = Required<MenuProps>['items'][number];

/** A node's menu key: its path for a page, its name for a group. */
export const menuKey = (n: MenuNode) => (n.children.length ? `group:${n.name}` : n.path || `group:${n.name}`);

/** A menu tree of the login answer as antd Menu items; top-level nodes get their icon. */
export function toMenuItems(nodes: readonly MenuNode[], depth = 0): Item[] {
  return nodes.map((n) => ({
    key: menuKey(n),
    label: n.title || n.name,
    icon: depth === 0 ? <MenuIcon name={n.icon} /> : undefined,
    children: n.children.length ? toMenuItems(n.children, depth + 1) : undefined,
  }));
}

/** The selected page key and the groups above it, for a path (longest matching menu path wins). */
export function menuSelection(nodes: readonly MenuNode[], pathname: string): { selected: string[]; open: string[] } {
  let best: { key: string; len: number; parents: string[] } | null = null;
  const walk = (list: readonly MenuNode[], parents: string[]) => {
    for (const n of list) {
      if (n.children.length) walk(n.children, [...parents, menuKey(n)]);
      else if (n.path && (pathname === n.path || pathname.startsWith(n.path + '/')) && (!best || n.path.length > best.len)) {
        best = { key: n.path, len: n.path.length, parents };
      }
    }
  };
  walk(nodes, []);
  const found = best as { key: string; parents: string[] } | null;
  return found ? { selected: [found.key], open: found.parents } : { selected: [], open: [] };
}
