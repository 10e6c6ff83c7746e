import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The platform's own tables, as Kysely sees them: what the server core and identity code
 * (src/server) read and write themselves — organisation (departments), accounts and roles,
 * platforms and menus, sessions, settings, the audit log and uploads (migrations 0001-core,
 * 0002-uploads; the job runner's tables are in src/server/jobs/tables.ts). Every other table
 * belongs to a module, which declares it in its server/tables.ts by extending `Database`
 * (declaration merging) and creates it in its server/migrations/.
 * Columns are snake_case in the database and camelCase here (CamelCasePlugin). Times are integer
 * milliseconds since the epoch (bigint on PostgreSQL), flags are 0/1 integers on both dialects.
 */
export interface DepartmentTable {
  id: Generated<number>;
  parentId: number | null;
  code: string;
  name: string;
  /** 'college' | 'office' | 'school' | 'major' | 'class' */
  kind: string;
  sort: number;
  createdAt: number;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  realName: string;
  /** 学号 or 工号 */
  userNo: string;
  /** 'student' | 'staff' | 'admin' */
  kind: string;
  isAdmin: number;
  departmentId: number | null;
  phone: string | null;
  email: string | null;
  gender: string | null;
  avatar: string | null;
  /** 'active' | 'disabled' */
  status: string;
  mustChangePwd: number;
  failedCount: number;
  lockedUntil: number | null;
  lastLoginAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface RoleGroupTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

export interface RoleTable {
  id: Generated<number>;
  groupId: number | null;
  code: string;
  name: string;
  sort: number;
}

export interface UserRoleTable {
  userId: number;
  roleId: number;
}

export interface PlatformTable {
  id: Generated<number>;
  name: string;
  icon: string;
  indexUrl: string;
  /** 'normal' | 'one-form' */
  kind: string;
  sort: number;
  /** 'active' | 'disabled' */
  status: string;
  createdAt: number;
}

export interface PlatformUserTable {
  platformId: number;
  userId: number;
}

export interface PlatformRoleTable {
  platformId: number;
  roleId: number;
}

/** One node of a menu tree: a web menu of a platform (platformId set) or the cms menu (null). */
export interface MenuTable {
  id: Generated<number>;
  /** 'web' | 'cms' */
  scope: string;
  platformId: number | null;
  parentId: number | null;
  /** Route name: the permission key. */
  name: string;
  path: string;
  title: string;
  icon: string | null;
  sort: number;
  /** JSON array of route names reachable from this menu (detail pages and the like). */
  relationRoutes: string;
}

/** Which roles see which web menu nodes. The cms menu belongs to every administrator. */
export interface RoleMenuTable {
  roleId: number;
  menuId: number;
}

export interface SessionTable {
  /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  isAdmin: number;
  platformId: number | null;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
  ip: string | null;
  userAgent: string | null;
}

export interface SettingTable {
  key: string;
  /** JSON text */
  value: string;
  updatedAt: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actorId: number | null;
  actorName: string | null;
  /** 'login' | 'login_failed' | 'logout' | 'permission_denied' | 'password_changed' | … */
  action: string;
  target: string | null;
  detail: string | null;
  ip: string | null;
  /** 'ok' | 'fail' */
  result: string;
}

export interface UploadTable {
  /** Random UUID: also the file's name on disk, never the uploader's. */
  id: string;
  ownerId: number | null;
  /** What it is for: 'avatar' | 'login-picture' | 'logo' | … */
  purpose: string;
  originalName: string;
  /** Sniffed from the content, not taken from the client. */
  mime: string;
  size: number;
  /** Relative to DATA_DIR/uploads. */
  path: string;
  /** 1: anyone may fetch it (logos, login picture); 0: signed-in users only. */
  isPublic: number;
  createdAt: number;
}

/** Accounts per kind, kept by triggers on app_user (migration 0059): the dashboard's counts. */
export interface UserKindCountTable {
  kind: string;
  n: number;
}

/** Per-IP rate-limit counters shared by app servers (migration 0058, src/server/rate-limit/database-store.ts). */
export interface RateLimitCounterTable {
  key: string;
  count: number;
  /** When the current window ends (ms). */
  expiresAt: number;
}

export interface Database {
  department: DepartmentTable;
  appUser: UserTable;
  userKindCount: UserKindCountTable;
  roleGroup: RoleGroupTable;
  role: RoleTable;
  userRole: UserRoleTable;
  platform: PlatformTable;
  platformUser: PlatformUserTable;
  platformRole: PlatformRoleTable;
  menu: MenuTable;
  roleMenu: RoleMenuTable;
  session: SessionTable;
  setting: SettingTable;
  auditLog: AuditLogTable;
  upload: UploadTable;
  rateLimitCounter: RateLimitCounterTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type PlatformRow = Selectable<PlatformTable>;
export type MenuRow = Selectable<MenuTable>;
export type SessionRow = Selectable<SessionTable>;
