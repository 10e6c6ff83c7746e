import type { Db } from '@/server/db/dialect';
import { badInput, conflict, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { AuthContext } from '@/server/identity/sessions';
import {
  DEPARTMENT_CODE_MESSAGE,
  DEPARTMENT_CODE_PATTERN,
  NAME_MAX,
  ROLE_CODE_MESSAGE,
  ROLE_CODE_PATTERN,
  SYSTEM_ROLE_CODES,
  type Changed,
  type Created,
  type DepartmentCreateBody,
  type DepartmentDetail,
  type DepartmentKind,
  type DepartmentMoveBody,
  type DepartmentNode,
  type DepartmentTree,
  type DepartmentUpdateBody,
  type MoveUsersBody,
  type RoleCreateBody,
  type RoleGroupCreateBody,
  type RoleGroupUpdateBody,
  type RoleGroupWithRoles,
  type RoleItem,
  type RoleUpdateBody,
  type RoleUsersBody,
} from '../contract';
import * as repo from './repository';

/** Who made a change and from where: every administrator write is audited with it. */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

const auditOk = (db: repo.Conn, a: Actor, action: string, target: string, detail?: unknown) =>
  audit(db as Db, {
    action,
    result: 'ok',
    actorId: a.auth.userId,
    actorName: a.auth.username,
    target,
    detail: detail === undefined ? null : JSON.stringify(detail),
    ip: a.ip,
  });

function cleanName(raw: string, label: string): string {
  const name = raw.trim();
  if (!name || name.length > NAME_MAX) throw badInput(`${label}为 1–${NAME_MAX} 个字符`, { field: 'name' });
  return name;
}

function cleanDeptCode(raw: string): string {
  const code = raw.trim();
  if (!new RegExp(DEPARTMENT_CODE_PATTERN).test(code)) throw badInput(DEPARTMENT_CODE_MESSAGE, { field: 'code' });
  return code;
}

function cleanRoleCode(raw: string): string {
  const code = raw.trim();
  if (!new RegExp(ROLE_CODE_PATTERN).test(code)) throw badInput(ROLE_CODE_MESSAGE, { field: 'code' });
  return code;
}

// ---- reads ----

export async function treeNodeChildren(db: Db, parentId: number | null): Promise<DepartmentNode[]> {
  const rows = await repo.childDepartments(db, parentId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    code: r.code,
    kind: r.kind as DepartmentKind,
    parentId: r.parentId,
    isLeaf: !r.hasChildren,
    userCount: r.userCount,
  }));
}

/** The whole tree from one ordered read: children keep the (sort, id) order of the query. */
export async function departmentTree(db: Db): Promise<DepartmentTree[]> {
  const rows = await repo.allDepartments(db);
  const nodes = new Map<number, DepartmentTree>();
  for (const r of rows)
    nodes.set(r.id, {
      id: r.id,
      name: r.name,
      code: r.code,
      kind: r.kind as DepartmentKind,
      sort: r.sort,
      parentId: r.parentId,
      children: [],
    });
  const roots: DepartmentTree[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function departmentDetail(db: Db, id: number): Promise<DepartmentDetail> {
  const d = await repo.findDepartment(db, id);
  if (!d) throw notFound('部门不存在');
  const [path, userCount, totalUserCount, childCount, leaders] = await Promise.all([
    repo.ancestors(db, id),
    repo.countUsersIn(db, id),
    repo.countUsersInSubtree(db, id),
    repo.countChildren(db, id),
    repo.departmentLeaders(db, id),
  ]);
  return { ...d, kind: d.kind as DepartmentKind, path, userCount, totalUserCount, childCount, leaders };
}

export async function roleList(db: Db, groupId?: number): Promise<RoleItem[]> {
  return (await repo.listRoles(db, groupId)).map((r) => ({ ...r, system: SYSTEM_ROLE_CODES.includes(r.code) }));
}

export async function roleGroupsWithRoles(db: Db): Promise<RoleGroupWithRoles[]> {
  const [groups, roles] = await Promise.all([repo.listRoleGroups(db), roleList(db)]);
  return groups.map((g) => ({ ...g, roles: roles.filter((r) => r.groupId === g.id) }));
}

// ---- department writes ----

async function requireDepartment(db: repo.Conn, id: number, field = 'id') {
  const d = await repo.findDepartment(db, id);
  if (!d) throw field === 'id' ? notFound('部门不存在') : badInput('所选部门不存在', { field });
  return d;
}

async function requireFreeDeptCode(db: repo.Conn, code: string, selfId?: number) {
  const other = await repo.findDepartmentByCode(db, code);
  if (other && other.id !== selfId) throw badInput(`部门编码“${code}”已被使用`, { field: 'code' });
}

export async function createDepartment(db: Db, a: Actor, b: DepartmentCreateBody): Promise<Created> {
  const name = cleanName(b.name, '部门名称');
  const code = cleanDeptCode(b.code);
  return db.transaction().execute(async (trx) => {
    if (b.parentId !== null) await requireDepartment(trx, b.parentId, 'parentId');
    await requireFreeDeptCode(trx, code);
    const sort = b.sort ?? (await repo.maxChildSort(trx, b.parentId)) + 1;
    const id = await repo.insertDepartment(trx, { parentId: b.parentId, code, name, kind: b.kind, sort });
    await auditOk(trx, a, 'department_create', `department:${id} ${name}`, {
      code,
      kind: b.kind,
      parentId: b.parentId,
      sort,
    });
    return { id };
  });
}

export async function updateDepartment(db: Db, a: Actor, b: DepartmentUpdateBody): Promise<void> {
  const name = cleanName(b.name, '部门名称');
  const code = cleanDeptCode(b.code);
  await db.transaction().execute(async (trx) => {
    const before = await requireDepartment(trx, b.id);
    await requireFreeDeptCode(trx, code, b.id);
    await repo.updateDepartment(trx, b.id, { name, code, kind: b.kind, sort: b.sort });
    const leaderIds = b.leaderIds ? [...new Set(b.leaderIds)] : undefined;
    if (leaderIds) {
      const active = await repo.activeUserIds(trx, leaderIds);
      if (leaderIds.some((id) => !active.has(id))) throw badInput('所选负责人不存在或已停用', { field: 'leaderIds' });
      await repo.replaceLeaders(trx, b.id, leaderIds);
    }
    await auditOk(trx, a, 'department_update', `department:${b.id} ${name}`, {
      before: { name: before.name, code: before.code, kind: before.kind, sort: before.sort },
      after: { name, code, kind: b.kind, sort: b.sort, ...(leaderIds ? { leaderIds } : {}) },
    });
  });
}

export async function deleteDepartment(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const d = await requireDepartment(trx, id);
    const [children, users] = await Promise.all([repo.countChildren(trx, id), repo.countUsersIn(trx, id)]);
    if (children > 0 || users > 0) throw conflict('该部门下仍有子部门或人员，无法删除');
    await repo.replaceLeaders(trx, id, []);
    await repo.deleteDepartment(trx, id);
    await auditOk(trx, a, 'department_delete', `department:${id} ${d.name}`, { code: d.code });
  });
}

export async function moveDepartment(db: Db, a: Actor, b: DepartmentMoveBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const d = await requireDepartment(trx, b.id);
    if (b.parentId !== null) {
      await requireDepartment(trx, b.parentId, 'parentId');
      const below = await repo.listSubtreeIds(trx, b.id);
      if (below.includes(b.parentId)) throw badInput('不能移动到自身或下级部门之下', { field: 'parentId' });
    }
    await repo.shiftSiblings(trx, b.parentId, b.sort, b.id);
    await repo.updateDepartment(trx, b.id, { parentId: b.parentId, sort: b.sort });
    await auditOk(trx, a, 'department_move', `department:${b.id} ${d.name}`, {
      from: { parentId: d.parentId, sort: d.sort },
      to: { parentId: b.parentId, sort: b.sort },
    });
  });
}

export async function moveUsers(db: Db, a: Actor, b: MoveUsersBody): Promise<Changed> {
  const ids = [...new Set(b.userIds)];
  return db.transaction().execute(async (trx) => {
    const dept = await requireDepartment(trx, b.departmentId, 'departmentId');
    const found = await repo.existingUserIds(trx, ids);
    if (found.length !== ids.length) throw badInput('所选用户中有不存在的账号', { field: 'userIds' });
    const count = await repo.setUsersDepartment(trx, ids, b.departmentId);
    await auditOk(trx, a, 'department_move_users', `department:${dept.id} ${dept.name}`, { userIds: ids });
    return { count };
  });
}

// ---- role groups ----

export async function createRoleGroup(db: Db, a: Actor, b: RoleGroupCreateBody): Promise<Created> {
  const name = cleanName(b.name, '角色组名称');
  return db.transaction().execute(async (trx) => {
    const sort = b.sort ?? (await repo.maxGroupSort(trx)) + 1;
    const id = await repo.insertRoleGroup(trx, { name, sort });
    await auditOk(trx, a, 'role_group_create', `role_group:${id} ${name}`, { sort });
    return { id };
  });
}

export async function updateRoleGroup(db: Db, a: Actor, b: RoleGroupUpdateBody): Promise<void> {
  const name = cleanName(b.name, '角色组名称');
  await db.transaction().execute(async (trx) => {
    const g = await repo.findRoleGroup(trx, b.id);
    if (!g) throw notFound('角色组不存在');
    await repo.updateRoleGroup(trx, b.id, { name, ...(b.sort !== undefined ? { sort: b.sort } : {}) });
    await auditOk(trx, a, 'role_group_update', `role_group:${b.id} ${name}`, {
      before: g.name,
      after: name,
      sort: b.sort,
    });
  });
}

export async function deleteRoleGroup(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const g = await repo.findRoleGroup(trx, id);
    if (!g) throw notFound('角色组不存在');
    const roles = await repo.countRolesInGroup(trx, id);
    if (roles > 0) throw conflict(`该角色组下仍有 ${roles} 个角色，无法删除`);
    await repo.deleteRoleGroup(trx, id);
    await auditOk(trx, a, 'role_group_delete', `role_group:${id} ${g.name}`);
  });
}

// ---- roles ----

async function requireGroup(db: repo.Conn, groupId: number) {
  if (!(await repo.findRoleGroup(db, groupId))) throw badInput('所选角色组不存在', { field: 'groupId' });
}

async function requireFreeRoleCode(db: repo.Conn, code: string, selfId?: number) {
  const other = await repo.findRoleByCode(db, code);
  if (other && other.id !== selfId) throw badInput(`角色编码“${code}”已被使用`, { field: 'code' });
}

async function requireRole(db: repo.Conn, id: number, field = 'id') {
  const r = await repo.findRole(db, id);
  if (!r) throw field === 'id' ? notFound('角色不存在') : badInput('所选角色不存在', { field });
  return r;
}

export async function createRole(db: Db, a: Actor, b: RoleCreateBody): Promise<Created> {
  const name = cleanName(b.name, '角色名称');
  const code = cleanRoleCode(b.code);
  return db.transaction().execute(async (trx) => {
    await requireGroup(trx, b.groupId);
    await requireFreeRoleCode(trx, code);
    const sort = b.sort ?? (await repo.maxRoleSort(trx, b.groupId)) + 1;
    const id = await repo.insertRole(trx, { groupId: b.groupId, code, name, sort });
    await auditOk(trx, a, 'role_create', `role:${id} ${code}`, { name, groupId: b.groupId, sort });
    return { id };
  });
}

export async function updateRole(db: Db, a: Actor, b: RoleUpdateBody): Promise<void> {
  const name = cleanName(b.name, '角色名称');
  const code = cleanRoleCode(b.code);
  await db.transaction().execute(async (trx) => {
    const before = await requireRole(trx, b.id);
    if (SYSTEM_ROLE_CODES.includes(before.code) && code !== before.code) {
      throw badInput(`系统角色“${before.name}”的编码不能修改`, { field: 'code' });
    }
    await requireGroup(trx, b.groupId);
    await requireFreeRoleCode(trx, code, b.id);
    await repo.updateRole(trx, b.id, { groupId: b.groupId, code, name, sort: b.sort });
    await auditOk(trx, a, 'role_update', `role:${b.id} ${code}`, {
      before: { code: before.code, name: before.name, groupId: before.groupId, sort: before.sort },
      after: { code, name, groupId: b.groupId, sort: b.sort },
    });
  });
}

export async function deleteRole(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await requireRole(trx, id);
    if (SYSTEM_ROLE_CODES.includes(r.code)) throw conflict(`“${r.name}”是系统角色，不能删除`);
    const holders = await repo.countRoleUsers(trx, id);
    if (holders > 0) throw conflict(`仍有 ${holders} 名用户拥有角色“${r.name}”，请先移除后再删除`);
    await repo.deleteRole(trx, id);
    await auditOk(trx, a, 'role_delete', `role:${id} ${r.code}`, { name: r.name });
  });
}

async function changeRoleUsers(db: Db, a: Actor, b: RoleUsersBody, assign: boolean): Promise<Changed> {
  const ids = [...new Set(b.userIds)];
  return db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, b.roleId, 'roleId');
    const found = await repo.existingUserIds(trx, ids);
    if (found.length !== ids.length) throw badInput('所选用户中有不存在的账号', { field: 'userIds' });
    const count = assign ? await repo.addRoleUsers(trx, b.roleId, ids) : await repo.removeRoleUsers(trx, b.roleId, ids);
    await auditOk(trx, a, assign ? 'role_assign_users' : 'role_unassign_users', `role:${role.id} ${role.code}`, {
      userIds: ids,
      changed: count,
    });
    return { count };
  });
}

export const assignRoleUsers = (db: Db, a: Actor, b: RoleUsersBody) => changeRoleUsers(db, a, b, true);
export const unassignRoleUsers = (db: Db, a: Actor, b: RoleUsersBody) => changeRoleUsers(db, a, b, false);
