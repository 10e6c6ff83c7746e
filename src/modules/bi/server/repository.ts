import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import { isPostgres } from '@/server/db/migrations/helpers';
import type { IndicatorStatus, Owner, WarningStatus } from '../contract';
import './tables';

/** BI's SQL (besides the aggregate layer's over `dt_*`): indicators, owners, values, warnings, notices. */
export type Conn = Kysely<Database> | Transaction<Database>;

const INDICATOR_COLUMNS = [
  'i.id',
  'i.name',
  'i.code',
  'i.description',
  'i.metric',
  'i.tableCode',
  'i.unit',
  'i.thresholds',
  'i.status',
  'i.lastPeriod',
  'i.lastValue',
  'i.lastEvaluatedAt',
  'i.lastError',
  'i.updatedAt',
] as const;

export type IndicatorRecord = Awaited<ReturnType<typeof indicatorById>> & {};

export function indicatorById(q: Conn, id: number) {
  return q.selectFrom('biIndicator as i').select(INDICATOR_COLUMNS).where('i.id', '=', id).executeTakeFirst();
}

export async function codeTaken(q: Conn, code: string, exceptId?: number): Promise<boolean> {
  let s = q.selectFrom('biIndicator').select('id').where('code', '=', code);
  if (exceptId) s = s.where('id', '<>', exceptId);
  return !!(await s.executeTakeFirst());
}

export async function listIndicators(
  q: Conn,
  f: { status: IndicatorStatus; keyword?: string; page: number; pageSize: number },
) {
  let base = q.selectFrom('biIndicator as i').where('i.status', '=', f.status);
  const kw = f.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([eb('i.name', 'like', `%${kw}%`), eb('i.code', 'like', `%${kw}%`)]));
  const [list, total] = await Promise.all([
    base
      .select(INDICATOR_COLUMNS)
      .orderBy('i.updatedAt', 'desc')
      .orderBy('i.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}

export async function activeIndicators(q: Conn) {
  return q
    .selectFrom('biIndicator as i')
    .select(INDICATOR_COLUMNS)
    .where('i.status', '=', 'active')
    .orderBy('i.id')
    .execute();
}

export async function insertIndicator(
  q: Conn,
  v: {
    name: string;
    code: string;
    description: string;
    metric: string;
    tableCode: string;
    unit: string;
    thresholds: string;
    createdBy: number | null;
    at: number;
  },
): Promise<number> {
  const r = await q
    .insertInto('biIndicator')
    .values({
      name: v.name,
      code: v.code,
      description: v.description,
      metric: v.metric,
      tableCode: v.tableCode,
      unit: v.unit,
      thresholds: v.thresholds,
      status: 'active',
      lastPeriod: null,
      lastValue: null,
      lastEvaluatedAt: null,
      lastError: '',
      createdBy: v.createdBy,
      createdAt: v.at,
      updatedAt: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateIndicator(
  q: Conn,
  id: number,
  v: {
    name: string;
    code: string;
    description: string;
    metric: string;
    tableCode: string;
    unit: string;
    thresholds: string;
    at: number;
  },
): Promise<void> {
  await q
    .updateTable('biIndicator')
    .set({
      name: v.name,
      code: v.code,
      description: v.description,
      metric: v.metric,
      tableCode: v.tableCode,
      unit: v.unit,
      thresholds: v.thresholds,
      updatedAt: v.at,
    })
    .where('id', '=', id)
    .execute();
}

export async function setStatus(q: Conn, id: number, status: IndicatorStatus, at: number): Promise<void> {
  await q.updateTable('biIndicator').set({ status, updatedAt: at }).where('id', '=', id).execute();
}

export async function setOwners(q: Conn, id: number, userIds: readonly number[]): Promise<void> {
  await q.deleteFrom('biIndicatorOwner').where('indicatorId', '=', id).execute();
  if (userIds.length)
    await q
      .insertInto('biIndicatorOwner')
      .values([...new Set(userIds)].map((userId) => ({ indicatorId: id, userId })))
      .execute();
}

export async function deleteIndicator(q: Conn, id: number): Promise<void> {
  await q.deleteFrom('biIndicatorOwner').where('indicatorId', '=', id).execute();
  await q.deleteFrom('biIndicator').where('id', '=', id).execute();
}

export async function hasValues(q: Conn, id: number): Promise<boolean> {
  const r = await q
    .selectFrom('biIndicatorValue')
    .select('id')
    .where('indicatorId', '=', id)
    .limit(1)
    .executeTakeFirst();
  return !!r;
}

/** Owners of indicators, by indicator id (names as the organisation keeps them). */
export async function ownersOf(q: Conn, ids: readonly number[]): Promise<Map<number, Owner[]>> {
  const out = new Map<number, Owner[]>();
  if (!ids.length) return out;
  const rows = await q
    .selectFrom('biIndicatorOwner as o')
    .innerJoin('appUser as u', 'u.id', 'o.userId')
    .select(['o.indicatorId', 'u.id', 'u.realName', 'u.userNo'])
    .where('o.indicatorId', 'in', [...ids])
    .orderBy('u.userNo')
    .execute();
  for (const r of rows) {
    const list = out.get(r.indicatorId) ?? [];
    list.push({ id: r.id, name: r.realName, userNo: r.userNo });
    out.set(r.indicatorId, list);
  }
  return out;
}

export async function isOwner(q: Conn, indicatorId: number, userId: number): Promise<boolean> {
  const r = await q
    .selectFrom('biIndicatorOwner')
    .select('userId')
    .where('indicatorId', '=', indicatorId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return !!r;
}

/** Active staff among these ids (owners must be). */
export async function activeStaff(q: Conn, ids: readonly number[]) {
  if (!ids.length) return [];
  return q
    .selectFrom('appUser')
    .select(['id', 'realName'])
    .where('id', 'in', [...ids])
    .where('kind', '=', 'staff')
    .where('status', '=', 'active')
    .execute();
}

export async function searchStaff(q: Conn, keyword: string) {
  const kw = `%${keyword.trim()}%`;
  return q
    .selectFrom('appUser as u')
    .leftJoin('department as d', 'd.id', 'u.departmentId')
    .select(['u.id', 'u.realName', 'u.userNo', 'd.name as department'])
    .where('u.kind', '=', 'staff')
    .where('u.status', '=', 'active')
    .where((eb) => eb.or([eb('u.realName', 'like', kw), eb('u.userNo', 'like', kw)]))
    .orderBy('u.userNo')
    .limit(20)
    .execute();
}

// --- values ---

/** Stores values per period: a period already there gets its value refreshed (rerun, late rows). */
export async function upsertValues(
  q: Conn,
  indicatorId: number,
  rows: readonly { period: string; value: number | null }[],
  at: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await q
      .insertInto('biIndicatorValue')
      .values(rows.slice(i, i + 200).map((r) => ({ indicatorId, period: r.period, value: r.value, evaluatedAt: at })))
      .onConflict((oc) =>
        oc.columns(['indicatorId', 'period']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          evaluatedAt: eb.ref('excluded.evaluatedAt'),
        })),
      )
      .execute();
  }
}

export async function recordEvaluation(
  q: Conn,
  id: number,
  v: { lastPeriod: string | null; lastValue: number | null; lastError: string; at: number },
): Promise<void> {
  await q
    .updateTable('biIndicator')
    .set({ lastPeriod: v.lastPeriod, lastValue: v.lastValue, lastError: v.lastError, lastEvaluatedAt: v.at })
    .where('id', '=', id)
    .execute();
}

/** The newest values (by period), oldest first. */
export async function valueHistory(q: Conn, indicatorId: number, limit: number) {
  const rows = await q
    .selectFrom('biIndicatorValue')
    .select(['period', 'value', 'evaluatedAt'])
    .where('indicatorId', '=', indicatorId)
    .orderBy('period', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

// --- warnings ---

/**
 * Holds the indicator's row until the transaction ends, so two evaluations (the hourly job and the
 * after-sync one on two app servers) cannot both find no live warning and open two. SQLite needs
 * nothing: its one writer connection runs one transaction at a time.
 */
export async function lockIndicator(q: Conn, id: number): Promise<void> {
  if (!isPostgres(q as unknown as Kysely<unknown>)) return;
  await q.selectFrom('biIndicator').select('id').where('id', '=', id).forUpdate().execute();
}

/** The warning whose breach still lasts (open, or acknowledged but not yet back within bounds). */
export function liveWarning(q: Conn, indicatorId: number) {
  return q
    .selectFrom('biWarning')
    .selectAll()
    .where('indicatorId', '=', indicatorId)
    .where('recoveredAt', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertWarning(
  q: Conn,
  v: {
    indicatorId: number;
    level: string;
    bound: string;
    threshold: number;
    period: string;
    value: number;
    at: number;
  },
): Promise<number> {
  const r = await q
    .insertInto('biWarning')
    .values({
      indicatorId: v.indicatorId,
      status: 'open',
      level: v.level,
      bound: v.bound,
      threshold: v.threshold,
      period: v.period,
      value: v.value,
      latestValue: v.value,
      openedAt: v.at,
      ackBy: null,
      ackName: '',
      ackNote: '',
      ackAt: null,
      closedAt: null,
      closeNote: '',
      recoveredAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function refreshWarning(
  q: Conn,
  id: number,
  v: { latestValue: number; level: string; bound: string; threshold: number },
): Promise<void> {
  await q.updateTable('biWarning').set(v).where('id', '=', id).execute();
}

/** Back within bounds: an open warning closes (recorded); an acknowledged one only ends its breach. */
export async function recoverWarning(
  q: Conn,
  w: { id: number; status: string },
  v: { latestValue: number; at: number; note: string },
): Promise<void> {
  await q
    .updateTable('biWarning')
    .set(
      w.status === 'open'
        ? { status: 'closed', closedAt: v.at, closeNote: v.note, recoveredAt: v.at, latestValue: v.latestValue }
        : { recoveredAt: v.at, latestValue: v.latestValue },
    )
    .where('id', '=', w.id)
    .execute();
}

/** 确认: only an open warning (the status check is in the update, so two owners cannot both confirm). */
export async function acknowledge(
  q: Conn,
  id: number,
  v: { userId: number; name: string; note: string; at: number },
): Promise<boolean> {
  const r = await q
    .updateTable('biWarning')
    .set({ status: 'acknowledged', ackBy: v.userId, ackName: v.name, ackNote: v.note, ackAt: v.at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function warningById(q: Conn, id: number) {
  return q.selectFrom('biWarning').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNotices(
  q: Conn,
  warningId: number,
  people: readonly { userId: number; name: string }[],
  at: number,
): Promise<void> {
  if (!people.length) return;
  await q
    .insertInto('biWarningNotice')
    .values(people.map((p) => ({ warningId, userId: p.userId, userName: p.name, notifiedAt: at })))
    .execute();
}

export async function noticesOf(q: Conn, warningIds: readonly number[]) {
  if (!warningIds.length) return [];
  return q
    .selectFrom('biWarningNotice')
    .select(['warningId', 'userId', 'userName', 'notifiedAt'])
    .where('warningId', 'in', [...warningIds])
    .orderBy('id')
    .execute();
}

/**
 * Warnings of the indicators a user owns (all when userId is null), newest first, paginated in SQL.
 * Without a status: the ones still to look at (open and acknowledged), not the closed.
 */
export async function listWarnings(
  q: Conn,
  f: { userId: number | null; status?: WarningStatus; page: number; pageSize: number },
) {
  let base = q.selectFrom('biWarning as w').innerJoin('biIndicator as i', 'i.id', 'w.indicatorId');
  if (f.userId !== null) {
    const uid = f.userId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('biIndicatorOwner as o')
          .select(sql.lit(1).as('one'))
          .whereRef('o.indicatorId', '=', 'w.indicatorId')
          .where('o.userId', '=', uid),
      ),
    );
  }
  base = f.status ? base.where('w.status', '=', f.status) : base.where('w.status', '<>', 'closed');
  const [list, total] = await Promise.all([
    base
      .select([
        'w.id',
        'w.indicatorId',
        'i.name as indicatorName',
        'i.unit',
        'i.thresholds',
        'w.status',
        'w.level',
        'w.bound',
        'w.threshold',
        'w.period',
        'w.value',
        'w.latestValue',
        'w.openedAt',
        'w.ackName',
        'w.ackNote',
        'w.ackAt',
        'w.closedAt',
        'w.closeNote',
      ])
      .orderBy('w.openedAt', 'desc')
      .orderBy('w.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}

/** Open warnings per indicator (the back office list shows their level). */
export async function openLevels(q: Conn, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await q
    .selectFrom('biWarning')
    .select(['indicatorId', 'level'])
    .where('indicatorId', 'in', [...ids])
    .where('status', '=', 'open')
    .execute();
  return new Map(rows.map((r) => [r.indicatorId, r.level]));
}
