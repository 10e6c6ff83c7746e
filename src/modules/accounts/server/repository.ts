import { PostgresAdapter, sql, type ExpressionBuilder, type Insertable, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import { paginate } from '@/server/db/paginate';
import type { Database, UserTable, UserUpdate } from '@/server/db/schema';
import type { Page } from '@/shared/envelope';
import type {
  AccountDetail,
  AccountFilter,
  AccountKind,
  AccountListQuery,
  AccountRole,
  AccountSummary,
} from '../contract';

type Conn = Db | Transaction<Database>;

/** `%kw%` for LIKE, with the wildcards of the keyword itself escaped. */
const containsPattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The department and every department below it (recursive CTE), as an `in (…)` subquery. */
function subtreeIds(db: Conn, rootId: number) {
  return db
    .withRecursive('sub(id)', (qc) =>
      qc
        .selectFrom('department')
        .select('department.id')
        .where('department.id', '=', rootId)
        .unionAll(
          qc.selectFrom('department').innerJoin('sub', 'sub.id', 'department.parentId').select('department.id'),
        ),
    )
    .selectFrom('sub')
    .select('sub.id');
}

/** The list's filters, all in SQL on indexed columns (see migration 0005). */
function filtered(db: Conn, f: AccountFilter, now: number) {
  return db.selectFrom('appUser').where((eb: ExpressionBuilder<Database, 'appUser'>) => {
    const and = [];
    if (f.keyword?.trim()) {
      const p = containsPattern(f.keyword.trim());
      // Case-insensitive without lower() on every row: SQLite's LIKE already is (ASCII), PostgreSQL has ILIKE.
      const like = sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? 'ilike' : 'like');
      and.push(
        eb.or([
          sql<boolean>`${eb.ref('appUser.username')} ${like} ${p} escape '\\'`,
          sql<boolean>`${eb.ref('appUser.realName')} ${like} ${p} escape '\\'`,
          sql<boolean>`${eb.ref('appUser.userNo')} ${like} ${p} escape '\\'`,
        ]),
      );
    }
    if (f.departmentId) {
      and.push(
        f.includeChildren === 0
          ? eb('appUser.departmentId', '=', f.departmentId)
          : eb('appUser.departmentId', 'in', subtreeIds(db, f.departmentId)),
      );
    }
    if (f.roleId) {
      and.push(
        eb(
          'appUser.id',
          'in',
          eb.selectFrom('userRole').select('userRole.userId').where('userRole.roleId', '=', f.roleId),
        ),
      );
    }
    if (f.kind) and.push(eb('appUser.kind', '=', f.kind));
    if (f.status === 'disabled') and.push(eb('appUser.status', '=', 'disabled'));
    if (f.status === 'locked') and.push(eb('appUser.lockedUntil', '>', now));
    if (f.status === 'active') {
      and.push(eb('appUser.status', '=', 'active'));
      and.push(eb.or([eb('appUser.lockedUntil', 'is', null), eb('appUser.lockedUntil', '<=', now)]));
    }
    return eb.and(and);
  });
}

const SUMMARY_COLUMNS = [
  'appUser.id',
  'appUser.username',
  'appUser.realName',
  'appUser.userNo',
  'appUser.kind',
  'appUser.departmentId',
  'appUser.status',
  'appUser.lockedUntil',
  'appUser.lastLoginAt',
] as const;

interface SummaryRow {
  id: number;
  username: string;
  realName: string;
  userNo: string;
  kind: string;
  departmentId: number | null;
  departmentName: string | null;
  status: string;
  lockedUntil: number | null;
  lastLoginAt: number | null;
}

const toSummary = (r: SummaryRow, roles: AccountRole[], now: number): AccountSummary => ({
  id: r.id,
  username: r.username,
  realName: r.realName,
  userNo: r.userNo,
  kind: r.kind as AccountKind,
  departmentId: r.departmentId,
  departmentName: r.departmentName,
  roles,
  status: r.status === 'disabled' ? 'disabled' : 'active',
  locked: r.lockedUntil !== null && r.lockedUntil > now,
  lockedUntil: r.lockedUntil,
  lastLoginAt: r.lastLoginAt,
});

/**
 * The total of a list filtered by kind at most, from the per-kind counts that triggers keep on
 * app_user (migration 0059), instead of counting every account on each page (issue 15).
 */
async function countByKind(db: Db, kind: string | undefined): Promise<number> {
  let q = db.selectFrom('userKindCount').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'));
  if (kind) q = q.where('kind', '=', kind);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** One page of accounts, newest first, with their department and roles (two more indexed queries). */
export async function listAccounts(db: Db, q: AccountListQuery, now = Date.now()): Promise<Page<AccountSummary>> {
  const select = (b: ReturnType<typeof filtered>) =>
    b
      .leftJoin('department', 'department.id', 'appUser.departmentId')
      .select([...SUMMARY_COLUMNS, 'department.name as departmentName'])
      .orderBy('appUser.id', 'desc');
  const byKindOnly = !q.keyword?.trim() && !q.departmentId && !q.roleId && !q.status;
  const page = await paginate(filtered(db, q, now), select, q, byKindOnly ? () => countByKind(db, q.kind) : undefined);
  const roles = await rolesOf(
    db,
    page.list.map((r) => r.id),
  );
  return { ...page, list: page.list.map((r) => toSummary(r, roles.get(r.id) ?? [], now)) };
}

/** Rows for the export, in id order after `afterId` (keyset paging), with the same filters. */
export async function exportRowsAfter(db: Db, f: AccountFilter, afterId: number, limit: number, now = Date.now()) {
  const rows = await filtered(db, f, now)
    .leftJoin('department', 'department.id', 'appUser.departmentId')
    .select([
      ...SUMMARY_COLUMNS,
      'department.name as departmentName',
      'department.code as departmentCode',
      'appUser.phone',
      'appUser.email',
      'appUser.gender',
      'appUser.createdAt',
    ])
    .where('appUser.id', '>', afterId)
    .orderBy('appUser.id', 'asc')
    .limit(limit)
    .execute();
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...toSummary(r, roles.get(r.id) ?? [], now),
    departmentCode: r.departmentCode,
    phone: r.phone,
    email: r.email,
    gender: r.gender,
    createdAt: r.createdAt,
  }));
}

export type ExportRow = Awaited<ReturnType<typeof exportRowsAfter>>[number];

export async function rolesOf(db: Conn, userIds: number[]): Promise<Map<number, AccountRole[]>> {
  const map = new Map<number, AccountRole[]>();
  if (!userIds.length) return map;
  const rows = await db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .select(['userRole.userId', 'role.id', 'role.name'])
    .where('userRole.userId', 'in', userIds)
    .orderBy('role.sort')
    .orderBy('role.id')
    .execute();
  for (const r of rows) {
    const list = map.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.userId, list);
  }
  return map;
}

export async function findAccount(db: Conn, id: number, now = Date.now()): Promise<AccountDetail | undefined> {
  const r = await db
    .selectFrom('appUser')
    .leftJoin('department', 'department.id', 'appUser.departmentId')
    .select([
      ...SUMMARY_COLUMNS,
      'department.name as departmentName',
      'appUser.phone',
      'appUser.email',
      'appUser.gender',
      'appUser.avatar',
      'appUser.mustChangePwd',
      'appUser.createdAt',
      'appUser.updatedAt',
    ])
    .where('appUser.id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  const roles = (await rolesOf(db, [id])).get(id) ?? [];
  const platforms = await db
    .selectFrom('platformUser')
    .select('platformId')
    .where('userId', '=', id)
    .orderBy('platformId')
    .execute();
  return {
    ...toSummary(r, roles, now),
    phone: r.phone,
    email: r.email,
    gender: r.gender,
    avatar: r.avatar,
    mustChangePwd: r.mustChangePwd === 1,
    roleIds: roles.map((x) => x.id),
    platformIds: platforms.map((p) => p.platformId),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export async function findUserBrief(db: Conn, id: number) {
  return db
    .selectFrom('appUser')
    .select(['id', 'username', 'realName', 'kind', 'isAdmin', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Which of these usernames exist already. */
export async function existingUsernames(db: Conn, usernames: string[]): Promise<Set<string>> {
  if (!usernames.length) return new Set();
  const found = new Set<string>();
  // Chunks keep the bound-parameter count well inside SQLite's and PostgreSQL's limits.
  for (let i = 0; i < usernames.length; i += 500) {
    const rows = await db
      .selectFrom('appUser')
      .select('username')
      .where('username', 'in', usernames.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.username);
  }
  return found;
}

export async function departmentExists(db: Conn, id: number): Promise<boolean> {
  return !!(await db.selectFrom('department').select('id').where('id', '=', id).executeTakeFirst());
}

export async function departmentIdsByCode(db: Conn): Promise<Map<string, number>> {
  const rows = await db.selectFrom('department').select(['id', 'code']).execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** The ids among `ids` that do not exist in the table. */
export async function missingIds(db: Conn, table: 'role' | 'platform', ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  const have = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !have.has(id));
}

export async function insertUser(db: Conn, values: Insertable<UserTable>): Promise<number> {
  const r = await db.insertInto('appUser').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateUser(db: Conn, id: number, set: UserUpdate): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ ...set, updatedAt: Date.now() })
    .where('id', '=', id)
    .execute();
}

export async function replaceRoles(db: Conn, userId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('userRole').where('userId', '=', userId).execute();
  const unique = [...new Set(roleIds)];
  if (unique.length)
    await db
      .insertInto('userRole')
      .values(unique.map((roleId) => ({ userId, roleId })))
      .execute();
}

export async function replacePlatforms(db: Conn, userId: number, platformIds: number[]): Promise<void> {
  await db.deleteFrom('platformUser').where('userId', '=', userId).execute();
  const unique = [...new Set(platformIds)];
  if (unique.length)
    await db
      .insertInto('platformUser')
      .values(unique.map((platformId) => ({ userId, platformId })))
      .execute();
}
