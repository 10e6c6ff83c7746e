import type { FastifyInstance } from 'fastify';
import { pinyin } from 'pinyin-pro';
import { Codes } from '@/shared/errors';
import { AppError, notFound } from '@/server/errors';
import type { AuthContext } from '@/server/identity/sessions';
import { userPlatforms } from '@/server/identity/menus';
import { getSetting } from '@/server/identity/settings';
import {
  urlProblem,
  type AdminAppQuery,
  type AdminAppView,
  type AppKind,
  type AppListQuery,
  type AppSaveBody,
  type AppView,
  type CategorySaveBody,
  type Device,
  type NavSection,
  type PortalOptions,
  type ServerApp,
} from '../contract';
import * as repo from './repository';

/** The caller's roles and platforms: an explicit platform choice narrows to it, else every platform of theirs. */
export async function viewerOf(
  app: FastifyInstance,
  auth: AuthContext,
  device: 'desktop' | 'phone',
): Promise<repo.Viewer> {
  const [roleIds, platforms] = await Promise.all([
    repo.roleIdsOf(app.db, auth.userId),
    userPlatforms(app.db, auth.userId),
  ]);
  const mine = platforms.map((p) => p.id);
  const platformIds = auth.platformId !== null && mine.includes(auth.platformId) ? [auth.platformId] : mine;
  return { userId: auth.userId, roleIds, platformIds, device };
}

interface SsoSetting {
  kind?: string;
  cas?: { serverUrl?: string };
}

/**
 * Where an app opens. An external app marked for single sign-on goes through the school's CAS
 * login (the CAS server signs the person straight into it); with OIDC the external system starts
 * its own sign-in against the same provider, so its address is used as is.
 */
export async function linkResolver(app: FastifyInstance) {
  const sso = (await getSetting<SsoSetting>(app.db, 'sso')) ?? {};
  const cas = sso.kind === 'cas' && sso.cas?.serverUrl ? sso.cas.serverUrl.replace(/\/+$/, '') : null;
  return (r: { kind: string; url: string; sso: number }) =>
    r.kind === 'external' && r.sso && cas ? `${cas}/login?service=${encodeURIComponent(r.url)}` : r.url;
}

const toView = (r: repo.UserAppRow, link: (r: repo.UserAppRow) => string): AppView => ({
  id: r.id,
  categoryId: r.categoryId,
  categoryName: r.categoryName,
  name: r.name,
  description: r.description,
  color: r.color,
  kind: r.kind as AppKind,
  url: link(r),
  sso: !!r.sso,
  rating: r.ratingCount ? Math.round((r.ratingSum / r.ratingCount) * 10) / 10 : 0,
  ratingCount: r.ratingCount,
  useCount: r.useCount,
  favorite: r.favoriteAt !== null,
  myScore: r.myScore ?? null,
});

export async function listApps(app: FastifyInstance, auth: AuthContext, q: AppListQuery) {
  const v = await viewerOf(app, auth, q.device);
  const [r, link] = await Promise.all([repo.listPage(app.db, v, q), linkResolver(app)]);
  return { list: r.list.map((x) => toView(x, link)), total: r.total, page: q.page, pageSize: q.pageSize };
}

export async function categories(app: FastifyInstance, auth: AuthContext, device: 'desktop' | 'phone') {
  return repo.visibleCategories(app.db, await viewerOf(app, auth, device));
}

/** get_server_app: every app the user may open. */
export async function serverApps(
  app: FastifyInstance,
  auth: AuthContext,
  device: 'desktop' | 'phone',
): Promise<ServerApp[]> {
  const v = await viewerOf(app, auth, device);
  const [rows, link] = await Promise.all([repo.allVisible(app.db, v), linkResolver(app)]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: link(r),
    kind: r.kind as AppKind,
    color: r.color,
    category: r.categoryName,
  }));
}

/** The navigation portal: one section per category, the apps pinned to it, in the back office's order. */
export async function navSections(
  app: FastifyInstance,
  auth: AuthContext,
  device: 'desktop' | 'phone',
): Promise<NavSection[]> {
  const v = await viewerOf(app, auth, device);
  const [rows, link] = await Promise.all([repo.allVisible(app.db, v, true), linkResolver(app)]);
  const out: NavSection[] = [];
  for (const r of rows) {
    let s = out[out.length - 1];
    if (!s || s.id !== r.categoryId) out.push((s = { id: r.categoryId, name: r.categoryName, apps: [] }));
    s.apps.push(toView(r, link));
  }
  return out;
}

/** The app, when the caller may open it; "not found" otherwise (an id tells nothing about hidden apps). */
async function mustSee(app: FastifyInstance, v: repo.Viewer, appId: number) {
  const row = await repo.visibleApp(app.db, v, appId);
  if (!row) throw new AppError(Codes.appCenterNotVisible, 404, '应用不存在或您无权使用');
  return row;
}

export async function favorite(app: FastifyInstance, auth: AuthContext, appId: number, on: boolean) {
  const v = await viewerOf(app, auth, 'desktop');
  // A favourite of an app offered only on the phone is still the person's choice: check both devices.
  if (!(await repo.visibleApp(app.db, v, appId)) && !(await repo.visibleApp(app.db, { ...v, device: 'phone' }, appId)))
    throw new AppError(Codes.appCenterNotVisible, 404, '应用不存在或您无权使用');
  await repo.setFavorite(app.db, auth.userId, appId, on, Date.now());
}

export async function rate(app: FastifyInstance, auth: AuthContext, appId: number, score: number) {
  const v = await viewerOf(app, auth, 'desktop');
  if (!(await repo.visibleApp(app.db, v, appId)) && !(await repo.visibleApp(app.db, { ...v, device: 'phone' }, appId)))
    throw new AppError(Codes.appCenterNotVisible, 404, '应用不存在或您无权使用');
  await app.db.transaction().execute((trx) => repo.rate(trx, auth.userId, appId, score, Date.now()));
}

/** Opening an app: it joins the recently used list; answers where to go. */
export async function open(app: FastifyInstance, auth: AuthContext, appId: number, device: 'desktop' | 'phone') {
  const row = await mustSee(app, await viewerOf(app, auth, device), appId);
  await app.db.transaction().execute((trx) => repo.recordUse(trx, auth.userId, appId, Date.now()));
  return { url: (await linkResolver(app))(row), kind: row.kind as AppKind };
}

// ---------- back office ----------

/** Lower-case name and description with the name's full pinyin and initials: what search matches. */
export function searchTextOf(name: string, description: string): string {
  const full = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('');
  const initials = pinyin(name, { toneType: 'none', pattern: 'first', type: 'array', nonZh: 'consecutive' }).join('');
  return [name, description, full, initials].join(' ').toLowerCase();
}

export async function portalOptions(app: FastifyInstance): Promise<PortalOptions> {
  const [roles, platforms, cats, sso] = await Promise.all([
    repo.allRoles(app.db),
    repo.allPlatforms(app.db),
    repo.categoriesWithCounts(app.db),
    getSetting<SsoSetting>(app.db, 'sso'),
  ]);
  return { roles, platforms, categories: cats, ssoKind: sso?.kind ?? 'none' };
}

export async function adminApps(app: FastifyInstance, q: AdminAppQuery) {
  const r = await repo.adminPage(app.db, q);
  return {
    total: r.total,
    page: q.page,
    pageSize: q.pageSize,
    list: r.list.map(
      (a): AdminAppView => ({
        ...a,
        kind: a.kind as AppKind,
        devices: a.devices as Device,
        sso: !!a.sso,
        enabled: !!a.enabled,
        navPinned: !!a.navPinned,
        rating: a.ratingCount ? Math.round((a.ratingSum / a.ratingCount) * 10) / 10 : 0,
      }),
    ),
  };
}

export async function saveApp(app: FastifyInstance, b: AppSaveBody, now = Date.now()) {
  const name = b.name.trim();
  if (!name) throw new AppError(Codes.inputError, 400, '请填写应用名称（name）');
  const url = b.url.trim();
  const problem = urlProblem(b.kind, url);
  if (problem) throw new AppError(Codes.appCenterBadUrl, 400, problem);
  const description = b.description.trim();
  const v: repo.AppValues = {
    categoryId: b.categoryId,
    name,
    description,
    color: b.color,
    kind: b.kind,
    url,
    sso: b.kind === 'external' && b.sso ? 1 : 0,
    devices: b.devices,
    enabled: b.enabled ? 1 : 0,
    navPinned: b.navPinned ? 1 : 0,
    sort: b.sort,
    searchText: searchTextOf(name, description),
  };
  return app.db.transaction().execute(async (trx) => {
    if (!(await repo.getCategory(trx, b.categoryId)))
      throw new AppError(Codes.inputError, 400, '分类不存在（categoryId）');
    if ((await repo.countExisting(trx, 'role', b.roleIds)) !== b.roleIds.length)
      throw new AppError(Codes.inputError, 400, '可见角色不存在（roleIds）');
    if ((await repo.countExisting(trx, 'platform', b.platformIds)) !== b.platformIds.length)
      throw new AppError(Codes.inputError, 400, '可见平台不存在（platformIds）');
    let id = b.id;
    if (id) {
      if (!(await repo.updateApp(trx, id, v, now))) throw notFound('应用不存在');
    } else id = await repo.insertApp(trx, v, now);
    await repo.setVisibility(trx, id, b.roleIds, b.platformIds);
    return id;
  });
}

export async function deleteApp(app: FastifyInstance, id: number) {
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteApp(trx, id))) throw notFound('应用不存在');
  });
}

export async function saveCategory(app: FastifyInstance, b: CategorySaveBody) {
  const name = b.name.trim();
  if (!name) throw new AppError(Codes.inputError, 400, '请填写分类名称（name）');
  if (b.id) {
    if (!(await repo.updateCategory(app.db, b.id, name, b.sort))) throw notFound('分类不存在');
    return b.id;
  }
  return repo.insertCategory(app.db, name, b.sort, Date.now());
}

export async function deleteCategory(app: FastifyInstance, id: number) {
  await app.db.transaction().execute(async (trx) => {
    if (await repo.appsInCategory(trx, id))
      throw new AppError(Codes.appCenterCategoryNotEmpty, 409, '该分类下还有应用，请先移走或删除');
    if (!(await repo.deleteCategory(trx, id))) throw notFound('分类不存在');
  });
}
