import { sql } from 'kysely';
import * as repo from '../repository';
import { contains, n } from '../repository/conn';
import { remindWaitingIn } from '../service';
import type { Actor } from '../engine';

/**
 * Reads of node time limits for efficiency supervision (issue 22): open tasks past or near their
 * due time, and per department, person or process how many limited tasks ran late and how long
 * handling took — every count and average computed in SQL (indexes of 0051-wf-task-due). Plus the
 * supervisor's urge of one task (the engine's urge) and who an overdue task escalates to.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Beijing time: days of the trend begin at 00:00 UTC+8. */
const TZ_OFFSET = 8 * HOUR;

/** Whose tasks a reader sees: every department, or the assignees' departments listed. */
export type SupervisionScope = { all: true } | { all: false; departmentIds: number[] };

export interface SupervisionFilter {
  scope: SupervisionScope;
  departmentId?: number;
  processId?: number;
  assigneeId?: number;
  keyword?: string;
}

export type OpenKind = 'overdue' | 'dueSoon';

export interface SupervisedTask {
  id: number;
  instanceId: number;
  title: string;
  processId: number;
  processName: string;
  nodeName: string;
  assigneeId: number;
  assigneeName: string;
  /** 工号 */
  assigneeNo: string;
  departmentId: number | null;
  departmentName: string;
  applicantName: string;
  createdAt: number;
  dueAt: number;
  lastUrgedAt: number | null;
}

export interface SupervisionGroup {
  key: number;
  name: string;
  departmentName: string;
  /** Tasks with a time limit that began in the period (withdrawn ones left out). */
  total: number;
  /** Of those: handled after the limit, or still open past it. */
  late: number;
  /** Still open past the limit now. */
  openOverdue: number;
  lateRate: number;
  /** Mean hours from a task's start to its handling, over the handled ones; null when none. */
  meanHours: number | null;
}

const joined = (db: repo.Conn) =>
  db
    .selectFrom('wfTask as t')
    .innerJoin('appUser as u', 'u.id', 't.assigneeId')
    .innerJoin('wfInstance as i', 'i.id', 't.instanceId');

type Base = ReturnType<typeof joined>;

function base(db: repo.Conn, f: SupervisionFilter): Base {
  let q = joined(db).where('t.dueAt', 'is not', null);
  if (!f.scope.all) {
    // A department leader of nothing sees nothing (the service refuses them before this).
    q = f.scope.departmentIds.length ? q.where('u.departmentId', 'in', f.scope.departmentIds) : q.where(sql.lit(false));
  }
  if (f.departmentId !== undefined) q = q.where('u.departmentId', '=', f.departmentId);
  if (f.processId !== undefined) q = q.where('i.processId', '=', f.processId);
  if (f.assigneeId !== undefined) q = q.where('t.assigneeId', '=', f.assigneeId);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains(eb.ref('t.title'), k), contains(eb.ref('t.assigneeName'), k)]));
  }
  return q;
}

const openOf = (q: Base, kind: OpenKind, now: number, soonMs: number) => {
  const open = q.where('t.status', '=', 'pending');
  return kind === 'overdue'
    ? open.where('t.dueAt', '<', now)
    : open.where('t.dueAt', '>=', now).where('t.dueAt', '<', now + soonMs);
};

const num = (v: unknown) => Number(v ?? 0);

/** Open tasks with a limit: how many are past it and how many fall due within `soonMs`. */
export async function openCounts(
  db: repo.Conn,
  f: SupervisionFilter,
  now: number,
  soonMs: number,
): Promise<{ overdue: number; dueSoon: number }> {
  const r = await base(db, f)
    .where('t.status', '=', 'pending')
    .where('t.dueAt', '<', now + soonMs)
    .select([
      sql<number>`sum(case when ${sql.ref('t.dueAt')} < ${now} then 1 else 0 end)`.as('overdue'),
      sql<number>`sum(case when ${sql.ref('t.dueAt')} >= ${now} then 1 else 0 end)`.as('dueSoon'),
    ])
    .executeTakeFirst();
  return { overdue: num(r?.overdue), dueSoon: num(r?.dueSoon) };
}

/** A page of open overdue (or soon due) tasks, the most overdue (the soonest due) first. */
export async function openTaskPage(
  db: repo.Conn,
  f: SupervisionFilter,
  kind: OpenKind,
  now: number,
  soonMs: number,
  page: number,
  pageSize: number,
): Promise<{ list: SupervisedTask[]; total: number }> {
  const q = openOf(base(db, f), kind, now, soonMs);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    withColumns(q)
      .orderBy('t.dueAt', 'asc')
      .orderBy('t.id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { list: rows.map(toTask), total: num(count?.n) };
}

/** Open tasks of a kind in id order after `afterId` (keyset pages of a streamed export). */
export async function openTasksAfter(
  db: repo.Conn,
  f: SupervisionFilter,
  kind: OpenKind,
  now: number,
  soonMs: number,
  afterId: number,
  limit: number,
): Promise<SupervisedTask[]> {
  const rows = await withColumns(openOf(base(db, f), kind, now, soonMs).where('t.id', '>', afterId))
    .orderBy('t.id')
    .limit(limit)
    .execute();
  return rows.map(toTask);
}

function withColumns(q: Base) {
  return q
    .innerJoin('wfProcess as p', 'p.id', 'i.processId')
    .leftJoin('department as d', 'd.id', 'u.departmentId')
    .select([
      't.id',
      't.instanceId',
      't.title',
      'i.processId',
      'p.name as processName',
      't.nodeName',
      't.assigneeId',
      't.assigneeName',
      'u.userNo as assigneeNo',
      'u.departmentId',
      'd.name as departmentName',
      't.applicantName',
      't.createdAt',
      't.dueAt',
      'i.lastUrgedAt',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

const toTask = (r: Row): SupervisedTask => ({
  id: r.id,
  instanceId: r.instanceId,
  title: r.title,
  processId: r.processId,
  processName: r.processName,
  nodeName: r.nodeName,
  assigneeId: r.assigneeId,
  assigneeName: r.assigneeName,
  assigneeNo: r.assigneeNo,
  departmentId: r.departmentId ?? null,
  departmentName: r.departmentName ?? '',
  applicantName: r.applicantName,
  createdAt: Number(r.createdAt),
  dueAt: Number(r.dueAt),
  lastUrgedAt: n(r.lastUrgedAt),
});

/** Late: handled after its limit, or still open past it. */
const lateCase = (now: number) =>
  sql<number>`case when (${sql.ref('t.handledAt')} is not null and ${sql.ref('t.handledAt')} > ${sql.ref('t.dueAt')})
    or (${sql.ref('t.status')} = 'pending' and ${sql.ref('t.dueAt')} < ${now}) then 1 else 0 end`;

/**
 * Limited tasks that began in [from, to), grouped by the assignee's department, the assignee or
 * the process: totals, late ones, the late rate and mean handling hours; ranked in SQL by late rate
 * (or mean hours) and cut to `limit`.
 */
export async function groupStats(
  db: repo.Conn,
  f: SupervisionFilter,
  by: 'department' | 'person' | 'process',
  period: { from: number; to: number },
  now: number,
  sort: 'lateRate' | 'meanHours',
  limit: number,
): Promise<SupervisionGroup[]> {
  const q = base(db, f)
    .where('t.status', '!=', 'cancelled')
    .where('t.createdAt', '>=', period.from)
    .where('t.createdAt', '<', period.to)
    .leftJoin('department as d', 'd.id', 'u.departmentId');
  const late = lateCase(now);
  const total = sql<number>`count(*)`;
  const lateSum = sql<number>`sum(${late})`;
  const openOverdue = sql<number>`sum(case when ${sql.ref('t.status')} = 'pending' and ${sql.ref('t.dueAt')} < ${now} then 1 else 0 end)`;
  const meanMs = sql<
    number | null
  >`avg(case when ${sql.ref('t.handledAt')} is not null then ${sql.ref('t.handledAt')} - ${sql.ref('t.createdAt')} end)`;
  const rate = sql<number>`(${lateSum}) * 1.0 / count(*)`;
  const aggregates = [
    total.as('total'),
    lateSum.as('late'),
    openOverdue.as('openOverdue'),
    meanMs.as('meanMs'),
    rate.as('lateRate'),
  ] as const;
  const grouped =
    by === 'department'
      ? q
          .select([
            sql<number>`coalesce(${sql.ref('u.departmentId')}, 0)`.as('key'),
            sql<string>`coalesce(max(${sql.ref('d.name')}), '未分配部门')`.as('name'),
            sql<string>`coalesce(max(${sql.ref('d.name')}), '')`.as('departmentName'),
            ...aggregates,
          ])
          .groupBy('u.departmentId')
      : by === 'person'
        ? q
            .select([
              't.assigneeId as key',
              sql<string>`max(${sql.ref('u.realName')})`.as('name'),
              sql<string>`coalesce(max(${sql.ref('d.name')}), '')`.as('departmentName'),
              ...aggregates,
            ])
            .groupBy('t.assigneeId')
        : q
            .innerJoin('wfProcess as p', 'p.id', 'i.processId')
            .select([
              'i.processId as key',
              sql<string>`max(${sql.ref('p.name')})`.as('name'),
              sql<string>`''`.as('departmentName'),
              ...aggregates,
            ])
            .groupBy('i.processId');
  const ordered =
    sort === 'lateRate'
      ? grouped.orderBy(rate, 'desc').orderBy(lateSum, 'desc')
      : grouped.orderBy(sql`${meanMs} is null`).orderBy(meanMs, 'desc');
  const rows = await ordered.orderBy('key').limit(limit).execute();
  return rows.map((r) => ({
    key: num(r.key),
    name: r.name,
    departmentName: r.departmentName,
    total: num(r.total),
    late: num(r.late),
    openOverdue: num(r.openOverdue),
    lateRate: Math.round(num(r.lateRate) * 10_000) / 10_000,
    meanHours: r.meanMs === null ? null : Math.round((Number(r.meanMs) / HOUR) * 10) / 10,
  }));
}

/** The whole period's totals (the same measures as a group, over every task in scope). */
export async function periodTotals(
  db: repo.Conn,
  f: SupervisionFilter,
  period: { from: number; to: number },
  now: number,
): Promise<{ total: number; late: number; lateRate: number; meanHours: number | null }> {
  const r = await base(db, f)
    .where('t.status', '!=', 'cancelled')
    .where('t.createdAt', '>=', period.from)
    .where('t.createdAt', '<', period.to)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(${lateCase(now)})`.as('late'),
      sql<
        number | null
      >`avg(case when ${sql.ref('t.handledAt')} is not null then ${sql.ref('t.handledAt')} - ${sql.ref('t.createdAt')} end)`.as(
        'meanMs',
      ),
    ])
    .executeTakeFirst();
  const total = num(r?.total);
  const late = num(r?.late);
  return {
    total,
    late,
    lateRate: total ? Math.round((late / total) * 10_000) / 10_000 : 0,
    meanHours: r?.meanMs == null ? null : Math.round((Number(r.meanMs) / HOUR) * 10) / 10,
  };
}

/**
 * Daily overdue counts: per day (Beijing time) of [from, min(to, now)), how many limited tasks fell
 * due that day and were not handled in time. Days without any are absent (the caller fills zeros).
 */
export async function dailyOverdue(
  db: repo.Conn,
  f: SupervisionFilter,
  period: { from: number; to: number },
  now: number,
): Promise<{ day: number; count: number }[]> {
  const day = sql<number>`(${sql.ref('t.dueAt')} + ${sql.lit(TZ_OFFSET)}) / ${sql.lit(DAY)}`;
  const rows = await base(db, f)
    .where('t.status', '!=', 'cancelled')
    .where('t.dueAt', '>=', period.from)
    .where('t.dueAt', '<', Math.min(period.to, now))
    .where((eb) => eb.or([eb('t.handledAt', 'is', null), eb('t.handledAt', '>', eb.ref('t.dueAt'))]))
    .select([day.as('day'), sql<number>`count(*)`.as('count')])
    .groupBy(day)
    .orderBy(day)
    .execute();
  // The day number back to the ms of that day's Beijing midnight.
  return rows.map((r) => ({ day: Math.floor(num(r.day)) * DAY - TZ_OFFSET, count: num(r.count) }));
}

/** One task as supervision needs it (scope checks, urging, escalation), or undefined. */
export async function supervisedTask(
  db: repo.Conn,
  taskId: number,
): Promise<(SupervisedTask & { status: string }) | undefined> {
  const r = await withColumns(joined(db).where('t.id', '=', taskId))
    .select(['t.status', 't.dueAt as rawDue'])
    .executeTakeFirst();
  if (!r || r.rawDue === null) return undefined;
  return { ...toTask(r), status: r.status };
}

/** Processes that have limited tasks (the filter's choices). */
export async function supervisedProcesses(db: repo.Conn): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('wfProcess').select(['id', 'name']).where('status', '!=', 'draft').orderBy('id').execute();
}

/** The departments a user leads. */
export const departmentsLedBy = repo.departmentsLedBy;

/** Who an overdue task escalates to (the same rule as the time limits' 上报上级). */
export const escalationLeaders = repo.escalationLeaders;

/** A supervisor urges the assignee of one open task: the engine's urge, limited to that task. */
export async function urgeTask(trx: repo.Tx, actor: Actor, instanceId: number, taskId: number, now: number) {
  await remindWaitingIn(trx, actor, instanceId, now, taskId);
}
