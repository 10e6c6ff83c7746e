import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/** Wire shapes of platform config and permissions (back office, issue 3). */

export type PlatformKind = 'normal' | 'one-form';
export type PlatformStatus = 'active' | 'disabled';

/** GET /user/api/v1.platform/list/ — every platform, ordered by sort then id. */
export interface PlatformSummary {
  id: number;
  name: string;
  icon: string;
  indexUrl: string;
  kind: PlatformKind;
  sort: number;
  status: PlatformStatus;
  /** Users assigned directly (platformUser). */
  userCount: number;
  /** Roles assigned (platformRole). */
  roleCount: number;
}

export const PLATFORM_NAME_MAX = 50;

/** POST /user/api/v1.platform/create/ and /update/ (form body). */
export const PlatformFields = {
  name: Type.String({ minLength: 1, maxLength: PLATFORM_NAME_MAX }),
  icon: Type.String({ maxLength: 500, default: '' }),
  indexUrl: Type.String({ minLength: 1, maxLength: 200 }),
  kind: Type.Union([Type.Literal('normal'), Type.Literal('one-form')], { default: 'normal' }),
  sort: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
};
export const PlatformCreateBody = Type.Object(PlatformFields);
export type PlatformCreateBody = Static<typeof PlatformCreateBody>;
export const PlatformUpdateBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }), ...PlatformFields });
export type PlatformUpdateBody = Static<typeof PlatformUpdateBody>;

/** POST /user/api/v1.platform/set_status/ */
export const PlatformStatusBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
});
export type PlatformStatusBody = Static<typeof PlatformStatusBody>;

/** POST /user/api/v1.platform/delete/ */
export const PlatformIdBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type PlatformIdBody = Static<typeof PlatformIdBody>;

/** POST /user/api/v1.platform/icon/ (multipart, field "file") answers the stored image. */
export interface PlatformIconAnswer {
  url: string;
}

/** GET /user/api/v1.platform/users/ — members assigned directly to a platform. */
export const PlatformUsersQuery = Type.Object({
  platformId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  ...PageFields,
});
export type PlatformUsersQuery = Static<typeof PlatformUsersQuery>;

export interface PlatformMember {
  id: number;
  username: string;
  realName: string;
  userNo: string;
  kind: string;
  departmentName: string | null;
  status: string;
}

/** POST /user/api/v1.platform/assign_users/ (JSON) — add or remove direct members. */
export const AssignUsersBody = Type.Object({
  platformId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  action: Type.Union([Type.Literal('add'), Type.Literal('remove')]),
  userIds: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { minItems: 1, maxItems: 1000 }),
});
export type AssignUsersBody = Static<typeof AssignUsersBody>;

/** GET /user/api/v1.platform/roles/?platformId= → the assigned role ids. */
export const PlatformIdQuery = Type.Object({ platformId: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type PlatformIdQuery = Static<typeof PlatformIdQuery>;

/** POST /user/api/v1.platform/set_roles/ (JSON) — replace the set of roles assigned to a platform. */
export const SetRolesBody = Type.Object({
  platformId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  roleIds: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 1000 }),
});
export type SetRolesBody = Static<typeof SetRolesBody>;

// ---- menu trees ----

export type MenuScope = 'web' | 'cms';

/** A node of a menu tree as the editor reads and saves it. */
export interface MenuTreeNode {
  /** Present for nodes that exist: kept on save so role grants survive. */
  id?: number;
  name: string;
  path: string;
  title: string;
  icon: string | null;
  sort: number;
  relationRoutes: string[];
  children: MenuTreeNode[];
}

/** GET /user/api/v1.menu/tree/?scope=web&platformId= or ?scope=cms */
export const MenuTreeQuery = Type.Object({
  scope: Type.Union([Type.Literal('web'), Type.Literal('cms')]),
  platformId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
});
export type MenuTreeQuery = Static<typeof MenuTreeQuery>;

const MENU_DEPTH = 4;
function nodeSchema(depth: number): ReturnType<typeof Type.Object> {
  return Type.Object({
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    path: Type.String({ maxLength: 200, default: '' }),
    title: Type.String({ minLength: 1, maxLength: 50 }),
    icon: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
    sort: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    relationRoutes: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50, default: [] }),
    children:
      depth > 1
        ? Type.Array(nodeSchema(depth - 1), { maxItems: 200, default: [] })
        : Type.Array(Type.Never(), { maxItems: 0, default: [] }),
  });
}
export const MenuNodeSchema = nodeSchema(MENU_DEPTH);

/** POST /user/api/v1.menu/save_tree/ (JSON) — replace a whole tree in one transaction. */
export const SaveTreeBody = Type.Object({
  scope: Type.Union([Type.Literal('web'), Type.Literal('cms')]),
  platformId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  nodes: Type.Array(MenuNodeSchema, { maxItems: 200 }),
});
export type SaveTreeBody = Omit<Static<typeof SaveTreeBody>, 'nodes'> & { nodes: MenuTreeNode[] };

/** POST /user/api/v1.menu/sync_routes/ — add a node for every menu route not yet in the tree. */
export const SyncRoutesBody = Type.Object({
  scope: Type.Union([Type.Literal('web'), Type.Literal('cms')]),
  platformId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
});
export type SyncRoutesBody = Static<typeof SyncRoutesBody>;

export interface SyncRoutesAnswer {
  /** Route names added. */
  added: string[];
}

/** GET /user/api/v1.menu/routes/ — the app's routes (the module catalogue): what trees and index pages may name. */
export interface RouteOption {
  name: string;
  path: string;
  title: string;
  /** 'web' | 'visitor' | 'cms' | … */
  area: string;
  icon: string | null;
  /** Offered as a menu node by the seed and the sync. */
  menu: boolean;
  relationRoutes: string[];
  /** May be a platform's index page (a web or visitor page without parameters). */
  indexPage: boolean;
}

// ---- permissions ----

/** GET /user/api/v1.permission/role_menus/?platformId&roleId → granted menu ids. */
export const RoleMenusQuery = Type.Object({
  platformId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  roleId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
});
export type RoleMenusQuery = Static<typeof RoleMenusQuery>;

/** POST /user/api/v1.permission/save/ (JSON) — replace the role's grants on that platform. */
export const SaveGrantsBody = Type.Object({
  platformId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  roleId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  menuIds: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 2000 }),
});
export type SaveGrantsBody = Static<typeof SaveGrantsBody>;

/**
 * Icon names a menu node may carry: exactly the names src/app/layouts/menu-icon.tsx renders
 * (a module may not import app code; a test keeps the two lists equal).
 */
export const MENU_ICON_NAMES = [
  'AccountBookOutlined',
  'ApartmentOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'BookOutlined',
  'CalendarOutlined',
  'CloudServerOutlined',
  'CloudUploadOutlined',
  'CommentOutlined',
  'ControlOutlined',
  'CreditCardOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'DesktopOutlined',
  'EditOutlined',
  'ExperimentOutlined',
  'FieldTimeOutlined',
  'FileDoneOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'FormOutlined',
  'FundOutlined',
  'HeartOutlined',
  'HistoryOutlined',
  'HomeOutlined',
  'IdcardOutlined',
  'LineChartOutlined',
  'LinkOutlined',
  'MessageOutlined',
  'MobileOutlined',
  'NotificationOutlined',
  'PieChartOutlined',
  'PlusSquareOutlined',
  'ProfileOutlined',
  'QuestionCircleOutlined',
  'ReadOutlined',
  'SafetyOutlined',
  'ScheduleOutlined',
  'SettingOutlined',
  'ShareAltOutlined',
  'SolutionOutlined',
  'StarOutlined',
  'SyncOutlined',
  'TableOutlined',
  'TeamOutlined',
  'ToolOutlined',
  'UserOutlined',
  'WarningOutlined',
] as const;

/** Prefixes of group nodes (submenus without a page): 'module:' from the seed, 'group:' made in the editor. */
export const MENU_GROUP_PREFIXES = ['module:', 'group:'] as const;
export const isGroupName = (name: string) => MENU_GROUP_PREFIXES.some((p) => name.startsWith(p));
