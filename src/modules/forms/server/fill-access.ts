import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthContext } from '@/server/identity/sessions';
import type { FillSettings, FillSettingsView, SubmitLimit } from '../contract';
import type { Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import './tables';

type Conn = Db | Transaction<Database>;

/**
 * Who may fill a form (issue 24 item 4): the role audience (form.audience) and the rules of
 * form_audience_member — departments (with sub-departments: 'deptTree'), classes (departments of
 * kind class, stored as 'dept'), platforms and people. A person matches when any rule matches; a
 * form without any rule is for everyone its access admits. The list, open/, drafts, submit/ and the
 * workflow's 办事服务 all ask the one SQL condition below.
 */
export interface FillerProfile {
  userId: number;
  roles: string[];
  /** Their own department, null when they have none. */
  departmentId: number | null;
  /** Their department and every department above it (for 'deptTree' rules). */
  departmentChain: number[];
  platformIds: number[];
}

/** 'all': an administrator, who sees and previews every form. */
export type Filler = FillerProfile | 'all';

/** Their department and its ancestors, by a recursive query on the organisation's department tree. */
async function departmentChain(db: Conn, departmentId: number | null): Promise<number[]> {
  if (departmentId === null) return [];
  const rows = await db
    .withRecursive('up(id, parentId, depth)', (q) =>
      q
        .selectFrom('department')
        .select(['department.id', 'department.parentId', sql<number>`0`.as('depth')])
        .where('department.id', '=', departmentId)
        .unionAll((q2) =>
          q2
            .selectFrom('department')
            .innerJoin('up', 'up.parentId', 'department.id')
            .select(['department.id', 'department.parentId', sql<number>`up.depth + 1`.as('depth')])
            // A corrupted cycle must not loop forever.
            .where('up.depth', '<', 64),
        ),
    )
    .selectFrom('up')
    .select('up.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The platforms a user belongs to: by name (platform_user) or through a role (platform_role), as the menus do. */
async function platformsOf(db: Conn, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('platformUser')
    .select('platformId')
    .where('userId', '=', userId)
    .union(
      db
        .selectFrom('platformRole')
        .innerJoin('userRole', 'userRole.roleId', 'platformRole.roleId')
        .select('platformRole.platformId')
        .where('userRole.userId', '=', userId),
    )
    .execute();
  return rows.map((r) => r.platformId);
}

export async function fillerOf(db: Conn, auth: Pick<AuthContext, 'userId' | 'isAdmin'>): Promise<Filler> {
  if (auth.isAdmin) return 'all';
  const user = await db.selectFrom('appUser').select('departmentId').where('id', '=', auth.userId).executeTakeFirst();
  const departmentId = user?.departmentId ?? null;
  const [roles, chain, platformIds] = await Promise.all([
    db
      .selectFrom('userRole as ur')
      .innerJoin('role as r', 'r.id', 'ur.roleId')
      .select('r.code')
      .where('ur.userId', '=', auth.userId)
      .execute()
      .then((rows) => rows.map((r) => r.code)),
    departmentChain(db, departmentId),
    platformsOf(db, auth.userId),
  ]);
  return { userId: auth.userId, roles, departmentId, departmentChain: chain, platformIds };
}

const inList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`));

/** A condition on a query joining `form` (as `alias`): forms for everyone, or with a rule this person matches. */
export function audienceAllows(alias: string, filler: Filler): RawBuilder<SqlBool> {
  if (filler === 'all') return sql<SqlBool>`1 = 1`;
  const audience = sql.ref(`${alias}.audience`);
  const formId = sql.ref(`${alias}.id`);
  const member = (kind: string, ids: readonly number[]) =>
    ids.length ? [sql`(m.kind = ${kind} and m.ref_id in (${inList(ids)}))`] : [];
  const matches = [
    ...member('user', [filler.userId]),
    ...member('dept', filler.departmentId === null ? [] : [filler.departmentId]),
    ...member('deptTree', filler.departmentChain),
    ...member('platform', filler.platformIds),
  ];
  const roleHits = filler.roles.map((code) => sql`${audience} like ${`%,${code},%`}`);
  return sql<SqlBool>`((${audience} = '' and not exists (select 1 from form_audience_member m where m.form_id = ${formId}))
    ${roleHits.length ? sql`or ${sql.join(roleHits, sql` or `)}` : sql``}
    or exists (select 1 from form_audience_member m where m.form_id = ${formId} and (${sql.join(matches, sql` or `)})))`;
}

/** Whether this person may fill this form (the same condition as the lists). */
export async function fillerMayFill(db: Conn, formId: number, filler: Filler): Promise<boolean> {
  if (filler === 'all') return true;
  const r = await db
    .selectFrom('form')
    .select('id')
    .where('id', '=', formId)
    .where(audienceAllows('form', filler))
    .executeTakeFirst();
  return r !== undefined;
}

/** Whether a form has any audience rule (roles or members): then visitors must sign in. */
export async function hasAudience(db: Conn, formId: number, roles: readonly string[]): Promise<boolean> {
  if (roles.length) return true;
  const r = await db.selectFrom('formAudienceMember').select('formId').where('formId', '=', formId).executeTakeFirst();
  return r !== undefined;
}

export interface MemberRow {
  kind: 'dept' | 'deptTree' | 'platform' | 'user';
  refId: number;
}

/** The member rules a save asks for (classes are departments without sub-departments). */
export function memberRows(fill: FillSettings): MemberRow[] {
  const rows: MemberRow[] = [
    ...fill.departments.map((d) => ({ kind: d.withChildren ? ('deptTree' as const) : ('dept' as const), refId: d.id })),
    ...fill.classIds.map((id) => ({ kind: 'dept' as const, refId: id })),
    ...fill.platformIds.map((id) => ({ kind: 'platform' as const, refId: id })),
    ...fill.userIds.map((id) => ({ kind: 'user' as const, refId: id })),
  ];
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(`${r.kind}:${r.refId}`) ? false : (seen.add(`${r.kind}:${r.refId}`), true)));
}

export async function replaceMembers(db: Conn, formId: number, rows: MemberRow[]): Promise<void> {
  await db.deleteFrom('formAudienceMember').where('formId', '=', formId).execute();
  if (rows.length)
    await db
      .insertInto('formAudienceMember')
      .values(rows.map((r) => ({ formId, ...r })))
      .execute();
}

/** Which of these ids exist: departments (classes: only kind class), platforms, users. */
export async function existingRefs(
  db: Conn,
  table: 'department' | 'class' | 'platform' | 'appUser',
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows =
    table === 'class'
      ? await db
          .selectFrom('department')
          .select('id')
          .where('id', 'in', [...ids])
          .where('kind', '=', 'class')
          .execute()
      : await db
          .selectFrom(table)
          .select('id')
          .where('id', 'in', [...ids])
          .execute();
  return new Set(rows.map((r) => r.id));
}

/** 填写设置 with names, for the designer. */
export async function fillSettingsView(
  db: Conn,
  f: { id: number; submitLimit: string; opensAt: number | null; closesAt: number | null; hasPassword: boolean },
): Promise<FillSettingsView> {
  const rows = await db
    .selectFrom('formAudienceMember as m')
    .leftJoin('department as d', (j) => j.onRef('d.id', '=', 'm.refId').on('m.kind', 'in', ['dept', 'deptTree']))
    .leftJoin('platform as p', (j) => j.onRef('p.id', '=', 'm.refId').on('m.kind', '=', 'platform'))
    .leftJoin('appUser as u', (j) => j.onRef('u.id', '=', 'm.refId').on('m.kind', '=', 'user'))
    .select(['m.kind', 'm.refId', 'd.name as deptName', 'd.kind as deptKind', 'p.name as platformName', 'u.realName'])
    .where('m.formId', '=', f.id)
    .orderBy('m.kind')
    .orderBy('m.refId')
    .execute();
  const view: FillSettingsView = {
    departments: [],
    classes: [],
    platforms: [],
    users: [],
    submitLimit: f.submitLimit as SubmitLimit,
    opensAt: f.opensAt,
    closesAt: f.closesAt,
    hasPassword: f.hasPassword,
  };
  for (const r of rows) {
    if (r.kind === 'platform') view.platforms.push({ id: r.refId, name: r.platformName ?? `平台 ${r.refId}` });
    else if (r.kind === 'user') view.users.push({ id: r.refId, name: r.realName ?? `用户 ${r.refId}` });
    else if (r.kind === 'dept' && r.deptKind === 'class') view.classes.push({ id: r.refId, name: r.deptName ?? '' });
    else
      view.departments.push({
        id: r.refId,
        name: r.deptName ?? `部门 ${r.refId}`,
        withChildren: r.kind === 'deptTree',
      });
  }
  return view;
}
