import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  Changed,
  Created,
  DepartmentCreateBody,
  DepartmentDetail,
  DepartmentMoveBody,
  DepartmentNode,
  DepartmentTree,
  DepartmentUpdateBody,
  MoveUsersBody,
  RoleCreateBody,
  RoleGroupCreateBody,
  RoleGroupUpdateBody,
  RoleGroupWithRoles,
  RoleItem,
  RoleUpdateBody,
  RoleUsersBody,
  DirectoryPerson,
  DirectoryPickBody,
  UserListBody,
  UserPick,
} from './contract';

// ---- reads (any signed-in caller: pickers of other modules use them) ----

/** Direct children of a department, roots without parentId (lazy tree). POST /user/api/v1.department/get_tree_node/ */
export const getTreeNodeChildren = (parentId?: number) =>
  http.post<DepartmentNode[]>('/user/api/v1.department/get_tree_node/', parentId ? { parentId } : {});

/** The whole department tree, each level in sort order. POST /user/api/v1.department/getTreeNode/ */
export const getDepartmentTree = () => http.post<DepartmentTree[]>('/user/api/v1.department/getTreeNode/');

/** One department with its ancestors and head counts. POST /user/api/v1.department/getDepartment/ */
export const getDepartment = (id: number) =>
  http.post<DepartmentDetail>('/user/api/v1.department/getDepartment/', { id });

/** Roles of one group, or every role. POST /user/api/v1.role/getRoleGroup/ */
export const getRoles = (groupId?: number) =>
  http.post<RoleItem[]>('/user/api/v1.role/getRoleGroup/', groupId ? { groupId } : {});

/** Role groups with their roles. POST /user/api/v1.role/getAllRoleGroup/ */
export const getAllRoleGroups = () => http.post<RoleGroupWithRoles[]>('/user/api/v1.role/getAllRoleGroup/');

/** The back office's directory (DIRECTORY_ADMIN_ROUTES only): keyword, department (with sub-departments), role, kind; paginated. POST /user/api/v1.user/getUserList/ */
export const getUserList = (q: Partial<UserListBody> & { page: number; pageSize: number }) =>
  http.post<Page<UserPick>>('/user/api/v1.user/getUserList/', q, { json: true });

/** The people picker of ordinary users: who the context allows, by keyword or ids, 20 at most. POST /user/api/v1.directory/pick/ */
export const pickPeople = (b: DirectoryPickBody) =>
  http.post<DirectoryPerson[]>('/user/api/v1.directory/pick/', b, { json: true });

// ---- department writes (administrators) ----

/** POST /user/api/v1.department/create/ */
export const createDepartment = (b: DepartmentCreateBody) =>
  http.post<Created>('/user/api/v1.department/create/', b, { json: true });

/** POST /user/api/v1.department/update/ */
export const updateDepartment = (b: DepartmentUpdateBody) =>
  http.post<null>('/user/api/v1.department/update/', b, { json: true });

/** Refused while it has sub-departments or people. POST /user/api/v1.department/delete/ */
export const deleteDepartment = (id: number) => http.post<null>('/user/api/v1.department/delete/', { id });

/** Re-parent and place (drag and drop). POST /user/api/v1.department/move/ */
export const moveDepartment = (b: DepartmentMoveBody) =>
  http.post<null>('/user/api/v1.department/move/', b, { json: true });

/** Move people to another department. POST /user/api/v1.department/moveUsers/ */
export const moveUsers = (b: MoveUsersBody) =>
  http.post<Changed>('/user/api/v1.department/moveUsers/', b, { json: true });

// ---- role group and role writes (administrators) ----

/** POST /user/api/v1.roleGroup/create/ */
export const createRoleGroup = (b: RoleGroupCreateBody) => http.post<Created>('/user/api/v1.roleGroup/create/', b);

/** POST /user/api/v1.roleGroup/update/ */
export const updateRoleGroup = (b: RoleGroupUpdateBody) => http.post<null>('/user/api/v1.roleGroup/update/', b);

/** Refused while the group has roles. POST /user/api/v1.roleGroup/delete/ */
export const deleteRoleGroup = (id: number) => http.post<null>('/user/api/v1.roleGroup/delete/', { id });

/** POST /user/api/v1.role/create/ */
export const createRole = (b: RoleCreateBody) => http.post<Created>('/user/api/v1.role/create/', b);

/** POST /user/api/v1.role/update/ */
export const updateRole = (b: RoleUpdateBody) => http.post<null>('/user/api/v1.role/update/', b);

/** Refused for system roles and while people hold it. POST /user/api/v1.role/delete/ */
export const deleteRole = (id: number) => http.post<null>('/user/api/v1.role/delete/', { id });

/** Give a role to people (already holding it: no change). POST /user/api/v1.role/assignUsers/ */
export const assignRoleUsers = (b: RoleUsersBody) =>
  http.post<Changed>('/user/api/v1.role/assignUsers/', b, { json: true });

/** Take a role from people. POST /user/api/v1.role/unassignUsers/ */
export const unassignRoleUsers = (b: RoleUsersBody) =>
  http.post<Changed>('/user/api/v1.role/unassignUsers/', b, { json: true });
