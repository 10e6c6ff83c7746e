import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type {
  HallQuery,
  LinkListQuery,
  LinkRow,
  MineQuery,
  Option,
  RecordQuery,
  RecordRow,
  ResourceKind,
  ResourceView,
  StatsAnswer,
  StatsQuery,
  Visibility,
} from '../contract';
import './tables';

/** Who is looking: a user's id, roles and department with its parents (visibility checks). */
export interface Viewer {
  userId: number;
  roleIds: number[];
  departmentIds: number[];
}

// `in ()` is no SQL: an empty list becomes one id no row has.
const nonEmpty = (ids: number[]) => (ids.length ? ids : [-1]);

type REB = ExpressionBuilder<Database & { r: Database['rcResource'] }, 'r'>;

/** Released and meant for the viewer (everyone, one of their roles, or their department or a parent), or their own. */
export function visibleTo(eb: REB, v: Viewer) {
  const scope = (kind: string, ids: number[]) =>
    eb.exists(
      eb
        .selectFrom('rcResourceScope as s')
        .select('s.resourceId')
        .whereRef('s.resourceId', '=', 'r.id')
        .where('s.kind', '=', kind)
        .where('s.refId', 'in', nonEmpty(ids)),
    );
  return eb.or([
    eb('r.ownerId', '=', v.userId),
    eb.and([
      eb('r.status', '=', 'released'),
      eb.or([
        eb('r.visibility', '=', 'all'),
        eb.and([eb('r.visibility', '=', 'roles'), scope('role', v.roleIds)]),
        eb.and([eb('r.visibility', '=', 'departments'), scope('department', v.departmentIds)]),
      ]),
    ]),
  ]);
}

const labelsOf = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

function baseView(db: Db, userId: number) {
  return db
    .selectFrom('rcResource as r')
    .innerJoin('appUser as u', 'u.id', 'r.ownerId')
    .leftJoin('department as d', 'd.id', 'r.departmentId')
    .leftJoin('rcFavorite as f', (j) => j.onRef('f.resourceId', '=', 'r.id').on('f.userId', '=', userId));
}

const VIEW_COLUMNS = [
  'r.id',
  'r.title',
  'r.description',
  'r.kind',
  'r.mime',
  'r.fileName',
  'r.size',
  'r.url',
  'r.departmentId',
  'd.name as departmentName',
  'r.labels',
  'r.visibility',
  'r.status',
  'u.realName as ownerName',
  'r.releasedAt',
  'r.createdAt',
  'r.viewCount',
  'f.userId as favUser',
] as const;

type RawView = {
  id: number;
  title: string;
  description: string;
  kind: string;
  mime: string;
  fileName: string;
  size: number | string;
  url: string;
  departmentId: number | null;
  departmentName: string | null;
  labels: string;
  visibility: string;
  status: string;
  ownerName: string;
  releasedAt: number | string | null;
  createdAt: number | string;
  viewCount: number;
  favUser: number | null;
};

export const toView = (r: RawView): ResourceView => ({
  id: r.id,
  title: r.title,
  description: r.description,
  kind: r.kind as ResourceKind,
  mime: r.mime,
  fileName: r.fileName,
  size: Number(r.size),
  // A link's target is handed out by open/ after the visibility check, like a file's address.
  url: r.kind === 'link' ? r.url : '',
  departmentId: r.departmentId,
  departmentName: r.departmentName ?? '',
  labels: labelsOf(r.labels),
  visibility: r.visibility as Visibility,
  status: r.status as 'draft' | 'released',
  ownerName: r.ownerName,
  releasedAt: r.releasedAt === null ? null : Number(r.releasedAt),
  createdAt: Number(r.createdAt),
  viewCount: r.viewCount,
  favorite: r.favUser !== null,
});

const likeOf = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The hall: released resources the viewer may see, newest first, searched and filtered in SQL. */
export async function hallPage(db: Db, v: Viewer, q: HallQuery): Promise<Page<ResourceView>> {
  let base = baseView(db, v.userId)
    .where('r.status', '=', 'released')
    .where((eb) => visibleTo(eb as unknown as REB, v));
  if (q.keyword?.trim()) base = base.where(sql<boolean>`r.search_text like ${likeOf(q.keyword.trim())} escape '\\'`);
  if (q.kind) base = base.where('r.kind', '=', q.kind);
  if (q.label)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('rcResourceLabel as l')
          .select('l.resourceId')
          .whereRef('l.resourceId', '=', 'r.id')
          .where('l.name', '=', q.label!),
      ),
    );
  if (q.favorite) base = base.where('f.userId', 'is not', null);
  const page = await paginate(
    base,
    (b) => b.select(VIEW_COLUMNS).orderBy('r.releasedAt', 'desc').orderBy('r.id', 'desc'),
    q,
  );
  return { ...page, list: page.list.map((r) => toView(r as RawView)) };
}

/** My releases (drafts and released), newest first. */
export async function minePage(db: Db, userId: number, q: MineQuery): Promise<Page<ResourceView>> {
  let base = baseView(db, userId).where('r.ownerId', '=', userId);
  if (q.status) base = base.where('r.status', '=', q.status);
  if (q.keyword?.trim()) base = base.where(sql<boolean>`r.search_text like ${likeOf(q.keyword.trim())} escape '\\'`);
  const page = await paginate(
    base,
    (b) => b.select(VIEW_COLUMNS).orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc'),
    q,
  );
  return { ...page, list: page.list.map((r) => toView(r as RawView)) };
}

/** One resource if the viewer may see it (else undefined: the caller answers 404, never 403). */
export async function visibleResource(db: Db, v: Viewer, id: number) {
  const row = await baseView(db, v.userId)
    .where('r.id', '=', id)
    .where((eb) => visibleTo(eb as unknown as REB, v))
    .select([...VIEW_COLUMNS, 'r.uploadId', 'r.ownerId'])
    .executeTakeFirst();
  return row ? { view: toView(row as RawView), uploadId: row.uploadId, ownerId: row.ownerId, url: row.url } : undefined;
}

export const resourceRow = (db: Db, id: number) =>
  db.selectFrom('rcResource').selectAll().where('id', '=', id).executeTakeFirst();

export async function scopeOf(db: Db, id: number) {
  const rows = await db.selectFrom('rcResourceScope').select(['kind', 'refId']).where('resourceId', '=', id).execute();
  return {
    roleIds: rows.filter((r) => r.kind === 'role').map((r) => r.refId),
    departmentIds: rows.filter((r) => r.kind === 'department').map((r) => r.refId),
  };
}

export async function rolesOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('userRole').select('roleId').where('userId', '=', userId).execute();
  return rows.map((r) => r.roleId);
}

export async function departmentOf(db: Db, userId: number) {
  const row = await db.selectFrom('appUser').select('departmentId').where('id', '=', userId).executeTakeFirst();
  return row?.departmentId ?? null;
}

export async function parentOf(db: Db, departmentId: number) {
  const row = await db.selectFrom('department').select('parentId').where('id', '=', departmentId).executeTakeFirst();
  return row?.parentId ?? null;
}

export async function existingIds(db: Db, table: 'role' | 'department', ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function options(db: Db): Promise<{ roles: Option[]; departments: Option[]; labels: string[] }> {
  const [roles, departments, labels] = await Promise.all([
    db.selectFrom('role').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('department')
      .select(['id', 'name'])
      .where('kind', 'in', ['college', 'office', 'school'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('rcResourceLabel').select('name').distinct().orderBy('name').limit(200).execute(),
  ]);
  return { roles, departments, labels: labels.map((l) => l.name) };
}

/** The uploader's own stored resource file, not yet taken by another resource. */
export const ownUpload = (db: Db, uploadId: string, ownerId: number) =>
  db
    .selectFrom('upload')
    .select(['id', 'mime', 'size', 'originalName'])
    .where('id', '=', uploadId)
    .where('ownerId', '=', ownerId)
    .where('purpose', '=', 'resource')
    .executeTakeFirst();

export const uploadRow = (db: Db, uploadId: string) =>
  db.selectFrom('upload').selectAll().where('id', '=', uploadId).executeTakeFirst();

export async function uploadTakenBy(db: Db, uploadId: string): Promise<number | null> {
  const row = await db.selectFrom('rcResource').select('id').where('uploadId', '=', uploadId).executeTakeFirst();
  return row?.id ?? null;
}

export async function recordPage(db: Db, ownerId: number, q: RecordQuery): Promise<Page<RecordRow>> {
  let base = db
    .selectFrom('rcAccess as a')
    .innerJoin('rcResource as r', 'r.id', 'a.resourceId')
    .leftJoin('appUser as u', 'u.id', 'a.userId')
    .where('r.ownerId', '=', ownerId);
  if (q.resourceId) base = base.where('a.resourceId', '=', q.resourceId);
  if (q.action) base = base.where('a.action', '=', q.action);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'a.id',
          'a.resourceId',
          'r.title as resourceTitle',
          'a.action',
          'u.realName as userName',
          'a.linkId',
          'a.createdAt',
        ])
        .orderBy('a.createdAt', 'desc')
        .orderBy('a.id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      ...r,
      userName: r.userName ?? (r.linkId ? '链接访客' : ''),
      createdAt: Number(r.createdAt),
    })),
  };
}

export function linkStatus(
  l: { expiresAt: number | string; revokedAt: number | string | null; maxVisits: number; visits: number },
  now: number,
): LinkRow['status'] {
  if (l.revokedAt !== null) return 'revoked';
  if (l.maxVisits > 0 && l.visits >= l.maxVisits) return 'exhausted';
  if (Number(l.expiresAt) <= now) return 'expired';
  return 'active';
}

export async function linkPage(db: Db, ownerId: number, q: LinkListQuery, now: number): Promise<Page<LinkRow>> {
  let base = db
    .selectFrom('rcLink as l')
    .innerJoin('rcResource as r', 'r.id', 'l.resourceId')
    .where('l.createdBy', '=', ownerId);
  if (q.resourceId) base = base.where('l.resourceId', '=', q.resourceId);
  // Active = not revoked, not expired, visits left: the same rule as linkStatus, in SQL.
  const open = (eb: ExpressionBuilder<Database & { l: Database['rcLink'] }, 'l'>) =>
    eb.and([
      eb('l.revokedAt', 'is', null),
      eb('l.expiresAt', '>', now),
      eb.or([eb('l.maxVisits', '=', 0), eb('l.visits', '<', eb.ref('l.maxVisits'))]),
    ]);
  base = q.scope === 'active' ? base.where((eb) => open(eb as never)) : base.where((eb) => eb.not(open(eb as never)));
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'l.id',
          'l.resourceId',
          'r.title as resourceTitle',
          'l.token',
          'l.passwordHash',
          'l.expiresAt',
          'l.maxVisits',
          'l.visits',
          'l.createdAt',
          'l.revokedAt',
        ])
        .orderBy('l.createdAt', 'desc')
        .orderBy('l.id', 'desc'),
    q,
  );
  return { ...page, list: page.list.map((r) => linkRowOf(r, now)) };
}

export function linkRowOf(
  r: {
    id: number;
    resourceId: number;
    resourceTitle: string;
    token: string;
    passwordHash: string | null;
    expiresAt: number | string;
    maxVisits: number;
    visits: number;
    createdAt: number | string;
    revokedAt: number | string | null;
  },
  now: number,
): LinkRow {
  return {
    id: r.id,
    resourceId: r.resourceId,
    resourceTitle: r.resourceTitle,
    token: r.token,
    hasPassword: r.passwordHash !== null,
    expiresAt: Number(r.expiresAt),
    maxVisits: r.maxVisits,
    visits: r.visits,
    status: linkStatus(r, now),
    createdAt: Number(r.createdAt),
    revokedAt: r.revokedAt === null ? null : Number(r.revokedAt),
  };
}

export const linkByToken = (db: Db, token: string) =>
  db
    .selectFrom('rcLink as l')
    .innerJoin('rcResource as r', 'r.id', 'l.resourceId')
    .innerJoin('appUser as u', 'u.id', 'r.ownerId')
    .select([
      'l.id',
      'l.resourceId',
      'l.passwordHash',
      'l.expiresAt',
      'l.maxVisits',
      'l.visits',
      'l.revokedAt',
      'r.title',
      'r.kind',
      'r.status',
      'u.realName as ownerName',
    ])
    .where('l.token', '=', token)
    .executeTakeFirst();

/**
 * Takes one visit of a link if it still opens: one UPDATE whose WHERE holds every rule, so two
 * visitors racing for the last visit cannot both get it. True when this call got a visit.
 */
export async function takeVisit(db: Db, linkId: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('rcLink')
    .set((eb) => ({ visits: eb('visits', '+', 1) }))
    .where('id', '=', linkId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where((eb) => eb.or([eb('maxVisits', '=', 0), eb('visits', '<', eb.ref('maxVisits'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const dayExpr = (from?: number, to?: number) => ({ from: from ?? 0, to: to ?? 8_640_000_000_000 });

/** The three reports: resources (by kind, department, most viewed), access by day, labels. */
export async function stats(db: Db, q: StatsQuery): Promise<StatsAnswer> {
  const { from, to } = dayExpr(q.from, q.to);
  const accessIn = db.selectFrom('rcAccess as a').where('a.createdAt', '>=', from).where('a.createdAt', '<', to);
  const viewsOf = (eb: ExpressionBuilder<Database & { r: Database['rcResource'] }, 'r'>) =>
    eb
      .selectFrom('rcAccess as a')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('a.resourceId', '=', 'r.id')
      .where('a.createdAt', '>=', from)
      .where('a.createdAt', '<', to);
  const [totals, actions, byKind, byDepartment, top, access, labels] = await Promise.all([
    db
      .selectFrom('rcResource')
      .select((eb) => [
        eb.fn.countAll<number>().as('resources'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'released').then(1).else(0).end()).as('released'),
      ])
      .executeTakeFirstOrThrow(),
    accessIn
      .select(['a.action', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('a.action')
      .execute(),
    db
      .selectFrom('rcResource as r')
      .select((eb) => [
        'r.kind as name',
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>(viewsOf(eb as never)).as('views'),
      ])
      .groupBy('r.kind')
      .orderBy('count', 'desc')
      .execute(),
    db
      .selectFrom('rcResource as r')
      .leftJoin('department as d', 'd.id', 'r.departmentId')
      .select((eb) => [
        'd.name as name',
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>(viewsOf(eb as never)).as('views'),
      ])
      .groupBy('d.name')
      .orderBy('count', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('rcResource as r')
      .select((eb) => ['r.id', 'r.title', viewsOf(eb as never).as('views')])
      .orderBy('views', 'desc')
      .orderBy('r.id')
      .limit(10)
      .execute(),
    accessIn
      .select((eb) => [
        'a.day',
        eb.fn.sum<number>(eb.case().when('a.action', '=', 'view').then(1).else(0).end()).as('view'),
        eb.fn.sum<number>(eb.case().when('a.action', '=', 'download').then(1).else(0).end()).as('download'),
        eb.fn.sum<number>(eb.case().when('a.action', '=', 'link').then(1).else(0).end()).as('link'),
      ])
      .groupBy('a.day')
      .orderBy('a.day')
      .limit(366)
      .execute(),
    db
      .selectFrom('rcResourceLabel as l')
      .innerJoin('rcResource as r', 'r.id', 'l.resourceId')
      .select((eb) => [
        'l.name',
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>(viewsOf(eb as never)).as('views'),
      ])
      .groupBy('l.name')
      .orderBy('count', 'desc')
      .orderBy('l.name')
      .limit(50)
      .execute(),
  ]);
  const n = (x: unknown) => Number(x ?? 0);
  const act = (a: string) => n(actions.find((r) => r.action === a)?.n);
  return {
    totals: {
      resources: n(totals.resources),
      released: n(totals.released),
      views: act('view'),
      downloads: act('download'),
      linkVisits: act('link'),
    },
    byKind: byKind.map((r) => ({ name: r.name, count: n(r.count), views: n(r.views) })),
    byDepartment: byDepartment.map((r) => ({ name: r.name ?? '未指定部门', count: n(r.count), views: n(r.views) })),
    top: top.map((r) => ({ id: r.id, title: r.title, views: n(r.views) })),
    access: access.map((r) => ({ day: r.day, view: n(r.view), download: n(r.download), link: n(r.link) })),
    labels: labels.map((r) => ({ name: r.name, count: n(r.count), views: n(r.views) })),
  };
}
