import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import type { LicenceInfo } from '@/shared/licence';
import { MAX_ID } from '@/shared/ids';
import type { JobInfo, JobRunRow, JobRunStatus, JobTrigger } from '@/shared/jobs';

/* ---------- data backup ---------- */

export type BackupKind = 'manual' | 'scheduled' | 'uploaded';

export const BACKUP_KIND_TEXT: Record<BackupKind, string> = { manual: '手动', scheduled: '定时', uploaded: '上传' };

/** One backup file on the server. */
export interface BackupItem {
  id: number;
  fileName: string;
  size: number;
  createdAt: number;
  createdBy: number | null;
  createdByName: string | null;
  kind: BackupKind;
  note: string | null;
  /** SHA-256 of the file (hex), to compare a copy elsewhere; null for files catalogued before it was kept. */
  checksum: string | null;
}

/**
 * GET /user/api/v1.backup/progress/: the backup this app server is writing now (null: none), for
 * the back office's progress bar. 'database': tables read from the snapshot; 'files': uploads.
 */
export interface BackupProgressView {
  kind: BackupKind;
  startedAt: number;
  phase: 'database' | 'files' | 'done';
  tables: number;
  tablesTotal: number;
  rows: number;
  files: number;
  filesTotal: number;
  bytes: number;
  bytesTotal: number;
}

/** GET /user/api/v1.backup/list/ */
export const BackupListQuery = Type.Object({ ...PageFields });
export type BackupListQuery = Static<typeof BackupListQuery>;

/** POST /user/api/v1.backup/create/ */
export const BackupCreateBody = Type.Object({ note: Type.Optional(Type.String({ maxLength: 200 })) });
export type BackupCreateBody = Static<typeof BackupCreateBody>;

/** GET /user/api/v1.backup/download/?id=, POST /user/api/v1.backup/delete/ */
export const BackupIdFields = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type BackupIdFields = Static<typeof BackupIdFields>;

/** POST /user/api/v1.backup/restore/: confirm must repeat the backup's file name. */
export const BackupRestoreBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  confirm: Type.String({ minLength: 1, maxLength: 200 }),
});
export type BackupRestoreBody = Static<typeof BackupRestoreBody>;

/** An append-only table's share of a restore: every backup row is in it afterwards. */
export interface MergedRows {
  /** Rows of the backup. */
  inBackup: number;
  /** Of those, added by the restore (under new ids). */
  added: number;
  /** Of those, already here (the same event). */
  present: number;
}

/** What a restore did; everybody (the caller too) must sign in again. */
export interface RestoreResult {
  fileName: string;
  /** Rows of each table in the backup file. */
  rows: Record<string, number>;
  files: number;
  signedOut: true;
  /** Rows written into each replaced table (this installation's kept settings left out). */
  restored: Record<string, number>;
  /** The audit log, merged: the rows already here stay and every row of the backup comes back. */
  audit: MergedRows;
  /** Migrations run forward after the restore (a backup of an earlier version); empty when none. */
  migrated: string[];
  /** What the restore kept of this installation, in words (RESTORE_KEEPS). */
  kept: string[];
  /** The backup schedule in force after the restore: this installation's, not the backup's. */
  schedule: BackupScheduleView;
}

/** What a restore replaces, in words (the confirmation lists it). The audit log is merged, never emptied. */
export const RESTORE_REPLACES = '全部用户、组织机构、角色与权限、平台与菜单、设置、通知与新闻、帮助文章、上传的文件';

/** What a restore keeps of this installation (the backup's copies are ignored). */
export const RESTORE_KEEPS = ['授权信息', '登录加密密钥', '备份计划与保留份数'];

/**
 * Backup schedule and retention (setting 'backup_schedule'): once a day at `hour` (the server's
 * time zone), keeping the `keep` newest scheduled backups and the `keepManual` newest manual
 * ones (0: every manual backup is kept). Uploaded backups are never pruned.
 */
export const BackupSchedule = Type.Object({
  enabled: Type.Boolean(),
  hour: Type.Integer({ minimum: 0, maximum: 23 }),
  keep: Type.Integer({ minimum: 1, maximum: 100 }),
  keepManual: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
});
export type BackupSchedule = Static<typeof BackupSchedule>;

/** The schedule as the server answers it: every field, and the time zone its hour is in. */
export interface BackupScheduleView extends Required<BackupSchedule> {
  /** IANA name of the server's time zone, e.g. 'Asia/Shanghai'. */
  timeZone: string;
  /** Its offset from UTC now, e.g. 'UTC+08:00'. */
  utcOffset: string;
}

export const DEFAULT_BACKUP_SCHEDULE: Required<BackupSchedule> = { enabled: false, hour: 2, keep: 7, keepManual: 0 };

/* ---------- authorization ---------- */

/** POST /user/api/v1.licence/upload/ answers the new status. */
export type LicenceUploadResult = LicenceInfo;

/* ---------- audit log ---------- */

export type AuditResult = 'ok' | 'fail';

/** GET /user/api/v1.audit/list/ and /export/: every filter optional; from/to are ms, inclusive. */
export const AuditFilters = {
  action: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,60}$' })),
  actor: Type.Optional(Type.String({ maxLength: 60 })),
  result: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('fail')])),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
};
export const AuditListQuery = Type.Object({ ...AuditFilters, ...PageFields });
export type AuditListQuery = Static<typeof AuditListQuery>;
export const AuditExportQuery = Type.Object(AuditFilters);
export type AuditExportQuery = Static<typeof AuditExportQuery>;

export interface AuditRow {
  id: number;
  at: number;
  actorId: number | null;
  actorName: string | null;
  action: string;
  target: string | null;
  detail: string | null;
  ip: string | null;
  result: string;
}

export const AUDIT_RESULT_TEXT: Record<string, string> = { ok: '成功', fail: '失败' };

/**
 * Audit actions the server writes, in the words an administrator reads (the filter's options
 * and the export's column). An action not listed shows as written.
 */
export const AUDIT_ACTION_TEXT: Record<string, string> = {
  login: '登录',
  login_failed: '登录失败',
  logout: '退出登录',
  choice_platform: '选择平台',
  password_changed: '修改密码',
  password_change_failed: '修改密码失败',
  password_check_failed: '密码校验失败',
  sign_in_locked: '锁定登录地址',
  sign_in_alert: '登录失败告警',
  permission_denied: '越权访问被拒绝',
  theme_saved: '保存主题',
  logo_config_saved: '保存标志配置',
  login_config_saved: '保存登录页配置',
  sso_saved: '保存单点登录配置',
  homepage_modules_saved: '保存首页模块',
  org_image_uploaded: '上传机构图片',
  platform_icon_uploaded: '上传平台图标',
  content_image_uploaded: '上传内容图片',
  menu_synced: '同步菜单',
  department_create: '新建部门',
  department_move_users: '调整人员部门',
  role_create: '新建角色',
  role_delete: '删除角色',
  role_assign_users: '角色分配用户',
  account_created: '新建账号',
  account_updated: '修改账号',
  account_disabled: '停用账号',
  account_enabled: '启用账号',
  account_unlocked: '解锁账号',
  account_password_reset: '重置密码',
  account_roles_assigned: '分配账号角色',
  account_platforms_assigned: '分配账号平台',
  account_avatar_set: '设置头像',
  account_imported: '导入账号',
  department_update: '修改部门',
  department_delete: '删除部门',
  department_move: '移动部门',
  role_update: '修改角色',
  role_unassign_users: '角色移除用户',
  role_group_create: '新建角色组',
  role_group_update: '修改角色组',
  role_group_delete: '删除角色组',
  permission_saved: '保存权限',
  menu_tree_saved: '保存菜单',
  platform_created: '新建平台',
  platform_updated: '修改平台',
  platform_deleted: '删除平台',
  platform_disabled: '停用平台',
  platform_enabled: '启用平台',
  platform_roles_set: '设置平台角色',
  platform_users_added: '平台添加用户',
  platform_users_removed: '平台移除用户',
  notice_created: '新建通知新闻',
  notice_updated: '修改通知新闻',
  notice_published: '发布通知新闻',
  notice_withdrawn: '撤回通知新闻',
  notice_deleted: '删除通知新闻',
  help_category_created: '新建帮助分类',
  help_category_updated: '修改帮助分类',
  help_category_deleted: '删除帮助分类',
  help_article_created: '新建帮助文章',
  help_article_updated: '修改帮助文章',
  help_article_deleted: '删除帮助文章',
  backup_created: '创建备份',
  backup_scheduled: '定时备份',
  backup_deleted: '删除备份',
  backup_uploaded: '上传备份',
  backup_restored: '恢复备份',
  backup_schedule_saved: '保存备份计划',
  licence_uploaded: '上传授权',
  audit_exported: '导出审计日志',
  job_run_now: '立即运行任务',
  form_created: '新建表单',
  form_imported: '导入表单',
  form_saved: '保存表单设计',
  form_published: '发布表单',
  form_disabled: '停用表单',
  form_enabled: '启用表单',
  form_copied: '复制表单',
  form_deleted: '删除表单',
  form_summary_exported: '导出表单汇总',
  mobile_layout_saved: '保存移动端布局',
  mobile_layout_reset: '恢复移动端默认布局',
};

export const auditActionText = (action: string) => AUDIT_ACTION_TEXT[action] ?? action;

/** Whole details written as one word (how a sign-in happened). */
const AUDIT_DETAIL_WORDS: Record<string, string> = {
  password: '密码登录',
  'break-glass': '应急通道密码登录',
  cas: 'CAS 统一身份认证登录',
  oidc: 'OIDC 统一身份认证登录',
};

/**
 * The phrases the servers write into audit details (kept as written, so history stays
 * searchable and older rows read the same), in the words an administrator reads. Applied in
 * order; a detail in Chinese already, or a JSON snapshot's values, pass through.
 */
const AUDIT_DETAIL_PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(cas|oidc)(?: (back-channel logout|single logout))?(?: \((\w+)\))?: /, '$1$2：'],
  [/^cas(back-channel logout|single logout)?：/, 'CAS 统一身份认证$1：'],
  [/^oidc(back-channel logout|single logout)?：/, 'OIDC 统一身份认证$1：'],
  [/back-channel logout：/, '后台通道退出：'],
  [/single logout：/, '单点退出：'],
  [/SSO-only account: no password here/, '统一身份认证账号，无本地密码'],
  [/^old password: /, '原密码校验：'],
  [/address (\S+) locked for (\d+) min after (\d+) failures in a row/, '地址 $1 连续 $3 次失败，锁定 $2 分钟'],
  [
    /(\d+) failures in a row from (\d+) addresses; administrators alerted/,
    '连续 $1 次失败，来自 $2 个地址，已通知管理员',
  ],
  [/(\d+) locked addresses? cleared/, '已解除 $1 个地址的锁定'],
  [/(\d+) session\(s\) ended/, '结束 $1 个会话'],
  [/password sign-in for (\d+) min, until (\S+)/, '开放密码登录 $1 分钟，至 $2'],
  [/password sign-in closed \(SSO\)/, '密码登录已关闭（统一身份认证）'],
  [/closed before its end/, '提前关闭'],
  [/nothing was open/, '没有开放中的密码登录'],
  [/started in another browser/, '在另一个浏览器中发起'],
  [/admin sign-in outside the admin host/, '非管理端地址的管理员登录'],
  [/administrator on user login/, '管理员使用了用户登录'],
  [/not an administrator/, '不是管理员账号'],
  [/account disabled/, '账号已停用'],
  [/password not decryptable/, '密码无法解密'],
  [/locked for this address/, '该地址已被锁定'],
  [/wrong password/, '密码错误'],
  [/unknown user/, '用户不存在'],
  [/, address locked/, '，地址已锁定'],
  [/, delayed (\d+) ms/, '，延迟 $1 毫秒'],
  [/^captcha (\S+)/, '验证码未通过（$1）'],
  [/ \(admin\)$/, '（管理端）'],
  [/^(\d+) bytes$/, '$1 字节'],
];

/** An audit detail in the words an administrator reads (the log page, the dashboard and the export). */
export function auditDetailText(detail: string | null): string {
  if (!detail) return '';
  const word = AUDIT_DETAIL_WORDS[detail];
  if (word) return word;
  return AUDIT_DETAIL_PHRASES.reduce((text, [re, to]) => text.replace(re, to), detail);
}

/* ---------- job records (运行记录) ---------- */

export type { JobInfo, JobRunRow, JobRunStatus, JobTrigger };

export const JOB_TRIGGER_TEXT: Record<JobTrigger, string> = {
  schedule: '定时',
  manual: '手动',
  retry: '重试',
  queued: '排队',
};
export const JOB_STATUS_TEXT: Record<JobRunStatus, string> = { running: '运行中', ok: '成功', fail: '失败' };

/** A job name: a module prefix and a dot, e.g. 'maintenance.backup'. */
export const JOB_NAME_PATTERN = '^[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*$';

/** GET /user/api/v1.job/runs/ */
export const JobRunListQuery = Type.Object({
  name: Type.Optional(Type.String({ pattern: JOB_NAME_PATTERN, maxLength: 80 })),
  status: Type.Optional(Type.Union([Type.Literal('running'), Type.Literal('ok'), Type.Literal('fail')])),
  ...PageFields,
});
export type JobRunListQuery = Static<typeof JobRunListQuery>;

/** POST /user/api/v1.job/runNow/ */
export const JobRunNowBody = Type.Object({ name: Type.String({ pattern: JOB_NAME_PATTERN, maxLength: 80 }) });
export type JobRunNowBody = Static<typeof JobRunNowBody>;
