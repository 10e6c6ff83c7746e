import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '@/shared/envelope';
import {
  DIRECTORY_ADMIN_ROUTES,
  DirectoryPickBody,
  DepartmentCreateBody,
  DepartmentMoveBody,
  DepartmentUpdateBody,
  IdBody,
  MoveUsersBody,
  RoleCreateBody,
  RoleGroupBody,
  RoleGroupCreateBody,
  RoleGroupUpdateBody,
  RoleUpdateBody,
  RoleUsersBody,
  TreeNodeBody,
  UserListBody,
} from '../contract';
import { userPage } from './repository';
import { pickFromDirectory } from './pick-service';
import * as svc from './service';

const actor = (req: FastifyRequest): svc.Actor => ({ auth: req.auth!, ip: req.ip });
const session = { access: 'session' as const };
const admin = { access: 'admin' as const };

export const organizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A POST without a body (an empty form) validates as an empty object.
  app.addHook('preValidation', async (req) => {
    if (req.method === 'POST' && (req.body === undefined || req.body === null || req.body === '')) req.body = {};
  });

  // ---- reads: any signed-in caller (other modules' department and role pickers) ----
  app.post('/user/api/v1.department/get_tree_node/', { schema: { body: TreeNodeBody }, config: session }, async (req) =>
    ok(await svc.treeNodeChildren(app.db, req.body.parentId ?? null)),
  );

  app.post('/user/api/v1.department/getTreeNode/', { config: session }, async () =>
    ok(await svc.departmentTree(app.db)),
  );

  app.post('/user/api/v1.department/getDepartment/', { schema: { body: IdBody }, config: session }, async (req) =>
    ok(await svc.departmentDetail(app.db, req.body.id)),
  );

  app.post('/user/api/v1.role/getRoleGroup/', { schema: { body: RoleGroupBody }, config: session }, async (req) =>
    ok(await svc.roleList(app.db, req.body.groupId)),
  );

  app.post('/user/api/v1.role/getAllRoleGroup/', { config: session }, async () =>
    ok(await svc.roleGroupsWithRoles(app.db)),
  );

  // ---- the directory: the back office lists it; everyone else picks from what a context allows ----
  // Counted per account (a campus NAT shares one address), so one user cannot walk the directory fast.
  const directoryLimit = {
    max: app.config.rateLimits.directory,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => (req.auth ? `user:${req.auth.userId}` : `ip:${req.ip}`),
  };

  app.post(
    '/user/api/v1.user/getUserList/',
    {
      schema: { body: UserListBody },
      config: { access: { any: [...DIRECTORY_ADMIN_ROUTES] }, rateLimit: directoryLimit },
    },
    async (req) => ok(await userPage(app.db, req.body)),
  );

  app.post(
    '/user/api/v1.directory/pick/',
    { schema: { body: DirectoryPickBody }, config: { access: 'session', rateLimit: directoryLimit } },
    async (req) => ok(await pickFromDirectory(app.db, req.auth!, req.body)),
  );

  // ---- department writes: administrators ----
  app.post('/user/api/v1.department/create/', { schema: { body: DepartmentCreateBody }, config: admin }, async (req) =>
    ok(await svc.createDepartment(app.db, actor(req), req.body), '部门已创建'),
  );

  app.post('/user/api/v1.department/update/', { schema: { body: DepartmentUpdateBody }, config: admin }, async (req) =>
    ok(await svc.updateDepartment(app.db, actor(req), req.body).then(() => null), '部门已保存'),
  );

  app.post('/user/api/v1.department/delete/', { schema: { body: IdBody }, config: admin }, async (req) =>
    ok(await svc.deleteDepartment(app.db, actor(req), req.body.id).then(() => null), '部门已删除'),
  );

  app.post('/user/api/v1.department/move/', { schema: { body: DepartmentMoveBody }, config: admin }, async (req) =>
    ok(await svc.moveDepartment(app.db, actor(req), req.body).then(() => null), '部门已移动'),
  );

  app.post('/user/api/v1.department/moveUsers/', { schema: { body: MoveUsersBody }, config: admin }, async (req) =>
    ok(await svc.moveUsers(app.db, actor(req), req.body), '人员已调整部门'),
  );

  // ---- role groups and roles: administrators ----
  app.post('/user/api/v1.roleGroup/create/', { schema: { body: RoleGroupCreateBody }, config: admin }, async (req) =>
    ok(await svc.createRoleGroup(app.db, actor(req), req.body), '角色组已创建'),
  );

  app.post('/user/api/v1.roleGroup/update/', { schema: { body: RoleGroupUpdateBody }, config: admin }, async (req) =>
    ok(await svc.updateRoleGroup(app.db, actor(req), req.body).then(() => null), '角色组已保存'),
  );

  app.post('/user/api/v1.roleGroup/delete/', { schema: { body: IdBody }, config: admin }, async (req) =>
    ok(await svc.deleteRoleGroup(app.db, actor(req), req.body.id).then(() => null), '角色组已删除'),
  );

  app.post('/user/api/v1.role/create/', { schema: { body: RoleCreateBody }, config: admin }, async (req) =>
    ok(await svc.createRole(app.db, actor(req), req.body), '角色已创建'),
  );

  app.post('/user/api/v1.role/update/', { schema: { body: RoleUpdateBody }, config: admin }, async (req) =>
    ok(await svc.updateRole(app.db, actor(req), req.body).then(() => null), '角色已保存'),
  );

  app.post('/user/api/v1.role/delete/', { schema: { body: IdBody }, config: admin }, async (req) =>
    ok(await svc.deleteRole(app.db, actor(req), req.body.id).then(() => null), '角色已删除'),
  );

  app.post('/user/api/v1.role/assignUsers/', { schema: { body: RoleUsersBody }, config: admin }, async (req) =>
    ok(await svc.assignRoleUsers(app.db, actor(req), req.body), '已添加成员'),
  );

  app.post('/user/api/v1.role/unassignUsers/', { schema: { body: RoleUsersBody }, config: admin }, async (req) =>
    ok(await svc.unassignRoleUsers(app.db, actor(req), req.body), '已移除成员'),
  );
};
