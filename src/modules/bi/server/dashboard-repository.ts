import { sql } from 'kysely';
import type { DashboardStatus } from '../dashboard-contract';
import type { Conn } from './repository';
import './tables';

/** Dashboards' SQL: the draft row, its audience rows and the published snapshots. */

const COLUMNS = [
  'd.id',
  'd.name',
  'd.description',
  'd.theme',
  'd.status',
  'd.widgets',
  'd.isPublic',
  'd.publishedVersion',
  'd.publishedAt',
  'd.updatedAt',
] as const;

export type DashboardRecord = NonNullable<Awaited<ReturnType<typeof dashboardById>>>;

export function dashboardById(q: Conn, id: number) {
  return q.selectFrom('biDashboard as d').select(COLUMNS).where('d.id', '=', id).executeTakeFirst();
}

/** Locks the row (PostgreSQL) so two publishes cannot take the same version number. */
export async function lockDashboard(q: Conn, id: number): Promise<void> {
  await q.updateTable('biDashboard').set({ id }).where('id', '=', id).execute();
}

export async function listDashboards(
  q: Conn,
  f: { status: DashboardStatus; keyword?: string; page: number; pageSize: number },
) {
  let base = q.selectFrom('biDashboard as d').where('d.status', '=', f.status);
  const kw = f.keyword?.trim();
  if (kw) base = base.where('d.name', 'like', `%${kw}%`);
  const [list, total] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('d.updatedAt', 'desc')
      .orderBy('d.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}

/** Every dashboard by name, for the drill-down picker. */
export function dashboardOptions(q: Conn) {
  return q
    .selectFrom('biDashboard')
    .select(['id', 'name', 'status'])
    .orderBy('name')
    .orderBy('id')
    .limit(500)
    .execute();
}

export function existingDashboards(q: Conn, ids: readonly number[]) {
  return ids.length ? q.selectFrom('biDashboard').select('id').where('id', 'in', ids).execute() : Promise.resolve([]);
}

export async function insertDashboard(
  q: Conn,
  v: { name: string; description: string; theme: string; widgets: string; createdBy: number | null; at: number },
): Promise<number> {
  const r = await q
    .insertInto('biDashboard')
    .values({
      name: v.name,
      description: v.description,
      theme: v.theme,
      status: 'draft',
      widgets: v.widgets,
      isPublic: 0,
      publishedVersion: null,
      publishedAt: null,
      createdBy: v.createdBy,
      createdAt: v.at,
      updatedAt: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateDraft(
  q: Conn,
  id: number,
  v: { name: string; description: string; theme: string; widgets: string; at: number },
): Promise<void> {
  await q
    .updateTable('biDashboard')
    .set({ name: v.name, description: v.description, theme: v.theme, widgets: v.widgets, updatedAt: v.at })
    .where('id', '=', id)
    .execute();
}

export async function setStatus(q: Conn, id: number, status: DashboardStatus, at: number): Promise<void> {
  await q.updateTable('biDashboard').set({ status, updatedAt: at }).where('id', '=', id).execute();
}

export async function deleteDashboard(q: Conn, id: number): Promise<void> {
  await q.deleteFrom('biDashboardAudience').where('dashboardId', '=', id).execute();
  await q.deleteFrom('biDashboardVersion').where('dashboardId', '=', id).execute();
  await q.deleteFrom('biDashboard').where('id', '=', id).execute();
}

export async function audienceOf(q: Conn, ids: readonly number[]) {
  if (!ids.length) return [];
  return q
    .selectFrom('biDashboardAudience')
    .select(['dashboardId', 'kind', 'value'])
    .where('dashboardId', 'in', ids)
    .orderBy('dashboardId')
    .orderBy('kind')
    .orderBy('value')
    .execute();
}

export async function setAudience(
  q: Conn,
  id: number,
  platformIds: readonly number[],
  roleCodes: readonly string[],
): Promise<void> {
  await q.deleteFrom('biDashboardAudience').where('dashboardId', '=', id).execute();
  const rows = [
    ...[...new Set(platformIds)].map((p) => ({ dashboardId: id, kind: 'platform', value: String(p) })),
    ...[...new Set(roleCodes)].map((r) => ({ dashboardId: id, kind: 'role', value: r })),
  ];
  if (rows.length) await q.insertInto('biDashboardAudience').values(rows).execute();
}

export async function nextVersion(q: Conn, id: number): Promise<number> {
  const r = await q
    .selectFrom('biDashboardVersion')
    .select((eb) => eb.fn.max<number | null>('version').as('v'))
    .where('dashboardId', '=', id)
    .executeTakeFirst();
  return Number(r?.v ?? 0) + 1;
}

export async function insertVersion(
  q: Conn,
  v: {
    dashboardId: number;
    version: number;
    name: string;
    description: string;
    theme: string;
    widgets: string;
    publishedBy: number;
    publishedName: string;
    at: number;
  },
): Promise<void> {
  await q
    .insertInto('biDashboardVersion')
    .values({
      dashboardId: v.dashboardId,
      version: v.version,
      name: v.name,
      description: v.description,
      theme: v.theme,
      widgets: v.widgets,
      publishedBy: v.publishedBy,
      publishedName: v.publishedName,
      publishedAt: v.at,
    })
    .execute();
}

export async function markPublished(q: Conn, id: number, version: number, isPublic: boolean, at: number) {
  await q
    .updateTable('biDashboard')
    .set({ status: 'published', publishedVersion: version, publishedAt: at, isPublic: isPublic ? 1 : 0, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

export function versionOf(q: Conn, id: number, version: number) {
  return q
    .selectFrom('biDashboardVersion')
    .select(['version', 'name', 'description', 'theme', 'widgets', 'publishedName', 'publishedAt'])
    .where('dashboardId', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
}

export function versions(q: Conn, id: number) {
  return q
    .selectFrom('biDashboardVersion')
    .select(['version', 'name', 'widgets', 'publishedName', 'publishedAt'])
    .where('dashboardId', '=', id)
    .orderBy('version', 'desc')
    .limit(200)
    .execute();
}

/** The signed-in caller's role codes. */
export async function roleCodesOf(q: Conn, userId: number): Promise<string[]> {
  const rows = await q
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .select('role.code')
    .where('userRole.userId', '=', userId)
    .execute();
  return rows.map((r) => r.code);
}

/**
 * Published dashboards a caller may see: public ones, and those whose platforms hold the session's
 * platform (none listed = any) and whose roles meet the caller's (none listed = any). Administrators see all.
 */
export async function visibleDashboards(
  q: Conn,
  who: { admin: boolean; platformId: number | null; roleCodes: readonly string[] },
  page: { page: number; pageSize: number },
) {
  let base = q.selectFrom('biDashboard as d').where('d.status', '=', 'published');
  if (!who.admin) {
    const platform = who.platformId === null ? '' : String(who.platformId);
    const roles = who.roleCodes.length ? [...who.roleCodes] : [''];
    base = base.where((eb) => {
      // A kind (platform, role) with no rows admits everyone; otherwise one of its rows must match.
      const rows = (kind: 'platform' | 'role') =>
        eb
          .selectFrom('biDashboardAudience as a')
          .select(sql.lit(1).as('one'))
          .whereRef('a.dashboardId', '=', 'd.id')
          .where('a.kind', '=', kind);
      const admits = (kind: 'platform' | 'role', values: string[]) =>
        eb.or([eb.not(eb.exists(rows(kind))), eb.exists(rows(kind).where('a.value', 'in', values))]);
      return eb.or([eb('d.isPublic', '=', 1), eb.and([admits('platform', [platform]), admits('role', roles)])]);
    });
  }
  const [list, total] = await Promise.all([
    base
      // The published snapshot's name and content, not the draft's.
      .innerJoin('biDashboardVersion as v', (j) =>
        j.onRef('v.dashboardId', '=', 'd.id').onRef('v.version', '=', 'd.publishedVersion'),
      )
      .select(['d.id', 'v.name', 'v.description', 'v.theme', 'v.widgets', 'd.isPublic', 'd.publishedAt', 'd.updatedAt'])
      .orderBy('d.publishedAt', 'desc')
      .orderBy('d.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}

export function platformOptions(q: Conn) {
  return q
    .selectFrom('platform')
    .select(['id', 'name'])
    .where('status', '=', 'active')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function roleOptions(q: Conn) {
  return q
    .selectFrom('role')
    .select(['code', 'name'])
    .where('code', '!=', 'admin')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
