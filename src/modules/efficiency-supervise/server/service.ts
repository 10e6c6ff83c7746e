import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import { AppError } from '@/server/errors';
import type { AuthContext } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import * as wf from '@/modules/workflow/server/commands/supervision';
import {
  DUE_SOON_HOURS,
  MAX_PERIOD_DAYS,
  RANK_LIMIT,
  type EscalateAnswer,
  type GroupQuery,
  type GroupRow,
  type OpenKind,
  type Overview,
  type OverviewQuery,
  type SuperviseScope,
  type SupervisedTaskItem,
  type TaskQuery,
  type TrendPoint,
} from '../contract';
import * as repo from './repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TZ_OFFSET = 8 * HOUR;
const SOON_MS = DUE_SOON_HOURS * HOUR;
/** The default period: the last 30 days up to the end of today (Beijing time). */
const DEFAULT_DAYS = 30;

type Filters = { departmentId?: number; processId?: number; assigneeId?: number; keyword?: string };

/**
 * Who sees what (enforced here, whatever the client asks): administrators, school leaders and the
 * supervision office see every department; a department leader the tasks of their departments'
 * people; anyone else is refused (0x000008a1).
 */
export async function scopeOf(db: Db, auth: AuthContext): Promise<wf.SupervisionScope> {
  if (auth.isAdmin || (await repo.holdsSupervisorRole(db, auth.userId))) return { all: true };
  const departmentIds = await wf.departmentsLedBy(db, auth.userId);
  if (!departmentIds.length)
    throw new AppError(Codes.superviseNoScope, 403, '您不是校领导、督查办或部门负责人，无权查看效能督查');
  return { all: false, departmentIds };
}

/** The scope and the reader's filters as one filter; a department outside the scope is refused. */
async function filterOf(db: Db, auth: AuthContext, f: Filters): Promise<wf.SupervisionFilter> {
  const scope = await scopeOf(db, auth);
  if (f.departmentId !== undefined && !scope.all && !scope.departmentIds.includes(f.departmentId))
    throw new AppError(Codes.superviseNoScope, 403, '无权查看该部门的督查数据');
  return { scope, ...f };
}

/** [from, to) of a query; defaults to the last 30 days; refuses an inverted or too long one. */
export function periodOf(q: { from?: number; to?: number }, now: number): { from: number; to: number } {
  const endOfToday = Math.floor((now + TZ_OFFSET) / DAY + 1) * DAY - TZ_OFFSET;
  const to = q.to ?? endOfToday;
  const from = q.from ?? to - DEFAULT_DAYS * DAY;
  if (from >= to) throw new AppError(Codes.superviseBadPeriod, 400, '统计开始时间须早于结束时间');
  if (to - from > MAX_PERIOD_DAYS * DAY)
    throw new AppError(Codes.superviseBadPeriod, 400, `统计时间段不能超过 ${MAX_PERIOD_DAYS} 天`);
  return { from, to };
}

export async function scopeInfo(db: Db, auth: AuthContext): Promise<SuperviseScope> {
  const scope = await scopeOf(db, auth);
  return {
    all: scope.all,
    departments: await repo.departmentNames(db, scope.all ? null : scope.departmentIds),
    processes: await wf.supervisedProcesses(db),
  };
}

export async function overview(db: Db, auth: AuthContext, q: OverviewQuery, now: number): Promise<Overview> {
  const { from: qFrom, to: qTo, ...filters } = q;
  const period = periodOf({ from: qFrom, to: qTo }, now);
  const f = await filterOf(db, auth, filters);
  const [open, totals] = await Promise.all([wf.openCounts(db, f, now, SOON_MS), wf.periodTotals(db, f, period, now)]);
  return { ...open, ...totals, ...period };
}

export async function taskPage(db: Db, auth: AuthContext, q: TaskQuery, now: number) {
  const { kind, page, pageSize, ...filters } = q;
  const f = await filterOf(db, auth, filters);
  const { list, total } = await wf.openTaskPage(db, f, kind, now, SOON_MS, page, pageSize);
  return { list: await withEscalations(db, list), total, page, pageSize };
}

async function withEscalations(db: Db, list: wf.SupervisedTask[]): Promise<SupervisedTaskItem[]> {
  const esc = await repo.lastEscalations(
    db,
    list.map((t) => t.id),
  );
  return list.map((t) => ({
    id: t.id,
    instanceId: t.instanceId,
    title: t.title,
    processName: t.processName,
    nodeName: t.nodeName,
    assigneeId: t.assigneeId,
    assigneeName: t.assigneeName,
    assigneeNo: t.assigneeNo,
    departmentName: t.departmentName,
    applicantName: t.applicantName,
    createdAt: t.createdAt,
    dueAt: t.dueAt,
    lastUrgedAt: t.lastUrgedAt,
    escalatedAt: esc.get(t.id)?.at ?? null,
    escalatedTo: esc.get(t.id)?.leaderNames ?? '',
  }));
}

/** The export's filter, checked before the file starts (a refusal is then an ordinary coded answer). */
export const exportFilter = (db: Db, auth: AuthContext, f: Filters) => filterOf(db, auth, f);

/** Every open task of a kind under a checked filter, in keyset pages (the streamed export). */
export async function* exportRows(
  db: Db,
  f: wf.SupervisionFilter,
  kind: OpenKind,
  now: number,
): AsyncIterable<SupervisedTaskItem> {
  for (let after = 0; ; ) {
    const page = await wf.openTasksAfter(db, f, kind, now, SOON_MS, after, 500);
    yield* await withEscalations(db, page);
    if (page.length < 500) return;
    after = page[page.length - 1]!.id;
  }
}

export async function groups(db: Db, auth: AuthContext, q: GroupQuery, now: number): Promise<GroupRow[]> {
  const { by, sort, limit, from, to, ...filters } = q;
  const period = periodOf({ from, to }, now);
  const f = await filterOf(db, auth, filters);
  return wf.groupStats(db, f, by, period, now, sort ?? 'lateRate', limit ?? RANK_LIMIT);
}

const dayText = (ms: number) => new Date(ms + TZ_OFFSET).toISOString().slice(0, 10);

export async function trend(db: Db, auth: AuthContext, q: OverviewQuery, now: number): Promise<TrendPoint[]> {
  const { from: qFrom, to: qTo, ...filters } = q;
  const period = periodOf({ from: qFrom, to: qTo }, now);
  const f = await filterOf(db, auth, filters);
  const counts = new Map((await wf.dailyOverdue(db, f, period, now)).map((r) => [dayText(r.day), r.count]));
  // Every day of the period up to today, zeros included, so the line does not skip quiet days.
  const out: TrendPoint[] = [];
  const firstDay = Math.floor((period.from + TZ_OFFSET) / DAY) * DAY - TZ_OFFSET;
  for (let d = firstDay; d < Math.min(period.to, now); d += DAY)
    out.push({ day: dayText(d), overdue: counts.get(dayText(d)) ?? 0 });
  return out;
}

/** The open task if the reader supervises it, else 0x000008a2 (the same answer whether it exists or not). */
async function taskInScope(db: Db, auth: AuthContext, taskId: number) {
  const scope = await scopeOf(db, auth);
  const t = await wf.supervisedTask(db, taskId);
  const visible =
    t &&
    t.status === 'pending' &&
    (scope.all || (t.departmentId !== null && scope.departmentIds.includes(t.departmentId)));
  if (!visible) throw new AppError(Codes.superviseTaskNotFound, 404, '审批任务不存在、已处理或不在您的督查范围内');
  return t;
}

const actorOf = (auth: AuthContext) => ({ userId: auth.userId, name: auth.realName, isAdmin: auth.isAdmin });

/** Urges the assignee of one open task in scope: the engine's 催办 (message to their task, history). */
export async function urge(app: FastifyInstance, auth: AuthContext, taskId: number): Promise<void> {
  const t = await taskInScope(app.db, auth, taskId);
  await app.db.transaction().execute((trx) => wf.urgeTask(trx, actorOf(auth), t.instanceId, t.id, Date.now()));
}

/**
 * Reports an overdue task to the assignee's leaders: a message to each (opening the request's
 * progress) and a row of es_escalation, in one transaction.
 */
export async function escalate(
  app: FastifyInstance,
  auth: AuthContext,
  taskId: number,
  note: string,
): Promise<EscalateAnswer> {
  const t = await taskInScope(app.db, auth, taskId);
  const now = Date.now();
  if (t.dueAt >= now) throw new AppError(Codes.superviseNotOverdue, 409, '该审批任务尚未超期，无需上报');
  const leaders = await wf.escalationLeaders(app.db, t.assigneeId);
  if (!leaders.length) throw new AppError(Codes.superviseNoLeader, 409, '未找到承办人所在部门的负责人，无法上报');
  const hours = Math.max(1, Math.round((now - t.dueAt) / HOUR));
  const names = leaders.map((l) => l.name);
  await app.db.transaction().execute(async (trx) => {
    await sendMessage(trx, {
      userIds: leaders.map((l) => l.id),
      kind: 'notice',
      title: `督办上报：${t.assigneeName}的审批已超期 ${hours} 小时`,
      body: `${t.title}（${t.processName} · ${t.nodeName}）在 ${t.assigneeName} 处超期未办。${note ? `督办意见：${note}` : ''}上报人：${auth.realName}`,
      // The leader (a department leader) follows it up on the supervision page; the request itself is the approvers'.
      link: '/web/efficiencySupervise/index',
      at: now,
    });
    await repo.insertEscalation(trx, {
      taskId: t.id,
      instanceId: t.instanceId,
      assigneeId: t.assigneeId,
      leaderNames: names.join('、'),
      actorId: auth.userId,
      actorName: auth.realName,
      note,
      at: now,
    });
  });
  return { leaders: names };
}
