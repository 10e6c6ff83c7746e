import { sql } from 'kysely';
import type { ModuleManifest, RouteArea, RouteSpec } from '@/shared/module';
import type { Tx } from './batch';
import { PLATFORMS, type RoleCode } from './university';

/** Prefix of a group node's name: a module's submenu, not a route (never a permission key of a page). */
export const MENU_GROUP_PREFIX = 'module:';

interface MenuPlan {
  /** A module with several menu routes becomes a submenu; with one, a top-level node. */
  group: { name: string; title: string; icon: string | null } | null;
  routes: RouteSpec[];
}

/** Seed keys of the platforms whose menu holds only the routes that name them. */
const LISTED_ONLY: ReadonlySet<string> = new Set(
  PLATFORMS.filter((p) => 'listedRoutesOnly' in p && p.listedRoutesOnly).map((p) => p.key),
);

/**
 * Whether the demo seed puts a route in the menu of the platform with this seed key: the routes
 * whose `platforms` name it, and those without `platforms` unless the platform takes only listed ones.
 */
export const routeOnPlatform = (r: RouteSpec, platform: string): boolean =>
  r.platforms ? r.platforms.includes(platform) : !LISTED_ONLY.has(platform);

/**
 * The menu tree of one area, taken from every module's declaration in catalogue order (menuOrder);
 * with a platform key, only the routes meant for that platform (`routeOnPlatform`).
 */
export function menuPlan(area: RouteArea, mods: readonly ModuleManifest[], platform?: string): MenuPlan[] {
  const forPlatform = (r: RouteSpec) => !platform || routeOnPlatform(r, platform);
  return mods
    .map((m) => ({ m, routes: m.routes.filter((r) => r.area === area && r.menu && forPlatform(r)) }))
    .filter(({ routes }) => routes.length > 0)
    .map(({ m, routes }) => ({
      group:
        routes.length > 1
          ? { name: `${MENU_GROUP_PREFIX}${m.id}`, title: m.title, icon: routes[0]!.icon ?? null }
          : null,
      routes,
    }));
}

async function insertMenuTree(
  tx: Tx,
  scope: 'web' | 'cms',
  platformId: number | null,
  plan: MenuPlan[],
): Promise<void> {
  let sort = 0;
  const node = async (
    parentId: number | null,
    name: string,
    path: string,
    title: string,
    icon: string | null,
    relationRoutes: readonly string[],
  ) =>
    (
      await tx
        .insertInto('menu')
        .values({
          scope,
          platformId,
          parentId,
          name,
          path,
          title,
          icon,
          sort: ++sort,
          relationRoutes: JSON.stringify(relationRoutes),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  for (const p of plan) {
    const parentId = p.group ? await node(null, p.group.name, '', p.group.title, p.group.icon, []) : null;
    for (const r of p.routes) await node(parentId, r.name, r.path, r.title, r.icon ?? null, r.relationRoutes ?? []);
  }
}

/**
 * The three platforms, each with a web menu of every web menu route meant for it; the cms menu of every
 * cms menu route; and the grants: a platform's roles (platform_role) see all of its menu.
 */
export async function insertPlatformsAndMenus(
  tx: Tx,
  roleId: Map<RoleCode, number>,
  now: number,
  modules: readonly ModuleManifest[],
): Promise<Map<string, number>> {
  const platformId = new Map<string, number>();
  for (const [i, p] of PLATFORMS.entries()) {
    const { id } = await tx
      .insertInto('platform')
      .values({
        name: p.name,
        icon: p.icon,
        indexUrl: p.indexUrl,
        kind: p.kind,
        sort: i + 1,
        status: 'active',
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    platformId.set(p.key, id);
    await insertMenuTree(tx, 'web', id, menuPlan('web', modules, p.key));
    for (const code of p.roles) {
      const rid = roleId.get(code)!;
      await tx.insertInto('platformRole').values({ platformId: id, roleId: rid }).execute();
      await tx
        .insertInto('roleMenu')
        .columns(['roleId', 'menuId'])
        .expression((eb) =>
          eb
            .selectFrom('menu')
            .select([sql.lit(rid).as('roleId'), 'id'])
            .where('platformId', '=', id)
            .where('scope', '=', 'web'),
        )
        .execute();
    }
  }
  await insertMenuTree(tx, 'cms', null, menuPlan('cms', modules));
  return platformId;
}
