import type { Db } from '@/server/db/dialect';
import type { AuthContext } from '@/server/identity/sessions';
import { audit } from '@/server/identity/audit';
import { platformMenusFor, userPlatforms } from '@/server/identity/menus';
import { badInput, notFound, noPermission } from '@/server/errors';
import type { MenuNode } from '@/shared/menus';
import type { ModuleCatalog } from '@/shared/module';
import { isPhoneTarget, phoneLink } from '@/shared/approval-links';
import {
  cleanTitle,
  DEFAULT_GROUP_TITLE,
  iconForMenu,
  MOBILE_LAYOUT_LIMITS,
  PHONE_PAGES,
  TILE_URL_PATTERN,
  titleProblem,
  type GroupView,
  type LayoutGroup,
  type LayoutTile,
  type MenuEntry,
  type MobileLayout,
  type SaveMobileLayoutBody,
} from '../contract';
import * as repo from './repository';

type MenuRowLite = Awaited<ReturnType<typeof repo.platformMenuRows>>[number];

/** The leaves (nodes with a path and no children) of a menu tree, depth first in menu order. */
function leavesOfTree(nodes: readonly MenuNode[], into: MenuEntry[] = []): MenuEntry[] {
  for (const n of nodes) {
    if (n.children.length) leavesOfTree(n.children, into);
    else if (n.path) into.push({ name: n.name, title: n.title || n.name, path: n.path, icon: iconForMenu(n.icon) });
  }
  return into;
}

/** The same leaves from a platform's raw menu rows (the whole menu, whoever may see it). */
function leavesOfRows(rows: MenuRowLite[]): MenuEntry[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, MenuRowLite[]>();
  for (const r of rows) {
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
        relationRoutes: [],
        children: build(r.id),
      }));
  return leavesOfTree(build(null));
}

const clip = (title: string, fallback: string) =>
  Array.from(cleanTitle(title)).slice(0, MOBILE_LAYOUT_LIMITS.title).join('') || fallback;

/** The default layout: the menu's leaves in menu order, in one group (more only past 24 tiles). */
export function defaultLayout(entries: readonly MenuEntry[]): LayoutGroup[] {
  const groups: LayoutGroup[] = [];
  for (let i = 0; i < entries.length; i += MOBILE_LAYOUT_LIMITS.tilesPerGroup) {
    groups.push({
      title: i === 0 ? DEFAULT_GROUP_TITLE : `${DEFAULT_GROUP_TITLE} ${groups.length + 1}`,
      tiles: entries
        .slice(i, i + MOBILE_LAYOUT_LIMITS.tilesPerGroup)
        .map((e) => ({ kind: 'menu', name: e.name, url: '', title: clip(e.title, '应用'), icon: e.icon, badge: '' })),
    });
  }
  return groups.slice(0, MOBILE_LAYOUT_LIMITS.groups);
}

/**
 * The layout as this caller sees it: a tile goes to its page's phone page (PHONE_PAGES, phoneLink),
 * menu tiles the caller's menu lacks are dropped. For users (`forPhone`) so are tiles that would
 * leave the phone for a desktop page (no phone page yet) and groups left empty; the back office
 * keeps them, so an administrator still sees and can fill them.
 */
function viewOf(groups: LayoutGroup[], entries: readonly MenuEntry[], forPhone: boolean): GroupView[] {
  const byName = new Map(entries.map((e) => [e.name, e]));
  return groups
    .map((g) => ({
      title: g.title,
      tiles: g.tiles.flatMap((t) => {
        let to: string;
        if (t.kind === 'link') to = phoneLink(t.url);
        else {
          const e = byName.get(t.name);
          if (!e) return [];
          to = PHONE_PAGES[e.name] ?? phoneLink(e.path);
        }
        return !forPhone || isPhoneTarget(to) ? [{ ...t, to }] : [];
      }),
    }))
    .filter((g) => !forPhone || g.tiles.length > 0);
}

/** Menu entries the caller may open on the platform: an administrator the whole menu; a user their grants, on a platform of theirs. */
async function entriesFor(db: Db, auth: AuthContext, platformId: number): Promise<MenuEntry[]> {
  if (auth.isAdmin) {
    if (!(await repo.platformExists(db, platformId))) throw notFound('平台不存在');
    return leavesOfRows(await repo.platformMenuRows(db, platformId));
  }
  const p = (await userPlatforms(db, auth.userId)).find((x) => x.id === platformId);
  // Not the caller's platform (or no such platform): the same answer, so ids reveal nothing.
  if (!p) throw noPermission('您不属于该平台');
  return leavesOfTree((await platformMenusFor(db, auth.userId, p)).web);
}

/** Names of the routes the default phone home leaves out (`deskOnly` in their module.ts). */
export function deskOnlyRoutes(catalog: ModuleCatalog): ReadonlySet<string> {
  return new Set(catalog.routes.filter((r) => r.deskOnly).map((r) => r.name));
}

/**
 * GET get/: the saved layout, or the default (without desk-only pages), as the caller may open it.
 * An administrator's saved layout may still place a desk-only page: that is their choice.
 */
export async function mobileLayoutFor(
  db: Db,
  auth: AuthContext,
  platformId: number,
  deskOnly: ReadonlySet<string> = new Set(),
): Promise<MobileLayout> {
  const entries = await entriesFor(db, auth, platformId);
  const saved = await repo.readLayout(db, platformId);
  // A user's default is built from the whole menu and then filtered, like a saved one.
  const all = auth.isAdmin ? entries : leavesOfRows(await repo.platformMenuRows(db, platformId));
  const groups = saved ?? defaultLayout(all.filter((e) => !deskOnly.has(e.name)));
  return { platformId, own: !!saved, groups: viewOf(groups, entries, !auth.isAdmin), entries };
}

/** Beyond the schema: titles, menu entries of this platform, links that lead somewhere allowed. */
export function checkLayout(groups: LayoutGroup[], menuNames: ReadonlySet<string>): LayoutGroup[] {
  return groups.map((g, i) => {
    const at = `groups.${i}`;
    const gp = titleProblem(g.title);
    if (gp) throw badInput(`第 ${i + 1} 个分组：${gp}`, { field: `${at}.title` });
    const seen = new Set<string>();
    const tiles = g.tiles.map((t, j): LayoutTile => {
      const tat = `${at}.tiles.${j}`;
      const where = `分组「${cleanTitle(g.title)}」第 ${j + 1} 个应用`;
      const tp = titleProblem(t.title);
      if (tp) throw badInput(`${where}：${tp}`, { field: `${tat}.title` });
      const base = { kind: t.kind, title: cleanTitle(t.title), icon: t.icon, badge: t.badge };
      if (t.kind === 'menu') {
        if (!menuNames.has(t.name))
          throw badInput(`${where}：「${t.name}」不是该平台菜单中的页面`, { field: `${tat}.name` });
        if (seen.has(t.name)) throw badInput(`${where}：同一分组中已有该页面`, { field: `${tat}.name` });
        seen.add(t.name);
        return { ...base, name: t.name, url: '' };
      }
      const url = t.url.trim();
      if (!TILE_URL_PATTERN.test(url))
        throw badInput(`${where}：链接须以 http://、https:// 或 / 开头`, { field: `${tat}.url` });
      return { ...base, name: '', url };
    });
    return { title: cleanTitle(g.title), tiles };
  });
}

const summary = (groups: LayoutGroup[]) => groups.map((g) => `${g.title}(${g.tiles.length})`).join(',');

export async function saveMobileLayout(
  db: Db,
  auth: AuthContext,
  body: SaveMobileLayoutBody,
  ip: string,
): Promise<MobileLayout> {
  if (!(await repo.platformExists(db, body.platformId))) throw notFound('平台不存在');
  const entries = leavesOfRows(await repo.platformMenuRows(db, body.platformId));
  const groups = checkLayout(body.groups, new Set(entries.map((e) => e.name)));
  await db.transaction().execute(async (trx) => {
    await repo.writeLayout(trx, body.platformId, groups, auth.userId);
    await audit(trx, {
      action: 'mobile_layout_saved',
      result: 'ok',
      actorId: auth.userId,
      actorName: auth.username,
      target: `mobileLayout:${body.platformId}`,
      detail: summary(groups),
      ip,
    });
  });
  return { platformId: body.platformId, own: true, groups: viewOf(groups, entries, false), entries };
}

export async function resetMobileLayout(
  db: Db,
  auth: AuthContext,
  platformId: number,
  ip: string,
  deskOnly: ReadonlySet<string> = new Set(),
): Promise<MobileLayout> {
  if (!(await repo.platformExists(db, platformId))) throw notFound('平台不存在');
  await db.transaction().execute(async (trx) => {
    await repo.deleteLayout(trx, platformId);
    await audit(trx, {
      action: 'mobile_layout_reset',
      result: 'ok',
      actorId: auth.userId,
      actorName: auth.username,
      target: `mobileLayout:${platformId}`,
      ip,
    });
  });
  return mobileLayoutFor(db, auth, platformId, deskOnly);
}
