import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '@/shared/envelope';
import { badInput } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { saveUpload } from '@/server/uploads/store';
import { IMAGE_KINDS } from '@/server/uploads/sniff';
import {
  AssignUsersBody,
  MenuTreeQuery,
  PlatformCreateBody,
  PlatformIdBody,
  PlatformIdQuery,
  PlatformStatusBody,
  PlatformUpdateBody,
  PlatformUsersQuery,
  RoleMenusQuery,
  SaveGrantsBody,
  SaveTreeBody,
  SetRolesBody,
  SyncRoutesBody,
  type MenuTreeNode,
} from '../contract';
import { listPlatforms } from './repository';
import * as svc from './service';

export const PLATFORM_ICON_MAX_BYTES = 1024 * 1024;

const actor = (req: FastifyRequest): svc.Actor => ({ auth: req.auth!, ip: req.ip });
const admin = { access: 'admin' } as const;

/** Platforms, their members and roles, menu trees and role grants: administrators only. */
export const platformConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const P = '/user/api/v1.platform';
  app.get(`${P}/list/`, { config: admin }, async () => ok(await listPlatforms(app.db)));
  app.post(`${P}/create/`, { schema: { body: PlatformCreateBody }, config: admin }, async (req) =>
    ok(await svc.createPlatform(app.db, actor(req), req.body, app.modules), '保存成功'),
  );
  app.post(`${P}/update/`, { schema: { body: PlatformUpdateBody }, config: admin }, async (req) =>
    ok(await svc.updatePlatform(app.db, actor(req), req.body, app.modules), '保存成功'),
  );
  app.post(`${P}/set_status/`, { schema: { body: PlatformStatusBody }, config: admin }, async (req) =>
    ok(await svc.setStatus(app.db, actor(req), req.body), req.body.status === 'active' ? '已启用' : '已停用'),
  );
  app.post(`${P}/delete/`, { schema: { body: PlatformIdBody }, config: admin }, async (req) =>
    ok(await svc.deletePlatform(app.db, actor(req), req.body.id), '删除成功'),
  );

  // Platform icons show on the platform chooser, so they are stored public.
  app.post(`${P}/icon/`, { config: admin }, async (req) => {
    const file = req.isMultipart() ? await req.file() : undefined;
    if (!file) throw badInput('请选择要上传的图片', { field: 'file' });
    const saved = await saveUpload(app, file, {
      purpose: 'platform-icon',
      accept: IMAGE_KINDS,
      maxBytes: PLATFORM_ICON_MAX_BYTES,
      isPublic: true,
      ownerId: req.auth!.userId,
    });
    await audit(app.db, {
      action: 'platform_icon_uploaded',
      result: 'ok',
      actorId: req.auth!.userId,
      actorName: req.auth!.username,
      target: saved.id,
      detail: `${saved.name} ${saved.size}`,
      ip: req.ip,
    });
    return ok({ url: saved.url }, '上传成功');
  });

  app.get(`${P}/users/`, { schema: { querystring: PlatformUsersQuery }, config: admin }, async (req) =>
    ok(await svc.members(app.db, req.query)),
  );
  app.post(`${P}/assign_users/`, { schema: { body: AssignUsersBody }, config: admin }, async (req) =>
    ok(await svc.assignUsers(app.db, actor(req), req.body), '保存成功'),
  );
  app.get(`${P}/roles/`, { schema: { querystring: PlatformIdQuery }, config: admin }, async (req) =>
    ok(await svc.roles(app.db, req.query.platformId)),
  );
  app.post(`${P}/set_roles/`, { schema: { body: SetRolesBody }, config: admin }, async (req) =>
    ok(await svc.setRoles(app.db, actor(req), req.body), '保存成功'),
  );

  const M = '/user/api/v1.menu';
  app.get(`${M}/tree/`, { schema: { querystring: MenuTreeQuery }, config: admin }, async (req) =>
    ok(await svc.tree(app.db, req.query.scope, req.query.platformId)),
  );
  app.get(`${M}/routes/`, { config: admin }, async () => ok(svc.routeOptions(app.modules)));
  app.post(`${M}/save_tree/`, { schema: { body: SaveTreeBody }, config: admin }, async (req) =>
    ok(
      await svc.saveTree(app.db, actor(req), req.body as typeof req.body & { nodes: MenuTreeNode[] }, app.modules),
      '保存成功',
    ),
  );
  app.post(`${M}/sync_routes/`, { schema: { body: SyncRoutesBody }, config: admin }, async (req) =>
    ok(
      { added: await svc.syncRoutes(app.db, actor(req), req.body.scope, req.body.platformId, app.modules) },
      '同步完成',
    ),
  );

  const G = '/user/api/v1.permission';
  app.get(`${G}/role_menus/`, { schema: { querystring: RoleMenusQuery }, config: admin }, async (req) =>
    ok(await svc.roleMenus(app.db, req.query.platformId, req.query.roleId)),
  );
  app.post(`${G}/save/`, { schema: { body: SaveGrantsBody }, config: admin }, async (req) =>
    ok(await svc.saveGrants(app.db, actor(req), req.body), '保存成功'),
  );
};
