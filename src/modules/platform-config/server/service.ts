import type { Db } from '@/server/db/dialect';
import type { AuthContext } from '@/server/identity/sessions';
import { audit } from '@/server/identity/audit';
import { badInput, conflict, notFound } from '@/server/errors';
import type { Page } from '@/shared/envelope';
import type { ModuleCatalog } from '@/shared/module';
import type {
  AssignUsersBody,
  MenuScope,
  MenuTreeNode,
  PlatformCreateBody,
  PlatformMember,
  PlatformStatusBody,
  PlatformSummary,
  PlatformUpdateBody,
  PlatformUsersQuery,
  RouteOption,
  SaveGrantsBody,
  SaveTreeBody,
  SetRolesBody,
} from '../contract';
import { addMissingRoutes, treeOf, writeTree } from './menu-tree';
import * as repo from './repository';

/** Who made a change and from where: every change writes one audit row with it. */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

const record = (db: repo.Q, a: Actor, action: string, target: string, detail?: string) =>
  audit(db, {
    action,
    result: 'ok',
    actorId: a.auth.userId,
    actorName: a.auth.username,
    target,
    detail: detail ?? null,
    ip: a.ip,
  });

/** Pages a platform may open on entry: the paths of the app's web and visitor routes (no parameters). */
export const indexPages = (catalog: ModuleCatalog) =>
  catalog.routes.filter((r) => (r.area === 'web' || r.area === 'visitor') && !r.path.includes(':'));

// Same-origin paths ("/images/x.svg", "/resource/api/v1.file/<id>") or http(s) addresses.
const ICON_URL = /^(\/(?!\/)\S*|https?:\/\/\S+)$/;

async function checkPlatform(
  db: repo.Q,
  body: PlatformCreateBody,
  exceptId: number | null,
  catalog: ModuleCatalog,
): Promise<repo.PlatformValues> {
  const name = body.name.trim();
  if (!name) throw badInput('请输入平台名称', { field: 'name' });
  if (await repo.platformNameTaken(db, name, exceptId)) throw badInput('平台名称已存在', { field: 'name' });
  const icon = body.icon.trim();
  if (icon && !ICON_URL.test(icon)) throw badInput('图标必须是图片地址或上传的图片', { field: 'icon' });
  if (!indexPages(catalog).some((r) => r.path === body.indexUrl))
    throw badInput('首页地址必须是系统中存在的页面', { field: 'indexUrl' });
  return { name, icon, indexUrl: body.indexUrl, kind: body.kind, sort: body.sort };
}

async function summaryOf(db: repo.Q, id: number): Promise<PlatformSummary> {
  return (await repo.listPlatforms(db)).find((p) => p.id === id)!;
}

async function platformOrFail(db: repo.Q, id: number) {
  const p = await repo.findPlatform(db, id);
  if (!p) throw notFound('平台不存在');
  return p;
}

export async function createPlatform(
  db: Db,
  a: Actor,
  body: PlatformCreateBody,
  catalog: ModuleCatalog,
): Promise<PlatformSummary> {
  return db.transaction().execute(async (trx) => {
    const v = await checkPlatform(trx, body, null, catalog);
    const id = await repo.insertPlatform(trx, v, Date.now());
    await record(trx, a, 'platform_created', `platform:${id} ${v.name}`, JSON.stringify(v));
    return summaryOf(trx, id);
  });
}

export async function updatePlatform(
  db: Db,
  a: Actor,
  body: PlatformUpdateBody,
  catalog: ModuleCatalog,
): Promise<PlatformSummary> {
  return db.transaction().execute(async (trx) => {
    await platformOrFail(trx, body.id);
    const v = await checkPlatform(trx, body, body.id, catalog);
    await repo.updatePlatform(trx, body.id, v);
    await record(trx, a, 'platform_updated', `platform:${body.id} ${v.name}`, JSON.stringify(v));
    return summaryOf(trx, body.id);
  });
}

/**
 * Enables or disables a platform. Disabled, it leaves every user's login menus and platform
 * choice at once (both list active platforms only), and sessions working in it lose it, so
 * its menu stops granting anything on the next request.
 */
export async function setStatus(db: Db, a: Actor, body: PlatformStatusBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const p = await platformOrFail(trx, body.id);
    await repo.setPlatformStatus(trx, body.id, body.status);
    await record(
      trx,
      a,
      body.status === 'disabled' ? 'platform_disabled' : 'platform_enabled',
      `platform:${p.id} ${p.name}`,
    );
  });
}

/** Deletes a platform that is disabled and has no members or roles (its menus and grants go with it). */
export async function deletePlatform(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const p = await platformOrFail(trx, id);
    if (p.status !== 'disabled') throw conflict('请先停用该平台再删除');
    const n = await repo.assignmentCounts(trx, id);
    if (n.users || n.roles) throw conflict(`该平台仍分配给 ${n.users} 个用户、${n.roles} 个角色，请先移除后再删除`);
    await repo.deletePlatform(trx, id);
    await record(trx, a, 'platform_deleted', `platform:${id} ${p.name}`);
  });
}

export async function members(db: Db, q: PlatformUsersQuery): Promise<Page<PlatformMember>> {
  await platformOrFail(db, q.platformId);
  return repo.platformMembers(db, q);
}

/** Adds (skipping present ones) or removes direct members; every id must be an ordinary user. */
export async function assignUsers(db: Db, a: Actor, body: AssignUsersBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const p = await platformOrFail(trx, body.platformId);
    const ids = [...new Set(body.userIds)];
    if (body.action === 'add') {
      const known = await repo.existingUserIds(trx, ids);
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw badInput(`用户不存在或是管理员：${unknown.join('、')}`, { field: 'userIds' });
      const present = await repo.memberIds(trx, p.id, ids);
      await repo.addMembers(
        trx,
        p.id,
        ids.filter((id) => !present.has(id)),
      );
    } else {
      await repo.removeMembers(trx, p.id, ids);
    }
    await record(
      trx,
      a,
      body.action === 'add' ? 'platform_users_added' : 'platform_users_removed',
      `platform:${p.id} ${p.name}`,
      ids.join(','),
    );
  });
}

export async function roles(db: Db, platformId: number): Promise<number[]> {
  await platformOrFail(db, platformId);
  return repo.platformRoleIds(db, platformId);
}

export async function setRoles(db: Db, a: Actor, body: SetRolesBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const p = await platformOrFail(trx, body.platformId);
    const ids = [...new Set(body.roleIds)];
    const known = await repo.existingRoleIds(trx, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw badInput(`角色不存在：${unknown.join('、')}`, { field: 'roleIds' });
    await repo.replacePlatformRoles(trx, p.id, ids);
    await record(trx, a, 'platform_roles_set', `platform:${p.id} ${p.name}`, ids.join(','));
  });
}

// ---- menu trees ----

/** The app's routes as the editors offer them. */
export function routeOptions(catalog: ModuleCatalog): RouteOption[] {
  const indexNames = new Set(indexPages(catalog).map((r) => r.name));
  return catalog.routes.map((r) => ({
    name: r.name,
    path: r.path,
    title: r.title,
    area: r.area,
    icon: r.icon ?? null,
    menu: !!r.menu,
    relationRoutes: [...(r.relationRoutes ?? [])],
    indexPage: indexNames.has(r.name),
  }));
}

/** Which tree a request names: a platform's web menu (platformId required) or the cms menu. */
async function treeKey(db: repo.Q, scope: MenuScope, platformId: number | undefined): Promise<number | null> {
  if (scope === 'cms') return null;
  if (!platformId) throw badInput('请选择平台', { field: 'platformId' });
  return (await platformOrFail(db, platformId)).id;
}

export async function tree(db: Db, scope: MenuScope, platformId: number | undefined): Promise<MenuTreeNode[]> {
  return treeOf(await repo.treeRows(db, scope, await treeKey(db, scope, platformId)));
}

export async function saveTree(db: Db, a: Actor, body: SaveTreeBody, catalog: ModuleCatalog): Promise<MenuTreeNode[]> {
  return db.transaction().execute(async (trx) => {
    const key = await treeKey(trx, body.scope, body.platformId);
    await repo.lockMenus(trx);
    const saved = await writeTree(trx, body.scope, key, body.nodes, catalog);
    await record(
      trx,
      a,
      'menu_tree_saved',
      `menu:${body.scope}${key === null ? '' : `:${key}`}`,
      `${countNodes(saved)} nodes`,
    );
    return saved;
  });
}

export async function syncRoutes(
  db: Db,
  a: Actor,
  scope: MenuScope,
  platformId: number | undefined,
  catalog: ModuleCatalog,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const key = await treeKey(trx, scope, platformId);
    await repo.lockMenus(trx);
    const added = await addMissingRoutes(trx, scope, key, catalog);
    await record(trx, a, 'menu_synced', `menu:${scope}${key === null ? '' : `:${key}`}`, added.join(','));
    return added;
  });
}

const countNodes = (nodes: MenuTreeNode[]): number => nodes.reduce((n, x) => n + 1 + countNodes(x.children), 0);

// ---- grants ----

async function roleOrFail(db: repo.Q, id: number) {
  const r = await repo.findRole(db, id);
  if (!r) throw notFound('角色不存在');
  return r;
}

export async function roleMenus(db: Db, platformId: number, roleId: number): Promise<number[]> {
  await platformOrFail(db, platformId);
  await roleOrFail(db, roleId);
  return repo.grantedMenuIds(db, platformId, roleId);
}

/**
 * Replaces a role's grants on one platform. The access check reads grants per request, so
 * the server applies them at once; users' menus follow at their next login or platform switch.
 */
export async function saveGrants(db: Db, a: Actor, body: SaveGrantsBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const p = await platformOrFail(trx, body.platformId);
    const r = await roleOrFail(trx, body.roleId);
    const ids = [...new Set(body.menuIds)];
    const own = new Set((await repo.treeRows(trx, 'web', p.id)).map((m) => m.id));
    if (ids.some((id) => !own.has(id))) throw badInput('所选菜单不属于该平台', { field: 'menuIds' });
    await repo.replaceGrants(trx, p.id, r.id, ids);
    await record(trx, a, 'permission_saved', `platform:${p.id} role:${r.id} ${r.name}`, ids.join(','));
  });
}
