/**
 * Menu shapes of the login answer (spec section 3): a platform with its web menu tree, and
 * menu nodes { name, path, children, relationRoutes } (title and icon added for the sider).
 * Shared by the server that builds them and the client guard that flattens them.
 */
export interface MenuNode {
  name: string;
  path: string;
  title: string;
  icon: string | null;
  children: MenuNode[];
  relationRoutes: string[];
}

export interface PlatformMenus {
  platform_id: number;
  platform_name: string;
  icon: string;
  index_url: string;
  /** 'normal' | 'one-form' */
  kind: string;
  web: MenuNode[];
}

export interface LoginMenus {
  plant_front: PlatformMenus[];
  cms: MenuNode[];
}

/** Every route name a menu tree authorises: node names plus their relationRoutes, flattened. */
export function flattenRouteNames(nodes: readonly MenuNode[], into: Set<string> = new Set()): Set<string> {
  for (const n of nodes) {
    into.add(n.name);
    for (const r of n.relationRoutes) into.add(r);
    flattenRouteNames(n.children, into);
  }
  return into;
}

/** The first leaf (a node with a path and no children), depth first: a user's default landing page. */
export function firstMenuPath(nodes: readonly MenuNode[]): string | null {
  for (const n of nodes) {
    if (n.children.length) {
      const p = firstMenuPath(n.children);
      if (p) return p;
    } else if (n.path) {
      return n.path;
    }
  }
  return null;
}
