import type { Db } from '../db/dialect';
import type { MenuRow, PlatformRow } from '../db/schema';
import { flattenRouteNames, type LoginMenus, type MenuNode, type PlatformMenus } from '@/shared/menus';

function toTree(rows: MenuRow[]): MenuNode[] {
  const byParent = new Map<number | null, MenuRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    // A node whose parent is not granted hangs at the top, so granting a leaf alone still shows it.
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    (byParent.get(key) ?? byParent.set(key, []).get(key)!).push(r);
  }
  const build = (parent: number | null): MenuNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((r) => ({
        name: r.name,
        path: r.path,
        title: r.title,
        icon: r.icon,
        relationRoutes: JSON.parse(r.relationRoutes) as string[],
        children: build(r.id),
      }));
  return build(null);
}

/** Active platforms a user belongs to, directly or through one of their roles, in display order. */
export async function userPlatforms(db: Db, userId: number) {
  return db
    .selectFrom('platform')
    .selectAll()
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('platformUser').select('platformId').where('userId', '=', userId)),
        eb(
          'id',
          'in',
          eb
            .selectFrom('platformRole')
            .innerJoin('userRole', 'userRole.roleId', 'platformRole.roleId')
            .select('platformRole.platformId')
            .where('userRole.userId', '=', userId),
        ),
      ]),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The web menu of one platform as this user may see it: nodes granted to one of their roles. */
async function webMenuRows(db: Db, userId: number, platformIds: number[]): Promise<MenuRow[]> {
  if (!platformIds.length) return [];
  return db
    .selectFrom('menu')
    .selectAll('menu')
    .where('menu.scope', '=', 'web')
    .where('menu.platformId', 'in', platformIds)
    .where((eb) =>
      eb(
        'menu.id',
        'in',
        eb
          .selectFrom('roleMenu')
          .innerJoin('userRole', 'userRole.roleId', 'roleMenu.roleId')
          .select('roleMenu.menuId')
          .where('userRole.userId', '=', userId),
      ),
    )
    .execute();
}

async function cmsMenuRows(db: Db): Promise<MenuRow[]> {
  return db.selectFrom('menu').selectAll().where('scope', '=', 'cms').execute();
}

/** The menus part of the login answer (spec section 3). Administrators get the cms tree and no platforms. */
export async function loginMenus(db: Db, user: { id: number; isAdmin: boolean }): Promise<LoginMenus> {
  if (user.isAdmin) return { plant_front: [], cms: toTree(await cmsMenuRows(db)) };
  const platforms = await userPlatforms(db, user.id);
  const rows = await webMenuRows(
    db,
    user.id,
    platforms.map((p) => p.id),
  );
  const plant_front: PlatformMenus[] = platforms.map((p) => ({
    platform_id: p.id,
    platform_name: p.name,
    icon: p.icon,
    index_url: p.indexUrl,
    kind: p.kind,
    web: toTree(rows.filter((r) => r.platformId === p.id)),
  }));
  return { plant_front, cms: [] };
}

/** One platform with the web menu this user sees in it (the answer of choice_platform). */
export async function platformMenusFor(db: Db, userId: number, p: PlatformRow): Promise<PlatformMenus> {
  const rows = await webMenuRows(db, userId, [p.id]);
  return {
    platform_id: p.id,
    platform_name: p.name,
    icon: p.icon,
    index_url: p.indexUrl,
    kind: p.kind,
    web: toTree(rows),
  };
}

/**
 * Route names the caller may use right now (spec section 6): for an administrator the cms
 * menu; for a user the web menu of the platform chosen in this session, or of their only
 * platform — provided that platform is still active and still theirs. Computed from the
 * database on each call, so a changed grant, a disabled platform or a removed member
 * applies at once.
 */
export async function authorisedRouteNames(
  db: Db,
  s: { userId: number; isAdmin: boolean; platformId: number | null },
): Promise<Set<string>> {
  if (s.isAdmin) return flattenRouteNames(toTree(await cmsMenuRows(db)));
  const platforms = await userPlatforms(db, s.userId);
  const platformId = s.platformId ?? (platforms.length === 1 ? platforms[0]!.id : null);
  if (platformId === null || !platforms.some((p) => p.id === platformId)) return new Set();
  return flattenRouteNames(toTree(await webMenuRows(db, s.userId, [platformId])));
}
