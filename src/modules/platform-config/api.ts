import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  AssignUsersBody,
  MenuTreeNode,
  MenuTreeQuery,
  PlatformCreateBody,
  PlatformIconAnswer,
  PlatformMember,
  PlatformStatusBody,
  PlatformSummary,
  PlatformUpdateBody,
  PlatformUsersQuery,
  RoleMenusQuery,
  SaveGrantsBody,
  SaveTreeBody,
  SetRolesBody,
  RouteOption,
  SyncRoutesAnswer,
  SyncRoutesBody,
} from './contract';

/** Every platform with its member and role counts, by sort (administrators). GET /user/api/v1.platform/list/ */
export const listPlatforms = () => http.get<PlatformSummary[]>('/user/api/v1.platform/list/');

/** POST /user/api/v1.platform/create/ */
export const createPlatform = (body: PlatformCreateBody) =>
  http.post<PlatformSummary>('/user/api/v1.platform/create/', body);

/** POST /user/api/v1.platform/update/ */
export const updatePlatform = (body: PlatformUpdateBody) =>
  http.post<PlatformSummary>('/user/api/v1.platform/update/', body);

/** Enable or disable a platform. POST /user/api/v1.platform/set_status/ */
export const setPlatformStatus = (body: PlatformStatusBody) =>
  http.post<null>('/user/api/v1.platform/set_status/', body);

/** Delete a disabled platform nobody is assigned to. POST /user/api/v1.platform/delete/ */
export const deletePlatform = (id: number) => http.post<null>('/user/api/v1.platform/delete/', { id });

/** Upload a platform icon image (≤ 1 MB). POST /user/api/v1.platform/icon/ */
export const uploadPlatformIcon = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<PlatformIconAnswer>('/user/api/v1.platform/icon/', fd);
};

/** Direct members of a platform, paginated. GET /user/api/v1.platform/users/ */
export const listPlatformUsers = (q: PlatformUsersQuery) =>
  http.get<Page<PlatformMember>>('/user/api/v1.platform/users/', { params: q });

/** Add or remove direct members. POST /user/api/v1.platform/assign_users/ */
export const assignPlatformUsers = (body: AssignUsersBody) =>
  http.post<null>('/user/api/v1.platform/assign_users/', body, { json: true });

/** Role ids assigned to a platform. GET /user/api/v1.platform/roles/ */
export const getPlatformRoles = (platformId: number) =>
  http.get<number[]>('/user/api/v1.platform/roles/', { params: { platformId } });

/** Replace the roles assigned to a platform. POST /user/api/v1.platform/set_roles/ */
export const setPlatformRoles = (body: SetRolesBody) =>
  http.post<null>('/user/api/v1.platform/set_roles/', body, { json: true });

/** A platform's web menu tree or the cms tree, with node ids. GET /user/api/v1.menu/tree/ */
export const getMenuTree = (q: MenuTreeQuery) => http.get<MenuTreeNode[]>('/user/api/v1.menu/tree/', { params: q });

/** Save a whole menu tree; answers the saved tree. POST /user/api/v1.menu/save_tree/ */
export const saveMenuTree = (body: SaveTreeBody) =>
  http.post<MenuTreeNode[]>('/user/api/v1.menu/save_tree/', body, { json: true });

/** Add nodes for the app's menu routes missing from a tree. POST /user/api/v1.menu/sync_routes/ */
export const syncMenuRoutes = (body: SyncRoutesBody) =>
  http.post<SyncRoutesAnswer>('/user/api/v1.menu/sync_routes/', body, { json: true });

/** The app's routes with their titles (tree nodes and index pages pick from them). GET /user/api/v1.menu/routes/ */
export const listRoutes = () => http.get<RouteOption[]>('/user/api/v1.menu/routes/');

/** Menu ids granted to a role on a platform. GET /user/api/v1.permission/role_menus/ */
export const getRoleMenus = (q: RoleMenusQuery) =>
  http.get<number[]>('/user/api/v1.permission/role_menus/', { params: q });

/** Replace a role's grants on a platform. POST /user/api/v1.permission/save/ */
export const saveRoleMenus = (body: SaveGrantsBody) =>
  http.post<null>('/user/api/v1.permission/save/', body, { json: true });
