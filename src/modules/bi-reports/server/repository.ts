import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { ReportStatus, ReportTab } from '../contract';
import './tables';

/** BI reports' SQL (besides the reports' own statements over `dt_*`, report-query.ts). */
export type Conn = Kysely<Database> | Transaction<Database>;

const COLUMNS = [
  'r.id',
  'r.name',
  'r.description',
  'r.tableCode',
  'r.design',
  'r.status',
  'r.isTemplate',
  'r.publishedAt',
  'r.updatedAt',
] as const;

export type ReportRecord = NonNullable<Awaited<ReturnType<typeof reportById>>>;

export function reportById(q: Conn, id: number) {
  return q.selectFrom('biReport as r').select(COLUMNS).where('r.id', '=', id).executeTakeFirst();
}

export async function listReports(q: Conn, f: { tab: ReportTab; keyword?: string; page: number; pageSize: number }) {
  let base = q.selectFrom('biReport as r');
  base =
    f.tab === 'template'
      ? base.where('r.isTemplate', '=', 1)
      : base.where('r.isTemplate', '=', 0).where('r.status', '=', f.tab);
  const kw = f.keyword?.trim();
  if (kw) base = base.where('r.name', 'like', `%${kw}%`);
  const [list, total] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('r.updatedAt', 'desc')
      .orderBy('r.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}

export interface ReportValues {
  name: string;
  description: string;
  tableCode: string;
  design: string;
  isTemplate: number;
  at: number;
}

export async function insertReport(q: Conn, v: ReportValues & { createdBy: number | null }): Promise<number> {
  const row = await q
    .insertInto('biReport')
    .values({
      name: v.name,
      description: v.description,
      tableCode: v.tableCode,
      design: v.design,
      status: 'draft',
      isTemplate: v.isTemplate,
      publishedAt: null,
      createdBy: v.createdBy,
      createdAt: v.at,
      updatedAt: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReport(q: Conn, id: number, v: ReportValues): Promise<void> {
  await q
    .updateTable('biReport')
    .set({
      name: v.name,
      description: v.description,
      tableCode: v.tableCode,
      design: v.design,
      isTemplate: v.isTemplate,
      updatedAt: v.at,
    })
    .where('id', '=', id)
    .execute();
}

export async function setStatus(q: Conn, id: number, status: ReportStatus, at: number): Promise<void> {
  await q
    .updateTable('biReport')
    .set(status === 'published' ? { status, publishedAt: at, updatedAt: at } : { status, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteReport(q: Conn, id: number): Promise<void> {
  await q.deleteFrom('biReportPlatform').where('reportId', '=', id).execute();
  await q.deleteFrom('biReportRole').where('reportId', '=', id).execute();
  await q.deleteFrom('biReport').where('id', '=', id).execute();
}

export async function setAudience(q: Conn, id: number, platformIds: number[], roleIds: number[]): Promise<void> {
  await q.deleteFrom('biReportPlatform').where('reportId', '=', id).execute();
  await q.deleteFrom('biReportRole').where('reportId', '=', id).execute();
  if (platformIds.length)
    await q
      .insertInto('biReportPlatform')
      .values(platformIds.map((platformId) => ({ reportId: id, platformId })))
      .execute();
  if (roleIds.length)
    await q
      .insertInto('biReportRole')
      .values(roleIds.map((roleId) => ({ reportId: id, roleId })))
      .execute();
}

/** The platforms and roles of some reports, with their names. */
export async function audienceOf(q: Conn, ids: number[]) {
  if (!ids.length) return { platforms: [], roles: [] };
  const [platforms, roles] = await Promise.all([
    q
      .selectFrom('biReportPlatform as a')
      .innerJoin('platform as p', 'p.id', 'a.platformId')
      .select(['a.reportId', 'p.id', 'p.name'])
      .where('a.reportId', 'in', ids)
      .orderBy('p.sort')
      .orderBy('p.id')
      .execute(),
    q
      .selectFrom('biReportRole as a')
      .innerJoin('role as r', 'r.id', 'a.roleId')
      .select(['a.reportId', 'r.id', 'r.name'])
      .where('a.reportId', 'in', ids)
      .orderBy('r.sort')
      .orderBy('r.id')
      .execute(),
  ]);
  return { platforms, roles };
}

export async function existingPlatforms(q: Conn, ids: number[]): Promise<number> {
  const r = await q
    .selectFrom('platform')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function existingRoles(q: Conn, ids: number[]): Promise<number> {
  const r = await q
    .selectFrom('role')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Platforms and roles to publish to (the publish dialog). */
export async function audienceChoices(q: Conn) {
  const [platforms, roles] = await Promise.all([
    q
      .selectFrom('platform')
      .select(['id', 'name'])
      .where('status', '=', 'active')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    q.selectFrom('role').select(['id', 'name', 'code']).orderBy('sort').orderBy('id').execute(),
  ]);
  return { platforms, roles };
}

/**
 * Published reports a user may see: one of the report's platforms is one of theirs (directly or
 * through a role, as the platform list) and one of the report's roles is theirs (as menus).
 */
function visibleTo(q: Conn, userId: number) {
  return q
    .selectFrom('biReport as r')
    .where('r.status', '=', 'published')
    .where('r.isTemplate', '=', 0)
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('biReportRole as a')
            .innerJoin('userRole as u', 'u.roleId', 'a.roleId')
            .select('a.reportId')
            .whereRef('a.reportId', '=', 'r.id')
            .where('u.userId', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('biReportPlatform as a')
            .innerJoin('platform as p', 'p.id', 'a.platformId')
            .select('a.reportId')
            .whereRef('a.reportId', '=', 'r.id')
            .where('p.status', '=', 'active')
            .where((e2) =>
              e2.or([
                e2(
                  'a.platformId',
                  'in',
                  e2
                    .selectFrom('platformUser')
                    .select('platformUser.platformId')
                    .where('platformUser.userId', '=', userId),
                ),
                e2(
                  'a.platformId',
                  'in',
                  e2
                    .selectFrom('platformRole')
                    .innerJoin('userRole', 'userRole.roleId', 'platformRole.roleId')
                    .select('platformRole.platformId')
                    .where('userRole.userId', '=', userId),
                ),
              ]),
            ),
        ),
      ]),
    );
}

export async function maySee(q: Conn, reportId: number, userId: number): Promise<boolean> {
  const r = await visibleTo(q, userId).select('r.id').where('r.id', '=', reportId).executeTakeFirst();
  return !!r;
}

export async function listVisible(q: Conn, userId: number, f: { keyword?: string; page: number; pageSize: number }) {
  let base = visibleTo(q, userId);
  const kw = f.keyword?.trim();
  if (kw) base = base.where('r.name', 'like', `%${kw}%`);
  const [list, total] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('r.publishedAt', 'desc')
      .orderBy('r.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}
