import { Type, type Static } from 'typebox';
import { EmojiFreeText } from '@/shared/emoji-free';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';
import { Nullable, PageOf, StringEnum } from '@/shared/response-schema';

/**
 * Wire shapes of account administration (/user/api/v1.account/…) and the field rules both
 * sides apply: the drawer form mirrors them, the server and the Excel import enforce them.
 */

export const ACCOUNT_KINDS = ['student', 'staff', 'admin'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const KIND_TEXT: Record<AccountKind, string> = { student: '学生', staff: '教职工', admin: '管理员' };

export const ACCOUNT_STATUSES = ['active', 'disabled', 'locked'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const STATUS_TEXT: Record<AccountStatus, string> = { active: '正常', disabled: '停用', locked: '锁定' };

export const GENDERS = ['男', '女'] as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const PHONE_PATTERN = /^1\d{10}$/;
// Deliberately loose: one @, a dot in the domain, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  username: '用户名须为 3–32 位字母、数字、下划线、点或连字符',
  usernameTaken: '用户名已存在',
  realName: '请输入姓名（不超过 50 个字）',
  userNo: '请输入学工号（不超过 32 个字符）',
  kind: '类型须为学生、教职工或管理员',
  phone: '手机号须为 1 开头的 11 位数字',
  email: '邮箱格式不正确',
  gender: '性别须为男或女',
  password: '密码须为 8–32 位且同时包含字母和数字',
  department: '部门不存在',
  selfDisable: '不能停用当前登录的管理员账号',
  selfDemote: '不能取消当前登录账号的管理员类型',
} as const;

/** The editable profile fields of an account (create and update). */
export interface AccountFields {
  realName: string;
  userNo: string;
  kind: string;
  phone?: string | null;
  email?: string | null;
  gender?: string | null;
}

export interface FieldError {
  field: string;
  message: string;
}

/** Every rule on the profile fields; empty when all hold. */
export function checkAccountFields(f: AccountFields): FieldError[] {
  const errors: FieldError[] = [];
  const realName = f.realName.trim();
  if (!realName || realName.length > 50) errors.push({ field: 'realName', message: MESSAGES.realName });
  const userNo = f.userNo.trim();
  if (!userNo || userNo.length > 32) errors.push({ field: 'userNo', message: MESSAGES.userNo });
  if (!(ACCOUNT_KINDS as readonly string[]).includes(f.kind)) errors.push({ field: 'kind', message: MESSAGES.kind });
  if (f.phone && !PHONE_PATTERN.test(f.phone)) errors.push({ field: 'phone', message: MESSAGES.phone });
  if (f.email && (f.email.length > 100 || !EMAIL_PATTERN.test(f.email)))
    errors.push({ field: 'email', message: MESSAGES.email });
  if (f.gender && !(GENDERS as readonly string[]).includes(f.gender))
    errors.push({ field: 'gender', message: MESSAGES.gender });
  return errors;
}

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Ids = Type.Array(Id, { maxItems: 500 });
const OptText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/** GET /user/api/v1.account/list/ and /export/ */
export const AccountFilterFields = {
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  departmentId: Type.Optional(Id),
  /** 1 (default): the department and every department below it. */
  includeChildren: Type.Integer({ minimum: 0, maximum: 1, default: 1 }),
  roleId: Type.Optional(Id),
  kind: Type.Optional(Type.Union([Type.Literal('student'), Type.Literal('staff'), Type.Literal('admin')])),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('locked')])),
};
export const AccountFilter = Type.Object(AccountFilterFields);
export type AccountFilter = Static<typeof AccountFilter>;
export const AccountListQuery = Type.Object({ ...AccountFilterFields, ...PageFields });
export type AccountListQuery = Static<typeof AccountListQuery>;

export const AccountRole = Type.Object({ id: Type.Integer(), name: Type.String() });
export type AccountRole = Static<typeof AccountRole>;

/**
 * One row of the account list; also its response schema (issue 15): exactly these fields are
 * written, never a password hash.
 */
export const AccountSummarySchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  realName: Type.String(),
  userNo: Type.String(),
  kind: StringEnum(ACCOUNT_KINDS),
  departmentId: Nullable(Type.Integer()),
  departmentName: Nullable(Type.String()),
  roles: Type.Array(AccountRole),
  /** 'active' | 'disabled' as stored. */
  status: StringEnum(['active', 'disabled'] as const),
  /** lockedUntil is in the future. */
  locked: Type.Boolean(),
  lockedUntil: Nullable(Type.Number()),
  lastLoginAt: Nullable(Type.Number()),
});
export type AccountSummary = Static<typeof AccountSummarySchema>;
export const AccountListAnswer = PageOf(AccountSummarySchema);

/** GET /user/api/v1.account/detail/?id= (also the answer of create/ and update/). */
export const AccountDetail = Type.Object({
  ...AccountSummarySchema.properties,
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  mustChangePwd: Type.Boolean(),
  roleIds: Type.Array(Type.Integer()),
  /** Platforms assigned to the user directly (not through a role). */
  platformIds: Type.Array(Type.Integer()),
  createdAt: Type.Number(),
  updatedAt: Type.Number(),
});
export type AccountDetail = Static<typeof AccountDetail>;

export const IdQuery = Type.Object({ id: Id });
export type IdQuery = Static<typeof IdQuery>;
export const IdBody = IdQuery;
export type IdBody = IdQuery;

const ProfileFields = {
  realName: EmojiFreeText({ maxLength: 200 }),
  userNo: Type.String({ maxLength: 200 }),
  kind: Type.String({ maxLength: 20 }),
  departmentId: Type.Optional(Type.Union([Id, Type.Null()])),
  phone: OptText(50),
  email: OptText(200),
  gender: OptText(10),
  roleIds: Type.Optional(Ids),
  platformIds: Type.Optional(Ids),
};

/** POST /user/api/v1.account/create/ (JSON). `password`: RSA-OAEP encrypted like the login password. */
export const AccountCreateBody = Type.Object({
  username: Type.String({ maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 2048 }),
  ...ProfileFields,
});
export type AccountCreateBody = Static<typeof AccountCreateBody>;

/** POST /user/api/v1.account/update/ (JSON). The username never changes. */
export const AccountUpdateBody = Type.Object({ id: Id, ...ProfileFields });
export type AccountUpdateBody = Static<typeof AccountUpdateBody>;

/** POST /user/api/v1.account/reset_password/: `password` encrypted, or absent for a generated one. */
export const ResetPasswordBody = Type.Object({
  id: Id,
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
/** The generated password, shown once; null when the administrator chose it. */
export interface ResetPasswordAnswer {
  password: string | null;
}

/** POST /user/api/v1.account/assign_roles/ (JSON): the user's whole role set. */
export const AssignRolesBody = Type.Object({ id: Id, roleIds: Ids });
export type AssignRolesBody = Static<typeof AssignRolesBody>;

/** POST /user/api/v1.account/assign_platforms/ (JSON): the user's whole set of direct platforms. */
export const AssignPlatformsBody = Type.Object({ id: Id, platformIds: Ids });
export type AssignPlatformsBody = Static<typeof AssignPlatformsBody>;

/** Headers of the import sheet, in order (the template has them and one example row). */
export const IMPORT_HEADERS = [
  '用户名',
  '姓名',
  '学工号',
  '类型(学生/教职工)',
  '部门编码',
  '手机号',
  '邮箱',
  '性别',
  '初始密码',
] as const;
// Each row costs one Argon2id hash (~80 a second here): 2000 rows stay inside the 50 s slow-call timeout.
export const IMPORT_MAX_ROWS = 2000;

export interface ImportFailure {
  /** Row number in the sheet (the header is row 1). */
  row: number;
  /** The column header the message is about ('' for the whole row). */
  field: string;
  message: string;
}

/** Rows that got a generated password: shown to the administrator once, in this answer only. */
export interface ImportedPassword {
  row: number;
  username: string;
  password: string;
}

/**
 * POST /user/api/v1.account/import/: ok when every row was imported; otherwise code
 * 0x00000106 with this as data (the valid rows are kept).
 */
export interface ImportAnswer {
  imported: number;
  failed: ImportFailure[];
  generatedPasswords: ImportedPassword[];
}

/** POST /user/api/v1.account/avatar/ (multipart: userId + file). */
/** An avatar image: PNG, JPEG, GIF or WebP (sniffed), at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** What is wrong with a chosen avatar file before it is sent (the server checks again, by content). */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_ACCEPT.split(',').includes(file.type)) return '请选择 PNG、JPG、GIF 或 WebP 图片';
  if (file.size > AVATAR_MAX_BYTES) return '头像图片不能超过 2 MB';
  return null;
}

export interface AvatarAnswer {
  url: string;
}
