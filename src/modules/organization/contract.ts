import { Type, type Static } from 'typebox';
import { EmojiFreeText } from '@/shared/emoji-free';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/**
 * Wire shapes of the organisation module: departments, role groups, roles and the user picker.
 * Read endpoints are open to any signed-in caller (later modules' pickers use them); writes are
 * administrators' only. Bodies of writes that carry arrays or nulls are JSON.
 */

export const DEPARTMENT_KINDS = ['school', 'college', 'office', 'major', 'class'] as const;
export type DepartmentKind = (typeof DEPARTMENT_KINDS)[number];
export const DEPARTMENT_KIND_LABELS: Record<DepartmentKind, string> = {
  school: '学校',
  college: '学院',
  office: '职能部门',
  major: '专业',
  class: '班级',
};

/** Roles the platform itself relies on: they can be renamed but never deleted or recoded. */
export const SYSTEM_ROLE_CODES: readonly string[] = ['student', 'staff', 'admin'];
export const ROLE_CODE_PATTERN = '^[a-z][a-z0-9_]{1,31}$';
export const ROLE_CODE_MESSAGE = '角色编码须以小写字母开头，由 2–32 位小写字母、数字或下划线组成';
export const DEPARTMENT_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$';
export const DEPARTMENT_CODE_MESSAGE = '部门编码由 1–32 位字母、数字、下划线或短横线组成';
export const NAME_MAX = 64;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
// Names and codes are checked again in the service, where a Chinese message names the field.
const Name = EmojiFreeText({ maxLength: 200 });
const Code = Type.String({ maxLength: 200 });
const Sort = Type.Integer({ minimum: 0, maximum: 100000 });
const Kind = Type.Union([
  Type.Literal('school'),
  Type.Literal('college'),
  Type.Literal('office'),
  Type.Literal('major'),
  Type.Literal('class'),
]);
const UserIds = Type.Array(Id, { minItems: 1, maxItems: 500 });

// ---- reads -------------------------------------------------------------------------------

/** POST /user/api/v1.department/get_tree_node/ — children of parentId (roots when absent). */
export const TreeNodeBody = Type.Object({ parentId: Type.Optional(Id) });
export type TreeNodeBody = Static<typeof TreeNodeBody>;

export interface DepartmentNode {
  id: number;
  name: string;
  code: string;
  kind: DepartmentKind;
  parentId: number | null;
  isLeaf: boolean;
  /** People whose department is this one (not its sub-departments). */
  userCount: number;
}

/** POST /user/api/v1.department/getTreeNode/ — the whole tree, each level in sort order. */
export interface DepartmentTree {
  id: number;
  name: string;
  code: string;
  kind: DepartmentKind;
  sort: number;
  parentId: number | null;
  children: DepartmentTree[];
}

/** POST /user/api/v1.department/getDepartment/ {id} */
export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;

export interface DepartmentDetail {
  id: number;
  name: string;
  code: string;
  kind: DepartmentKind;
  sort: number;
  parentId: number | null;
  createdAt: number;
  /** Ancestors from the root down to the parent (the department itself not included). */
  path: { id: number; name: string }[];
  /** People directly in this department. */
  userCount: number;
  /** People in this department and all its sub-departments. */
  totalUserCount: number;
  childCount: number;
  /** Department leaders (the workflow's 部门负责人 approvers), in order. */
  leaders: { id: number; realName: string; userNo: string }[];
}

/** POST /user/api/v1.role/getRoleGroup/ {groupId?} — roles of a group, or every role. */
export const RoleGroupBody = Type.Object({ groupId: Type.Optional(Id) });
export type RoleGroupBody = Static<typeof RoleGroupBody>;

export interface RoleItem {
  id: number;
  code: string;
  name: string;
  groupId: number | null;
  sort: number;
  userCount: number;
  /** A seeded role the platform relies on (student, staff, admin): not deletable. */
  system: boolean;
}

/** POST /user/api/v1.role/getAllRoleGroup/ */
export interface RoleGroupWithRoles {
  id: number;
  name: string;
  sort: number;
  roles: RoleItem[];
}

/** POST /user/api/v1.user/getUserList/ — the back office's directory (DIRECTORY_ADMIN_ROUTES): filtered and cut in SQL. */
export const UserListBody = Type.Object({
  /** Prefix of username or 学号/工号, or part of the real name. */
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  departmentId: Type.Optional(Id),
  /** With departmentId: also people of every sub-department. */
  includeChildren: Type.Optional(Type.Boolean()),
  roleId: Type.Optional(Id),
  kind: Type.Optional(Type.Union([Type.Literal('student'), Type.Literal('staff'), Type.Literal('admin')])),
  /** Only these people (pickers naming ids chosen earlier); unknown ids are simply absent. */
  ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100 })),
  ...PageFields,
});
export type UserListBody = Static<typeof UserListBody>;

export interface UserPick {
  id: number;
  username: string;
  realName: string;
  userNo: string;
  kind: string;
  department: { id: number; name: string } | null;
  /** 'active' | 'disabled' */
  status: string;
}

/**
 * Back-office pages that list the whole directory through getUserList (accounts, departments, roles,
 * platform members, process design and monitoring, delegations, form design): the route names that
 * grant it. Users without one of them pick people through /user/api/v1.directory/pick/ only.
 */
export const DIRECTORY_ADMIN_ROUTES = [
  'account',
  'organization',
  'roleManage',
  'platformConfig',
  'permission',
  'processDesign',
  'processMonitor',
  'approvalManage',
  'formManage',
] as const;

/** At most this many people in one picker answer: a picker shows a short list, never the directory. */
export const PICK_LIMIT = 20;
/** At most this many ids named in one call (the people a picker already holds). */
export const PICK_IDS_MAX = 50;

const PickFieldId = Type.String({ minLength: 1, maxLength: 40 });

/**
 * Where a picker is used. The server derives from it who may be picked (a field's or a node's
 * scope) and whether the caller may pick there at all; the client never sends a scope itself.
 */
export const PickContext = Type.Union([
  /** A user field of a published form being filled (the version the fill page opened, else the latest). */
  Type.Object({
    kind: Type.Literal('formField'),
    formId: Id,
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
    fieldId: PickFieldId,
  }),
  /** A user field of an approval's record, edited by its applicant or one of its approvers. */
  Type.Object({ kind: Type.Literal('instanceField'), instanceId: Id, fieldId: PickFieldId }),
  /** The caller's pending task: the next node's approvers (nodePick), whom to pass it to, or signers to add. */
  Type.Object({
    kind: Type.Literal('task'),
    taskId: Id,
    purpose: Type.Union([Type.Literal('next'), Type.Literal('transfer'), Type.Literal('addSigner')]),
  }),
]);
export type PickContext = Static<typeof PickContext>;

/**
 * POST /user/api/v1.directory/pick/ (JSON) — the people picker of ordinary users: people the context
 * allows whose name contains the keyword or whose 学号/工号 starts with it (a keyword of at least one
 * Chinese character or two letters/digits), or the named ids (to show names of people already picked).
 * PICK_LIMIT at most, active accounts only.
 */
export const DirectoryPickBody = Type.Object({
  context: PickContext,
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
  ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: PICK_IDS_MAX })),
});
export type DirectoryPickBody = Static<typeof DirectoryPickBody>;

/** What a picker shows of a person: no username, number or contact. */
export interface DirectoryPerson {
  id: number;
  name: string;
  /** The department's name ('' when none). */
  department: string;
}

/** A keyword a picker may search with: one Chinese character, or two letters/digits. */
export function pickKeywordOk(keyword: string): boolean {
  const k = keyword.trim();
  return k.length >= 2 || /[\u0080-\uffff]/.test(k);
}

// ---- department writes (administrators) ------------------------------------------------------

/** POST /user/api/v1.department/create/ (JSON) */
export const DepartmentCreateBody = Type.Object({
  name: Name,
  code: Code,
  kind: Kind,
  parentId: Type.Union([Id, Type.Null()], { default: null }),
  sort: Type.Optional(Sort),
});
export type DepartmentCreateBody = Static<typeof DepartmentCreateBody>;

/** POST /user/api/v1.department/update/ (JSON): name, code, kind, sort. Re-parenting goes through move. */
export const DepartmentUpdateBody = Type.Object({
  id: Id,
  name: Name,
  code: Code,
  kind: Kind,
  sort: Sort,
  /** The department's leaders in order; absent: unchanged. */
  leaderIds: Type.Optional(Type.Array(Id, { maxItems: 20 })),
});
export type DepartmentUpdateBody = Static<typeof DepartmentUpdateBody>;

/** POST /user/api/v1.department/move/ (JSON): the tree's drag and drop. parentId null makes it a root. */
export const DepartmentMoveBody = Type.Object({
  id: Id,
  parentId: Type.Union([Id, Type.Null()]),
  sort: Sort,
});
export type DepartmentMoveBody = Static<typeof DepartmentMoveBody>;

/** POST /user/api/v1.department/moveUsers/ (JSON) */
export const MoveUsersBody = Type.Object({ userIds: UserIds, departmentId: Id });
export type MoveUsersBody = Static<typeof MoveUsersBody>;

/** The answer of every create: the new row's id. */
export interface Created {
  id: number;
}
/** The answer of bulk changes: how many rows changed. */
export interface Changed {
  count: number;
}

// ---- role group and role writes (administrators) ---------------------------------------------

/** POST /user/api/v1.roleGroup/create/ */
export const RoleGroupCreateBody = Type.Object({ name: Name, sort: Type.Optional(Sort) });
export type RoleGroupCreateBody = Static<typeof RoleGroupCreateBody>;

/** POST /user/api/v1.roleGroup/update/ */
export const RoleGroupUpdateBody = Type.Object({ id: Id, name: Name, sort: Type.Optional(Sort) });
export type RoleGroupUpdateBody = Static<typeof RoleGroupUpdateBody>;

/** POST /user/api/v1.role/create/ */
export const RoleCreateBody = Type.Object({
  groupId: Id,
  code: Code,
  name: Name,
  sort: Type.Optional(Sort),
});
export type RoleCreateBody = Static<typeof RoleCreateBody>;

/** POST /user/api/v1.role/update/ */
export const RoleUpdateBody = Type.Object({
  id: Id,
  groupId: Id,
  code: Code,
  name: Name,
  sort: Sort,
});
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;

/** POST /user/api/v1.role/assignUsers/ and /user/api/v1.role/unassignUsers/ (JSON) */
export const RoleUsersBody = Type.Object({ roleId: Id, userIds: UserIds });
export type RoleUsersBody = Static<typeof RoleUsersBody>;
