import type { MenuRow } from '@/server/db/schema';
import { badInput } from '@/server/errors';
import { menuPlan } from '@/server/db/seed/platforms';
import type { ModuleCatalog } from '@/shared/module';
import { isGroupName, MENU_ICON_NAMES, type MenuScope, type MenuTreeNode } from '../contract';
import { deleteMenus, insertMenu, treeRows, updateMenu, type MenuValues, type Q } from './repository';

const ICONS = new Set<string>(MENU_ICON_NAMES);

/** Rows of one tree as the editor's nested nodes, with ids, by sort then id. */
export function treeOf(rows: MenuRow[]): MenuTreeNode[] {
  const byParent = new Map<number | null, MenuRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    (byParent.get(key) ?? byParent.set(key, []).get(key)!).push(r);
  }
  const build = (parent: number | null): MenuTreeNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((r) => ({
        id: r.id,
        name: r.name,
        path: r.path,
        title: r.title,
        icon: r.icon,
        sort: r.sort,
        relationRoutes: JSON.parse(r.relationRoutes) as string[],
        children: build(r.id),
      }));
  return build(null);
}

/**
 * Checks a whole tree against the routes the app really has (area 'web' for a platform's
 * menu, 'cms' for the back office): a page node names a route of that area with the same
 * path; a group node has no path and a 'module:'/'group:' name; relation routes are route
 * names; icons are ones the sider can draw; no name or id twice; ids belong to this tree.
 */
export function validateTree(
  nodes: readonly MenuTreeNode[],
  scope: MenuScope,
  existingIds: ReadonlySet<number>,
  catalog: ModuleCatalog,
): void {
  const routes = new Map(catalog.routes.filter((r) => r.area === scope).map((r) => [r.name, r]));
  const routeNames = new Set(catalog.routes.map((r) => r.name));
  const names = new Set<string>();
  const ids = new Set<number>();
  const fail = (message: string) => badInput(message, { field: 'nodes' });
  const walk = (list: readonly MenuTreeNode[]) => {
    for (const n of list) {
      const label = n.title.trim() || n.name;
      if (n.path === '') {
        if (!isGroupName(n.name)) throw fail(`菜单「${label}」对应的页面不存在`);
      } else {
        const route = routes.get(n.name);
        if (!route || route.path !== n.path) throw fail(`菜单「${label}」对应的页面不存在`);
      }
      if (!n.title.trim()) throw fail(`菜单「${n.name}」的标题不能为空`);
      for (const r of n.relationRoutes) if (!routeNames.has(r)) throw fail(`菜单「${label}」的关联页面「${r}」不存在`);
      if (n.icon && !ICONS.has(n.icon)) throw fail(`菜单「${label}」的图标「${n.icon}」不可用`);
      if (names.has(n.name)) throw fail(`菜单「${label}」重复出现`);
      names.add(n.name);
      if (n.id !== undefined) {
        if (!existingIds.has(n.id) || ids.has(n.id)) throw fail(`菜单「${label}」不属于该菜单树`);
        ids.add(n.id);
      }
      walk(n.children);
    }
  };
  walk(nodes);
}

/**
 * Replaces one tree with `nodes` (call inside a transaction). Nodes that carry an id are
 * updated in place, so their role grants survive; new nodes are inserted; nodes left out are
 * deleted with their grants. Order among siblings is the order of the array.
 */
export async function writeTree(
  trx: Q,
  scope: MenuScope,
  platformId: number | null,
  nodes: readonly MenuTreeNode[],
  catalog: ModuleCatalog,
): Promise<MenuTreeNode[]> {
  const existing = await treeRows(trx, scope, platformId);
  validateTree(nodes, scope, new Set(existing.map((r) => r.id)), catalog);
  const kept = new Set<number>();
  const write = async (parentId: number | null, list: readonly MenuTreeNode[]) => {
    for (const [i, n] of list.entries()) {
      const v: MenuValues = {
        parentId,
        name: n.name,
        path: n.path,
        title: n.title.trim(),
        icon: n.icon || null,
        sort: i + 1,
        relationRoutes: JSON.stringify([...new Set(n.relationRoutes)]),
      };
      let id: number;
      if (n.id !== undefined) {
        await updateMenu(trx, n.id, v);
        id = n.id;
      } else {
        id = await insertMenu(trx, scope, platformId, v);
      }
      kept.add(id);
      await write(id, n.children);
    }
  };
  // Kept nodes are re-parented first, so deleting the rest cascades to nothing that stays.
  await write(null, nodes);
  await deleteMenus(
    trx,
    existing.filter((r) => !kept.has(r.id)).map((r) => r.id),
  );
  return treeOf(await treeRows(trx, scope, platformId));
}

/**
 * Adds a node for every menu route of the area (module catalogue) that the tree lacks: under its
 * module's group node when the tree has it, else in a new group (or at the top for a module
 * with one menu route), after the existing siblings. Answers the route names added.
 */
export async function addMissingRoutes(
  trx: Q,
  scope: MenuScope,
  platformId: number | null,
  catalog: ModuleCatalog,
): Promise<string[]> {
  const rows = await treeRows(trx, scope, platformId);
  const have = new Set(rows.map((r) => r.name));
  const nextSort = new Map<number | null, number>();
  for (const r of rows) nextSort.set(r.parentId, Math.max(nextSort.get(r.parentId) ?? 0, r.sort));
  const bump = (parentId: number | null) => {
    const s = (nextSort.get(parentId) ?? 0) + 1;
    nextSort.set(parentId, s);
    return s;
  };
  const added: string[] = [];
  for (const plan of menuPlan(scope, catalog.modules)) {
    const missing = plan.routes.filter((r) => !have.has(r.name));
    if (!missing.length) continue;
    let parentId: number | null = null;
    if (plan.group) {
      const group = rows.find((r) => r.name === plan.group!.name);
      parentId =
        group?.id ??
        (await insertMenu(trx, scope, platformId, {
          parentId: null,
          name: plan.group.name,
          path: '',
          title: plan.group.title,
          icon: plan.group.icon,
          sort: bump(null),
          relationRoutes: '[]',
        }));
    }
    for (const r of missing) {
      await insertMenu(trx, scope, platformId, {
        parentId,
        name: r.name,
        path: r.path,
        title: r.title,
        icon: r.icon ?? null,
        sort: bump(parentId),
        relationRoutes: JSON.stringify(r.relationRoutes ?? []),
      });
      have.add(r.name);
      added.push(r.name);
    }
  }
  return added;
}
