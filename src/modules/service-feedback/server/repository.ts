import { sql, type Expression, type Insertable, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import {
  isBadLevel,
  isSatisfiedLevel,
  type AdminEvaluation,
  type AdminListQuery,
  type ItemReviewsQuery,
  type LabelView,
  type MyEvaluation,
  type Overview,
  type PendingRow,
  type RectificationView,
  type RectifyListQuery,
  type RectifyRow,
  type RectifyStatus,
  type Review,
  type Satisfaction,
  type StatsQuery,
  type StatsRow,
  type SubjectKind,
  type SummaryQuery,
  type SummaryRow,
} from '../contract';
import type { FbRateableTable } from './tables';
import './tables';

/** A database handle or the caller's transaction. */
export type Conn = Db | Transaction<Database>;

const num = (v: number | string | bigint | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: number | string | bigint | null) => (v === null ? null : Number(v));
const pageOf = (q: { page: number; pageSize: number }) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const contains = (column: Expression<unknown>, keyword: string) =>
  sql<SqlBool>`lower(${column}) like lower(${likePattern(keyword)}) escape '\\'`;

// --- level counts ------------------------------------------------------------------------------

/** l1 … l5: ratings per level of a group; everything else (total, average, rate) follows from them. */
const levelSum = <K extends string>(k: number, name: K) =>
  sql<number>`sum(case when level = ${sql.lit(k)} then 1 else 0 end)`.as(name);
const levelSums = () =>
  [levelSum(1, 'l1'), levelSum(2, 'l2'), levelSum(3, 'l3'), levelSum(4, 'l4'), levelSum(5, 'l5')] as const;

interface LevelRow {
  l1: number | string | null;
  l2: number | string | null;
  l3: number | string | null;
  l4: number | string | null;
  l5: number | string | null;
}

export function satisfactionOf(r: LevelRow): Satisfaction & { distribution: number[] } {
  const distribution = [r.l1, r.l2, r.l3, r.l4, r.l5].map(num);
  const total = distribution.reduce((a, b) => a + b, 0);
  const levelSum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  const satisfied = distribution.reduce((a, n, i) => a + (isSatisfiedLevel(i + 1) ? n : 0), 0);
  const bad = distribution.reduce((a, n, i) => a + (isBadLevel(i + 1) ? n : 0), 0);
  return {
    total,
    average: total ? Math.round((levelSum / total) * 100) / 100 : 0,
    satisfiedRate: total ? Math.round((satisfied / total) * 10000) / 10000 : 0,
    bad,
    distribution,
  };
}

// --- labels ------------------------------------------------------------------------------------

const toLabel = (r: { id: number; level: number; name: string; sort: number; enabled: number }): LabelView => ({
  id: Number(r.id),
  level: Number(r.level),
  name: r.name,
  sort: Number(r.sort),
  enabled: !!r.enabled,
});

export async function listLabels(db: Conn, enabledOnly: boolean): Promise<LabelView[]> {
  let q = db.selectFrom('fbLabel').select(['id', 'level', 'name', 'sort', 'enabled']);
  if (enabledOnly) q = q.where('enabled', '=', 1);
  return (await q.orderBy('level', 'desc').orderBy('sort').orderBy('id').execute()).map(toLabel);
}

export async function labelsByIds(db: Conn, ids: number[]): Promise<LabelView[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('fbLabel')
    .select(['id', 'level', 'name', 'sort', 'enabled'])
    .where('id', 'in', ids)
    .execute();
  return rows.map(toLabel);
}

export async function findLabelByName(db: Conn, level: number, name: string): Promise<number | null> {
  const r = await db
    .selectFrom('fbLabel')
    .select('id')
    .where('level', '=', level)
    .where('name', '=', name)
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}

export async function insertLabel(
  db: Conn,
  v: { level: number; name: string; sort: number; enabled: boolean },
  now: number,
): Promise<number> {
  const r = await db
    .insertInto('fbLabel')
    .values({ level: v.level, name: v.name, sort: v.sort, enabled: v.enabled ? 1 : 0, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateLabel(
  db: Conn,
  id: number,
  v: { level: number; name: string; sort: number; enabled: boolean },
): Promise<boolean> {
  const r = await db
    .updateTable('fbLabel')
    .set({ level: v.level, name: v.name, sort: v.sort, enabled: v.enabled ? 1 : 0 })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteLabel(db: Conn, id: number): Promise<boolean> {
  const r = await db.deleteFrom('fbLabel').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// --- rateables (what an applicant may rate) -----------------------------------------------------

export async function knownRefIds(db: Conn, kind: SubjectKind, refIds: number[]): Promise<Set<number>> {
  if (!refIds.length) return new Set();
  const rows = await db
    .selectFrom('fbRateable')
    .select('refId')
    .where('kind', '=', kind)
    .where('refId', 'in', refIds)
    .execute();
  return new Set(rows.map((r) => Number(r.refId)));
}

export async function insertRateables(db: Conn, rows: Insertable<FbRateableTable>[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('fbRateable')
    .values(rows)
    .onConflict((oc) => oc.columns(['kind', 'refId']).doNothing())
    .execute();
}

export async function markRated(db: Conn, row: Insertable<FbRateableTable>, evaluationId: number): Promise<void> {
  await db
    .insertInto('fbRateable')
    .values({ ...row, evaluationId })
    .onConflict((oc) => oc.columns(['kind', 'refId']).doUpdateSet({ evaluationId }))
    .execute();
}

export async function pendingPage(
  db: Conn,
  userId: number,
  since: number,
  q: { page: number; pageSize: number },
): Promise<{ total: number; list: PendingRow[] }> {
  const base = db
    .selectFrom('fbRateable')
    .where('userId', '=', userId)
    .where('evaluationId', 'is', null)
    .where('endedAt', '>=', since);
  const { limit, offset } = pageOf(q);
  const [rows, count] = await Promise.all([
    base
      .select(['kind', 'refId', 'itemId', 'itemName', 'departmentName', 'title', 'endedAt'])
      .orderBy('endedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: num(count.n),
    list: rows.map((r) => ({
      kind: r.kind as SubjectKind,
      refId: Number(r.refId),
      itemId: Number(r.itemId),
      itemName: r.itemName,
      departmentName: r.departmentName,
      title: r.title,
      endedAt: Number(r.endedAt),
    })),
  };
}

export async function pendingCount(db: Conn, userId: number, since: number): Promise<number> {
  const r = await db
    .selectFrom('fbRateable')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('evaluationId', 'is', null)
    .where('endedAt', '>=', since)
    .executeTakeFirstOrThrow();
  return num(r.n);
}

// --- evaluations ---------------------------------------------------------------------------------

export async function evaluationOf(db: Conn, kind: SubjectKind, refId: number): Promise<number | null> {
  const r = await db
    .selectFrom('fbEvaluation')
    .select('id')
    .where('kind', '=', kind)
    .where('refId', '=', refId)
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}

export interface NewEvaluation {
  kind: SubjectKind;
  refId: number;
  itemId: number;
  itemName: string;
  departmentId: number;
  departmentName: string;
  userId: number;
  title: string;
  itemPublic: boolean;
  level: number;
  labels: string[];
  comment: string;
  anonymous: boolean;
  month: string;
  createdAt: number;
}

export async function insertEvaluation(db: Conn, e: NewEvaluation): Promise<number> {
  const r = await db
    .insertInto('fbEvaluation')
    .values({
      ...e,
      labels: JSON.stringify(e.labels),
      itemPublic: e.itemPublic ? 1 : 0,
      anonymous: e.anonymous ? 1 : 0,
      reply: '',
      repliedAt: null,
      repliedByName: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(r.id);
  if (e.labels.length)
    await db
      .insertInto('fbEvaluationLabel')
      .values(e.labels.map((name) => ({ evaluationId: id, itemId: e.itemId, name })))
      .execute();
  return id;
}

export async function findEvaluation(db: Conn, id: number) {
  return db.selectFrom('fbEvaluation').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function replyEvaluation(
  db: Conn,
  id: number,
  v: { reply: string; repliedAt: number; repliedByName: string },
): Promise<void> {
  await db.updateTable('fbEvaluation').set(v).where('id', '=', id).execute();
}

const rectColumns = [
  'r.id as rId',
  'r.status as rStatus',
  'r.deadline as rDeadline',
  'r.overdue as rOverdue',
  'r.reply as rReply',
  'r.repliedAt as rRepliedAt',
  'r.repliedByName as rRepliedByName',
  'r.visitResult as rVisitResult',
  'r.visitSatisfied as rVisitSatisfied',
  'r.visitedAt as rVisitedAt',
  'r.closedAt as rClosedAt',
] as const;

interface RectCols {
  rId: number | null;
  rStatus: string | null;
  rDeadline: number | string | null;
  rOverdue: number | null;
  rReply: string | null;
  rRepliedAt: number | string | null;
  rRepliedByName: string | null;
  rVisitResult: string | null;
  rVisitSatisfied: number | null;
  rVisitedAt: number | string | null;
  rClosedAt: number | string | null;
}

const rectView = (r: RectCols): RectificationView | null =>
  r.rId === null
    ? null
    : {
        id: Number(r.rId),
        status: r.rStatus as RectifyStatus,
        deadline: num(r.rDeadline),
        overdue: !!r.rOverdue,
        reply: r.rReply ?? '',
        repliedAt: numOrNull(r.rRepliedAt),
        repliedByName: r.rRepliedByName ?? '',
        visitResult: r.rVisitResult ?? '',
        visitSatisfied: r.rVisitSatisfied === null ? null : !!r.rVisitSatisfied,
        visitedAt: numOrNull(r.rVisitedAt),
        closedAt: numOrNull(r.rClosedAt),
      };

const evalColumns = [
  'e.id',
  'e.kind',
  'e.refId',
  'e.itemId',
  'e.itemName',
  'e.departmentName',
  'e.title',
  'e.level',
  'e.labels',
  'e.comment',
  'e.anonymous',
  'e.createdAt',
  'e.reply',
  'e.repliedAt',
] as const;

type EvalCols = {
  id: number;
  kind: string;
  refId: number;
  itemId: number;
  itemName: string;
  departmentName: string;
  title: string;
  level: number;
  labels: string;
  comment: string;
  anonymous: number;
  createdAt: number | string;
  reply: string;
  repliedAt: number | string | null;
} & RectCols;

const myEvaluation = (r: EvalCols): MyEvaluation => ({
  id: Number(r.id),
  kind: r.kind as SubjectKind,
  refId: Number(r.refId),
  itemId: Number(r.itemId),
  itemName: r.itemName,
  departmentName: r.departmentName,
  title: r.title,
  level: Number(r.level),
  labels: JSON.parse(r.labels) as string[],
  comment: r.comment,
  anonymous: !!r.anonymous,
  createdAt: Number(r.createdAt),
  reply: r.reply,
  repliedAt: numOrNull(r.repliedAt),
  rectification: rectView(r),
});

const withRect = (db: Conn) =>
  db.selectFrom('fbEvaluation as e').leftJoin('fbRectification as r', 'r.evaluationId', 'e.id');

export async function minePage(
  db: Conn,
  userId: number,
  q: { page: number; pageSize: number },
): Promise<{ total: number; list: MyEvaluation[] }> {
  const { limit, offset } = pageOf(q);
  const [rows, count] = await Promise.all([
    withRect(db)
      .select([...evalColumns, ...rectColumns])
      .where('e.userId', '=', userId)
      .orderBy('e.createdAt', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('fbEvaluation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { total: num(count.n), list: rows.map(myEvaluation) };
}

/** Hides the middle of a name for the public (李明轩 → 李*轩, 王颖 → 王*). */
export const maskName = (name: string) => {
  const chars = [...name];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
};

export async function itemSatisfaction(db: Conn, itemId: number) {
  const r = await db
    .selectFrom('fbEvaluation')
    .select(levelSums())
    .where('itemId', '=', itemId)
    .executeTakeFirstOrThrow();
  return satisfactionOf(r);
}

export async function itemLabelCounts(
  db: Conn,
  itemId: number,
  limit = 12,
): Promise<{ name: string; count: number }[]> {
  const rows = await db
    .selectFrom('fbEvaluationLabel')
    .select(['name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('itemId', '=', itemId)
    .groupBy('name')
    .orderBy('n', 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ name: r.name, count: num(r.n) }));
}

export async function itemReviewPage(db: Conn, q: ItemReviewsQuery): Promise<{ total: number; list: Review[] }> {
  let base = db
    .selectFrom('fbEvaluation as e')
    .leftJoin('appUser as u', 'u.id', 'e.userId')
    .where('e.itemId', '=', q.itemId);
  if (q.level) base = base.where('e.level', '=', q.level);
  const { limit, offset } = pageOf(q);
  const [rows, count] = await Promise.all([
    base
      .select([
        'e.id',
        'e.level',
        'e.labels',
        'e.comment',
        'e.anonymous',
        'e.kind',
        'e.createdAt',
        'e.reply',
        'e.repliedAt',
        'u.realName',
      ])
      .orderBy('e.createdAt', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: num(count.n),
    list: rows.map((r) => ({
      id: Number(r.id),
      level: Number(r.level),
      labels: JSON.parse(r.labels) as string[],
      comment: r.comment,
      userName: r.anonymous ? '匿名用户' : maskName(r.realName ?? ''),
      kind: r.kind as SubjectKind,
      createdAt: Number(r.createdAt),
      reply: r.reply,
      repliedAt: numOrNull(r.repliedAt),
    })),
  };
}

/** Satisfaction per item or per department (public), searchable by name, most rated first. */
export async function summaryPage(
  db: Conn,
  q: SummaryQuery,
  visitor: boolean,
): Promise<{ total: number; list: SummaryRow[] }> {
  const byItem = q.by === 'item';
  let base = db.selectFrom('fbEvaluation');
  // A visitor's item list names only items visitors may see (department totals count everything).
  if (visitor && byItem) base = base.where('itemPublic', '=', 1);
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([contains(eb.ref('itemName'), q.keyword!), contains(eb.ref('departmentName'), q.keyword!)]),
    );
  const key = byItem ? 'itemId' : 'departmentId';
  const { limit, offset } = pageOf(q);
  const [rows, count] = await Promise.all([
    base
      .select([
        `${key} as gid`,
        sql<string>`max(item_name)`.as('itemName'),
        sql<string>`max(department_name)`.as('departmentName'),
        (eb) => eb.fn.countAll<number>().as('n'),
        ...levelSums(),
      ])
      .groupBy(key)
      .orderBy('n', 'desc')
      .orderBy(key)
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom(base.select(key).groupBy(key).as('g'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: num(count.n),
    list: rows.map((r) => {
      const { distribution: _d, ...s } = satisfactionOf(r);
      return {
        id: Number(r.gid),
        name: byItem ? r.itemName : r.departmentName,
        departmentName: r.departmentName,
        ...s,
      };
    }),
  };
}

interface StatsScope {
  itemId?: number;
  departmentId?: number;
  from?: number;
  to?: number;
}

/** SQL: the rows in the scope (item, department, period of rating); `alias` names the table. */
const inScope = (s: StatsScope, alias?: string): Expression<SqlBool> => {
  const c = (n: string) => sql.ref(alias ? `${alias}.${n}` : n);
  const parts = [sql`1 = 1`];
  if (s.itemId) parts.push(sql`${c('item_id')} = ${s.itemId}`);
  if (s.departmentId) parts.push(sql`${c('department_id')} = ${s.departmentId}`);
  if (s.from !== undefined) parts.push(sql`${c('created_at')} >= ${s.from}`);
  if (s.to !== undefined) parts.push(sql`${c('created_at')} < ${s.to}`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
};

export async function overview(db: Conn, s: StatsScope = {}): Promise<Overview> {
  const r = await db
    .selectFrom('fbEvaluation')
    .where(inScope(s))
    .select([
      ...levelSums(),
      sql<number>`count(distinct item_id)`.as('items'),
      sql<number>`count(distinct department_id)`.as('departments'),
    ])
    .executeTakeFirstOrThrow();
  return { ...satisfactionOf(r), items: num(r.items), departments: num(r.departments) };
}

/** Back-office statistics grouped by item, department or month. */
export async function statsPage(db: Conn, q: StatsQuery): Promise<{ total: number; list: StatsRow[] }> {
  const key = q.by === 'item' ? 'itemId' : q.by === 'department' ? 'departmentId' : 'month';
  const base = db.selectFrom('fbEvaluation').where(inScope(q));
  const { limit, offset } = pageOf(q);
  let rows = base
    .select([
      `${key} as gid`,
      sql<string>`max(item_name)`.as('itemName'),
      sql<string>`max(department_name)`.as('departmentName'),
      (eb) => eb.fn.countAll<number>().as('n'),
      ...levelSums(),
    ])
    .groupBy(key);
  rows = q.by === 'month' ? rows.orderBy('month', 'desc') : rows.orderBy('n', 'desc').orderBy(key);
  const [list, count] = await Promise.all([
    rows.limit(limit).offset(offset).execute(),
    db
      .selectFrom(base.select(key).groupBy(key).as('g'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: num(count.n),
    list: list.map((r) => ({
      id: q.by === 'month' ? 0 : Number(r.gid),
      name: q.by === 'item' ? r.itemName : q.by === 'department' ? r.departmentName : String(r.gid),
      ...satisfactionOf(r),
    })),
  };
}

export async function rectifyCounts(db: Conn, s: StatsScope, now: number) {
  const r = await db
    .selectFrom('fbRectification')
    .where(inScope({ itemId: s.itemId, departmentId: s.departmentId }))
    .select([
      sql<number>`sum(case when status <> 'closed' then 1 else 0 end)`.as('open'),
      sql<number>`sum(case when status = 'open' and (overdue = 1 or deadline < ${now}) then 1 else 0 end)`.as(
        'overdue',
      ),
      sql<number>`sum(case when status = 'closed' then 1 else 0 end)`.as('closed'),
    ])
    .executeTakeFirstOrThrow();
  return { open: num(r.open), overdue: num(r.overdue), closed: num(r.closed) };
}

// --- back office list --------------------------------------------------------------------------

const adminBase = (db: Conn, q: Omit<AdminListQuery, 'page' | 'pageSize'>) => {
  let base = withRect(db).leftJoin('appUser as u', 'u.id', 'e.userId');
  base = base.where(inScope(q, 'e'));
  if (q.level) base = base.where('e.level', '=', q.level);
  if (q.bad !== undefined) base = base.where('e.level', q.bad ? '<=' : '>=', q.bad ? 2 : 3);
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([
        contains(eb.ref('e.itemName'), q.keyword!),
        contains(eb.ref('e.comment'), q.keyword!),
        contains(eb.ref('u.realName'), q.keyword!),
        contains(eb.ref('u.userNo'), q.keyword!),
      ]),
    );
  return base;
};

const adminColumns = [...evalColumns, ...rectColumns, 'u.realName', 'u.userNo'] as const;

const adminRow = (r: EvalCols & { realName: string | null; userNo: string | null }): AdminEvaluation => ({
  ...myEvaluation(r),
  userName: r.realName ?? '',
  userNo: r.userNo ?? '',
});

export async function adminPage(db: Conn, q: AdminListQuery): Promise<{ total: number; list: AdminEvaluation[] }> {
  const base = adminBase(db, q);
  const { limit, offset } = pageOf(q);
  const [rows, count] = await Promise.all([
    base
      .select(adminColumns)
      .orderBy('e.createdAt', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: num(count.n), list: rows.map(adminRow) };
}

/** Keyset pages for the export, by id. */
export async function adminRowsAfter(
  db: Conn,
  q: Omit<AdminListQuery, 'page' | 'pageSize'>,
  afterId: number,
  limit: number,
): Promise<AdminEvaluation[]> {
  const rows = await adminBase(db, q)
    .where('e.id', '>', afterId)
    .select(adminColumns)
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map(adminRow);
}

// --- rectifications ------------------------------------------------------------------------------

export async function insertRectification(
  db: Conn,
  v: { evaluationId: number; itemId: number; departmentId: number; deadline: number; createdAt: number },
): Promise<number> {
  const r = await db
    .insertInto('fbRectification')
    .values({
      ...v,
      status: 'open',
      overdue: 0,
      overdueNotifiedAt: null,
      reply: '',
      repliedAt: null,
      repliedByName: '',
      visitResult: '',
      visitSatisfied: null,
      visitedAt: null,
      closedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function findRectification(db: Conn, id: number) {
  return db
    .selectFrom('fbRectification as r')
    .innerJoin('fbEvaluation as e', 'e.id', 'r.evaluationId')
    .select([
      'r.id',
      'r.status',
      'r.departmentId',
      'r.evaluationId',
      'e.userId',
      'e.itemName',
      'e.level',
      'e.kind',
      'e.refId',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export async function updateRectification(
  db: Conn,
  id: number,
  fromStatus: RectifyStatus,
  v: Partial<{
    status: RectifyStatus;
    reply: string;
    repliedAt: number;
    repliedByName: string;
    visitResult: string;
    visitSatisfied: number;
    visitedAt: number;
    closedAt: number;
  }>,
): Promise<boolean> {
  // The status in the where makes two racing answers change the row once.
  const r = await db
    .updateTable('fbRectification')
    .set(v)
    .where('id', '=', id)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function rectifyPage(
  db: Conn,
  departmentId: number | null,
  q: RectifyListQuery,
  now: number,
): Promise<{ total: number; list: RectifyRow[] }> {
  let base = db
    .selectFrom('fbRectification as r')
    .innerJoin('fbEvaluation as e', 'e.id', 'r.evaluationId')
    .leftJoin('appUser as u', 'u.id', 'e.userId');
  if (departmentId !== null) base = base.where('r.departmentId', '=', departmentId);
  if (q.status) base = base.where('r.status', '=', q.status);
  if (q.overdue !== undefined)
    base = q.overdue
      ? base.where((eb) =>
          eb.or([eb('r.overdue', '=', 1), eb.and([eb('r.status', '=', 'open'), eb('r.deadline', '<', now)])]),
        )
      : base
          .where('r.overdue', '=', 0)
          .where((eb) => eb.or([eb('r.status', '<>', 'open'), eb('r.deadline', '>=', now)]));
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([contains(eb.ref('e.itemName'), q.keyword!), contains(eb.ref('e.comment'), q.keyword!)]),
    );
  const { limit, offset } = pageOf(q);
  const [rows, count] = await Promise.all([
    base
      .select([
        ...rectColumns,
        'r.evaluationId',
        'r.createdAt',
        'e.itemId',
        'e.itemName',
        'e.departmentName',
        'e.level',
        'e.labels',
        'e.comment',
        'e.anonymous',
        'e.createdAt as ratedAt',
        'u.realName',
        'u.phone',
      ])
      // Open ones first, the nearest deadline first; then answered, then closed.
      .orderBy(sql`case r.status when 'open' then 0 when 'replied' then 1 else 2 end`)
      .orderBy('r.deadline')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: num(count.n),
    list: rows.map((r) => {
      const view = rectView(r)!;
      return {
        ...view,
        overdue: view.overdue || (view.status === 'open' && view.deadline < now),
        evaluationId: Number(r.evaluationId),
        itemId: Number(r.itemId),
        itemName: r.itemName,
        departmentName: r.departmentName,
        level: Number(r.level),
        labels: JSON.parse(r.labels) as string[],
        comment: r.comment,
        applicantName: r.anonymous ? '匿名用户' : (r.realName ?? ''),
        applicantPhone: r.anonymous ? '' : (r.phone ?? ''),
        ratedAt: Number(r.ratedAt),
        createdAt: Number(r.createdAt),
      };
    }),
  };
}

/** Open rectifications past their deadline not flagged yet (the overdue job). */
export async function newlyOverdue(db: Conn, now: number, limit: number) {
  return db
    .selectFrom('fbRectification as r')
    .innerJoin('fbEvaluation as e', 'e.id', 'r.evaluationId')
    .select(['r.id', 'r.departmentId', 'e.itemName'])
    .where('r.status', '=', 'open')
    .where('r.overdue', '=', 0)
    .where('r.deadline', '<', now)
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export async function flagOverdue(db: Conn, ids: number[], now: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('fbRectification')
    .set({ overdue: 1, overdueNotifiedAt: now })
    .where('id', 'in', ids)
    .where('overdue', '=', 0)
    .execute();
}

// --- people ------------------------------------------------------------------------------------

export async function userBrief(db: Conn, userId: number) {
  return db
    .selectFrom('appUser')
    .select(['id', 'realName', 'departmentId'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Active staff of a department: who hears of its 差评 and overdue rectifications. */
export async function departmentStaff(db: Conn, departmentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where('departmentId', '=', departmentId)
    .where('kind', '=', 'staff')
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((r) => Number(r.id));
}
