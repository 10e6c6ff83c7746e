import { sql, type Insertable, type Updateable } from 'kysely';
import type { Page } from '@/shared/envelope';
import {
  itemPath,
  specialPath,
  type AdminItemQuery,
  type AdminItemRow,
  type Audience,
  type CatalogueFacet,
  type CatalogueQuery,
  type ItemCard,
  type ItemStatus,
  type Rule,
  type RuleOptions,
} from '../contract';
import type { SvcItemTable, SvcSpecialTable } from './tables';
import type { Conn } from './conn';
import { ruleMatches, type Viewer } from './viewer';
import { modesOf } from './commands/items';

export type { Conn, Tx } from './conn';

const escapeLike = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const like = (column: string, keyword: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like lower(${escapeLike(keyword)}) escape '\\'`;

export const audiencesOf = (r: { forStudent: number; forStaff: number; forVisitor: number; forAlumni: number }) => {
  const out: Audience[] = [];
  if (r.forStudent) out.push('student');
  if (r.forStaff) out.push('staff');
  if (r.forVisitor) out.push('visitor');
  if (r.forAlumni) out.push('alumni');
  return out;
};

const AUDIENCE_COLUMN = {
  student: 'svcItem.forStudent',
  staff: 'svcItem.forStaff',
  visitor: 'svcItem.forVisitor',
  alumni: 'svcItem.forAlumni',
} as const;
const MODE_COLUMN = {
  online: 'svcItem.modeOnline',
  offline: 'svcItem.modeOffline',
  booking: 'svcItem.modeBooking',
} as const;

const cardColumns = [
  'svcItem.id',
  'svcItem.name',
  'svcItem.summary',
  'svcItem.departmentId',
  'department.name as departmentName',
  'svcItem.theme',
  'svcItem.forStudent',
  'svcItem.forStaff',
  'svcItem.forVisitor',
  'svcItem.forAlumni',
  'svcItem.modeOnline',
  'svcItem.modeOffline',
  'svcItem.modeBooking',
  'svcItem.useCount',
] as const;

type CardRow = {
  id: number;
  name: string;
  summary: string;
  departmentId: number;
  departmentName: string | null;
  theme: string;
  forStudent: number;
  forStaff: number;
  forVisitor: number;
  forAlumni: number;
  modeOnline: number;
  modeOffline: number;
  modeBooking: number;
  useCount: number;
};

const toCard = (r: CardRow, favorites: ReadonlySet<number>): ItemCard => ({
  id: Number(r.id),
  name: r.name,
  summary: r.summary,
  departmentId: Number(r.departmentId),
  departmentName: r.departmentName ?? '',
  theme: r.theme,
  audiences: audiencesOf(r),
  modes: modesOf(r),
  useCount: Number(r.useCount),
  favorite: favorites.has(Number(r.id)),
  path: itemPath(Number(r.id)),
});

/** Published items the viewer may see (visitors: public ones). */
const visible = (db: Conn, v: Viewer | null) =>
  db
    .selectFrom('svcItem')
    .leftJoin('department', 'department.id', 'svcItem.departmentId')
    .where('svcItem.status', '=', 'published')
    .where(ruleMatches(sql.ref('svc_item.id'), 'see', v));

export async function favoriteIds(db: Conn, userId: number | undefined, ids: number[]): Promise<Set<number>> {
  if (!userId || !ids.length) return new Set();
  const rows = await db
    .selectFrom('svcFavorite')
    .select('itemId')
    .where('userId', '=', userId)
    .where('itemId', 'in', ids)
    .execute();
  return new Set(rows.map((r) => Number(r.itemId)));
}

export async function cards(db: Conn, v: Viewer | null, rows: CardRow[]): Promise<ItemCard[]> {
  const fav = await favoriteIds(
    db,
    v?.id,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toCard(r, fav));
}

/** The catalogue: published items the viewer may see, filtered, paged in SQL. */
export async function catalogue(db: Conn, v: Viewer | null, q: CatalogueQuery): Promise<Page<ItemCard>> {
  let base = visible(db, v);
  const k = q.keyword?.trim();
  if (k) base = base.where((eb) => eb.or([like('svcItem.name', k), like('svcItem.summary', k)]));
  if (q.departmentId) base = base.where('svcItem.departmentId', '=', q.departmentId);
  if (q.theme) base = base.where('svcItem.theme', '=', q.theme);
  if (q.audience) base = base.where(AUDIENCE_COLUMN[q.audience], '=', 1);
  if (q.mode) base = base.where(MODE_COLUMN[q.mode], '=', 1);
  if (q.favorites) {
    const uid = v?.id ?? 0;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('svcFavorite')
          .select('svcFavorite.itemId')
          .whereRef('svcFavorite.itemId', '=', 'svcItem.id')
          .where('svcFavorite.userId', '=', uid),
      ),
    );
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  let list = base.select(cardColumns);
  list =
    q.sort === 'hot'
      ? list.orderBy('svcItem.useCount', 'desc').orderBy('svcItem.id')
      : list.orderBy('svcItem.sort').orderBy('svcItem.id');
  const rows = await list
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { list: await cards(db, v, rows), total, page: q.page, pageSize: q.pageSize };
}

/** Departments and themes of the items the viewer may see, with counts (the catalogue's filters). */
export async function facets(db: Conn, v: Viewer | null): Promise<CatalogueFacet> {
  const departments = await visible(db, v)
    .select(['svcItem.departmentId as id', 'department.name as name', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['svcItem.departmentId', 'department.name', 'department.sort'])
    .orderBy('department.sort')
    .orderBy('svcItem.departmentId')
    .execute();
  const themes = await visible(db, v)
    .select(['svcItem.theme as theme', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('svcItem.theme')
    .execute();
  return {
    departments: departments.map((d) => ({ id: Number(d.id), name: d.name ?? '', count: Number(d.count) })),
    themes: themes.map((t) => ({ theme: t.theme, count: Number(t.count) })),
  };
}

/** Most used items everybody may see that the viewer may see (热门事项). */
export async function topItems(db: Conn, v: Viewer | null, limit: number): Promise<ItemCard[]> {
  const rows = await visible(db, v)
    .select(cardColumns)
    .orderBy('svcItem.useCount', 'desc')
    .orderBy('svcItem.sort')
    .orderBy('svcItem.id')
    .limit(limit)
    .execute();
  return cards(db, v, rows);
}

/** The viewer's own most used items (常用服务). */
export async function frequentItems(db: Conn, v: Viewer, limit: number): Promise<ItemCard[]> {
  const rows = await visible(db, v)
    .innerJoin('svcItemUse', (j) => j.onRef('svcItemUse.itemId', '=', 'svcItem.id').on('svcItemUse.userId', '=', v.id))
    .select(cardColumns)
    .orderBy('svcItemUse.count', 'desc')
    .orderBy('svcItemUse.lastUsedAt', 'desc')
    .limit(limit)
    .execute();
  return cards(db, v, rows);
}

export async function visibleItemCards(db: Conn, v: Viewer | null, ids: number[]): Promise<Map<number, ItemCard>> {
  if (!ids.length) return new Map();
  const rows = await visible(db, v).select(cardColumns).where('svcItem.id', 'in', ids).execute();
  return new Map((await cards(db, v, rows)).map((c) => [c.id, c]));
}

export async function itemRow(db: Conn, id: number) {
  return db
    .selectFrom('svcItem')
    .leftJoin('department', 'department.id', 'svcItem.departmentId')
    .selectAll('svcItem')
    .select('department.name as departmentName')
    .where('svcItem.id', '=', id)
    .executeTakeFirst();
}
export type ItemRow = NonNullable<Awaited<ReturnType<typeof itemRow>>>;

export async function rulesOf(db: Conn, itemId: number): Promise<{ see: Rule[]; apply: Rule[] }> {
  const rows = await db
    .selectFrom('svcItemRule')
    .select(['action', 'subject', 'subjectId'])
    .where('itemId', '=', itemId)
    .orderBy('action')
    .orderBy('subject')
    .orderBy('subjectId')
    .execute();
  const pick = (a: string) =>
    rows
      .filter((r) => r.action === a)
      .map((r) => ({ subject: r.subject as Rule['subject'], subjectId: Number(r.subjectId) }));
  return { see: pick('see'), apply: pick('apply') };
}

export async function replaceRules(db: Conn, itemId: number, see: Rule[], apply: Rule[]): Promise<void> {
  await db.deleteFrom('svcItemRule').where('itemId', '=', itemId).execute();
  const rows = [
    ...see.map((r) => ({ itemId, action: 'see', ...r })),
    ...apply.map((r) => ({ itemId, action: 'apply', ...r })),
  ];
  if (rows.length) await db.insertInto('svcItemRule').values(rows).execute();
}

export async function insertItem(db: Conn, row: Insertable<SvcItemTable>): Promise<number> {
  const r = await db.insertInto('svcItem').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateItem(db: Conn, id: number, row: Updateable<SvcItemTable>): Promise<void> {
  await db.updateTable('svcItem').set(row).where('id', '=', id).execute();
}

export async function maxSort(db: Conn): Promise<number> {
  const r = await db
    .selectFrom('svcItem')
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

/** Another published item bound to this process, if any. */
export async function publishedItemOfProcess(db: Conn, processId: number, exceptId: number) {
  return db
    .selectFrom('svcItem')
    .select(['id', 'name'])
    .where('processId', '=', processId)
    .where('status', '=', 'published')
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

export async function adminList(db: Conn, q: AdminItemQuery): Promise<Page<AdminItemRow>> {
  let base = db.selectFrom('svcItem').leftJoin('department', 'department.id', 'svcItem.departmentId');
  const k = q.keyword?.trim();
  if (k) base = base.where(like('svcItem.name', k));
  if (q.status) base = base.where('svcItem.status', '=', q.status);
  if (q.departmentId) base = base.where('svcItem.departmentId', '=', q.departmentId);
  if (q.theme) base = base.where('svcItem.theme', '=', q.theme);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await base
    .select([
      'svcItem.id',
      'svcItem.name',
      'svcItem.departmentId',
      'department.name as departmentName',
      'svcItem.theme',
      'svcItem.modeOnline',
      'svcItem.modeOffline',
      'svcItem.modeBooking',
      'svcItem.status',
      'svcItem.sort',
      'svcItem.useCount',
      'svcItem.formId',
      'svcItem.processId',
      'svcItem.updatedAt',
      'svcItem.publishedAt',
    ])
    .orderBy('svcItem.sort')
    .orderBy('svcItem.id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      departmentId: Number(r.departmentId),
      departmentName: r.departmentName ?? '',
      theme: r.theme,
      modes: modesOf(r),
      status: r.status as ItemStatus,
      sort: Number(r.sort),
      useCount: Number(r.useCount),
      formId: r.formId === null ? null : Number(r.formId),
      processId: r.processId === null ? null : Number(r.processId),
      updatedAt: Number(r.updatedAt),
      publishedAt: r.publishedAt === null ? null : Number(r.publishedAt),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function setFavorite(db: Conn, userId: number, itemId: number, on: boolean, now: number): Promise<void> {
  if (on)
    await db
      .insertInto('svcFavorite')
      .values({ userId, itemId, createdAt: now })
      .onConflict((oc) => oc.columns(['userId', 'itemId']).doNothing())
      .execute();
  else await db.deleteFrom('svcFavorite').where('userId', '=', userId).where('itemId', '=', itemId).execute();
}

export async function departmentExists(db: Conn, id: number): Promise<boolean> {
  return !!(await db.selectFrom('department').select('id').where('id', '=', id).executeTakeFirst());
}

/** Ids among `ids` that name no row of the table (role, department, platform or service item). */
export async function missingIds(
  db: Conn,
  table: 'role' | 'department' | 'platform' | 'svcItem',
  ids: number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await db.selectFrom(table).select('id').where('id', 'in', unique).execute();
  const found = new Set(rows.map((r) => Number(r.id)));
  return unique.filter((id) => !found.has(id));
}

export async function ruleOptions(db: Conn): Promise<RuleOptions> {
  const [roles, departments, platforms] = await Promise.all([
    db.selectFrom('role').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('department')
      .select(['id', 'name', 'parentId'])
      .where('kind', 'in', ['school', 'college', 'office'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('platform').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
  ]);
  return {
    roles: roles.map((r) => ({ id: Number(r.id), name: r.name })),
    departments: departments.map((d) => ({
      id: Number(d.id),
      name: d.name,
      parentId: d.parentId === null ? null : Number(d.parentId),
    })),
    platforms: platforms.map((p) => ({ id: Number(p.id), name: p.name })),
  };
}

export async function uploadRow(db: Conn, id: string) {
  return db
    .selectFrom('upload')
    .select(['id', 'purpose', 'originalName', 'isPublic'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- special services ----

export async function specials(db: Conn, publishedOnly: boolean) {
  let q = db.selectFrom('svcSpecial').select([
    'svcSpecial.id',
    'svcSpecial.name',
    'svcSpecial.summary',
    'svcSpecial.bannerUploadId',
    'svcSpecial.status',
    'svcSpecial.sort',
    (eb) =>
      eb
        .selectFrom('svcSpecialItem')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('svcSpecialItem.specialId', '=', 'svcSpecial.id')
        .as('itemCount'),
  ]);
  if (publishedOnly) q = q.where('svcSpecial.status', '=', 'published');
  const rows = await q.orderBy('svcSpecial.sort').orderBy('svcSpecial.id').limit(200).execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    itemCount: Number(r.itemCount ?? 0),
    path: specialPath(Number(r.id)),
  }));
}

export async function specialRow(db: Conn, id: number) {
  return db.selectFrom('svcSpecial').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function specialItemIds(db: Conn, specialId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('svcSpecialItem')
    .select('itemId')
    .where('specialId', '=', specialId)
    .orderBy('sort')
    .orderBy('itemId')
    .execute();
  return rows.map((r) => Number(r.itemId));
}

export async function specialsOfItem(db: Conn, itemId: number, publishedOnly: boolean) {
  let q = db
    .selectFrom('svcSpecialItem')
    .innerJoin('svcSpecial', 'svcSpecial.id', 'svcSpecialItem.specialId')
    .select(['svcSpecial.id', 'svcSpecial.name'])
    .where('svcSpecialItem.itemId', '=', itemId);
  if (publishedOnly) q = q.where('svcSpecial.status', '=', 'published');
  const rows = await q.orderBy('svcSpecial.sort').execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function insertSpecial(db: Conn, row: Insertable<SvcSpecialTable>): Promise<number> {
  const r = await db.insertInto('svcSpecial').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateSpecial(db: Conn, id: number, row: Updateable<SvcSpecialTable>): Promise<void> {
  await db.updateTable('svcSpecial').set(row).where('id', '=', id).execute();
}

export async function replaceSpecialItems(db: Conn, specialId: number, itemIds: number[]): Promise<void> {
  await db.deleteFrom('svcSpecialItem').where('specialId', '=', specialId).execute();
  if (itemIds.length)
    await db
      .insertInto('svcSpecialItem')
      .values(itemIds.map((itemId, i) => ({ specialId, itemId, sort: i + 1 })))
      .execute();
}

export async function deleteSpecial(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('svcSpecialItem').where('specialId', '=', id).execute();
  await db.deleteFrom('svcSpecial').where('id', '=', id).execute();
}

export async function itemNames(db: Conn, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('svcItem').select(['id', 'name', 'status']).where('id', 'in', ids).execute();
}
