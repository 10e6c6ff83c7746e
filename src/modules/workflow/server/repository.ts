import { sql, type Expression, type Insertable, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type {
  DelegationItem,
  DelegationListQuery,
  DeptLeader,
  HistoryItem,
  InstanceStatus,
  InstanceTask,
  MonitorItem,
  MonitorQuery,
  ProcessListItem,
  ProcessListQuery,
  ProcessStatus,
  ProcessVersionInfo,
  StartableProcess,
  StartableQuery,
  TaskCounts,
  TaskListItem,
  TaskListQuery,
  TaskStatus,
} from '../contract';
import type {
  WfCopyTable,
  WfDelegationTable,
  WfInstanceTable,
  WfProcessTable,
  WfProcessVersionTable,
  WfSubmissionRevisionTable,
  WfTaskTable,
} from './tables';
import './tables';

export type Conn = Db | Transaction<Database>;
export type Tx = Transaction<Database>;

const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const contains = (column: Expression<unknown>, keyword: string) =>
  sql<SqlBool>`lower(${column}) like lower(${containsPattern(keyword)}) escape '\\'`;
const n = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));

// --- processes ---------------------------------------------------------------------------------

export interface ProcessRow {
  id: number;
  name: string;
  formId: number;
  status: ProcessStatus;
  draft: string;
  latestVersion: number | null;
  updatedAt: number;
  updatedByName: string;
}

export async function findProcess(db: Conn, id: number): Promise<ProcessRow | undefined> {
  const r = await db.selectFrom('wfProcess').selectAll().where('id', '=', id).executeTakeFirst();
  return r && { ...r, status: r.status as ProcessStatus, updatedAt: Number(r.updatedAt) };
}

export async function listProcesses(db: Conn, q: ProcessListQuery): Promise<Page<ProcessListItem>> {
  let base = db.selectFrom('wfProcess as p').innerJoin('form as f', 'f.id', 'p.formId');
  const keyword = q.keyword?.trim();
  if (keyword) base = base.where((eb) => contains(eb.ref('p.name'), keyword));
  if (q.formId) base = base.where('p.formId', '=', q.formId);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'p.id',
          'p.name',
          'p.formId',
          'f.name as formName',
          'p.status',
          'p.latestVersion',
          'p.updatedAt',
          'p.updatedByName',
        ])
        .orderBy('p.updatedAt', 'desc')
        .orderBy('p.id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      name: r.name,
      formId: r.formId,
      formName: r.formName,
      status: r.status as ProcessStatus,
      latestVersion: r.latestVersion,
      updatedAt: Number(r.updatedAt),
      updatedBy: r.updatedByName,
    })),
  };
}

/** Published processes whose form is published: what a user may start, by form name. */
export async function startableProcesses(db: Conn, q: StartableQuery): Promise<Page<StartableProcess>> {
  let base = db
    .selectFrom('wfProcess as p')
    .innerJoin('form as f', 'f.id', 'p.formId')
    .where('p.status', '=', 'published')
    .where('f.status', '=', 'published');
  const keyword = q.keyword?.trim();
  if (keyword)
    base = base.where((eb) => eb.or([contains(eb.ref('f.name'), keyword), contains(eb.ref('p.name'), keyword)]));
  if (q.category) base = base.where('f.category', '=', q.category);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'p.id as processId',
          'p.name as processName',
          'f.id as formId',
          'f.name as formName',
          'f.category',
          'f.description',
        ])
        .orderBy('f.name')
        .orderBy('p.id'),
    q,
  );
  return page;
}

/** Forms of one category: a semi-join on the small form table. */
const inCategory = (category: string) => (db: Conn) =>
  db.selectFrom('form').select('id').where('category', '=', category);

export async function listVersions(db: Conn, processId: number): Promise<ProcessVersionInfo[]> {
  const rows = await db
    .selectFrom('wfProcessVersion')
    .select(['version', 'publishedAt', 'publishedByName'])
    .where('processId', '=', processId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({ version: r.version, publishedAt: Number(r.publishedAt), publishedBy: r.publishedByName }));
}

export async function findVersion(db: Conn, processId: number, version: number): Promise<string | undefined> {
  return (
    await db
      .selectFrom('wfProcessVersion')
      .select('definition')
      .where('processId', '=', processId)
      .where('version', '=', version)
      .executeTakeFirst()
  )?.definition;
}

/** The published process bound to a form (the newest changed one when several are). */
export async function publishedProcessOfForm(
  db: Conn,
  formId: number,
): Promise<{ id: number; latestVersion: number } | undefined> {
  const r = await db
    .selectFrom('wfProcess')
    .select(['id', 'latestVersion'])
    .where('formId', '=', formId)
    .where('status', '=', 'published')
    .where('latestVersion', 'is not', null)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r && { id: r.id, latestVersion: r.latestVersion! };
}

// --- people ------------------------------------------------------------------------------------

export async function activeUsers(db: Conn, ids: number[]): Promise<{ id: number; realName: string }[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('appUser')
    .select(['id', 'realName'])
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is { id: number; realName: string } => !!r);
}

/** Active holders of a role (at most 200), or only those directly in one department. */
export async function roleHolders(
  db: Conn,
  roleCode: string,
  departmentId?: number,
): Promise<{ id: number; realName: string }[]> {
  let q = db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .innerJoin('appUser as u', 'u.id', 'ur.userId')
    .select(['u.id', 'u.realName'])
    .where('r.code', '=', roleCode)
    .where('u.status', '=', 'active');
  if (departmentId !== undefined) q = q.where('u.departmentId', '=', departmentId);
  return q.orderBy('u.id').limit(200).execute();
}

export async function firstAdmin(db: Conn): Promise<{ id: number; realName: string } | undefined> {
  return db
    .selectFrom('appUser')
    .select(['id', 'realName'])
    .where('isAdmin', '=', 1)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function userDepartment(db: Conn, userId: number): Promise<number | null> {
  return (
    (await db.selectFrom('appUser').select('departmentId').where('id', '=', userId).executeTakeFirst())?.departmentId ??
    null
  );
}

export async function departmentParent(db: Conn, id: number): Promise<number | null> {
  return (
    (await db.selectFrom('department').select('parentId').where('id', '=', id).executeTakeFirst())?.parentId ?? null
  );
}

export async function departmentLeaders(db: Conn, departmentId: number): Promise<DeptLeader[]> {
  const rows = await db
    .selectFrom('departmentLeader as l')
    .innerJoin('appUser as u', 'u.id', 'l.userId')
    .select(['u.id', 'u.realName', 'u.userNo', 'u.status'])
    .where('l.departmentId', '=', departmentId)
    .orderBy('l.sort')
    .orderBy('u.id')
    .execute();
  return rows.filter((r) => r.status === 'active').map((r) => ({ id: r.id, name: r.realName, userNo: r.userNo }));
}

export async function setDepartmentLeaders(db: Conn, departmentId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('departmentLeader').where('departmentId', '=', departmentId).execute();
  if (userIds.length)
    await db
      .insertInto('departmentLeader')
      .values(userIds.map((userId, sort) => ({ departmentId, userId, sort })))
      .execute();
}

/** Where user A's new tasks go now (an enabled delegation covering this instant), if anywhere. */
export async function delegateOf(
  db: Conn,
  userId: number,
  at: number,
): Promise<{ id: number; realName: string } | undefined> {
  return db
    .selectFrom('wfDelegation as d')
    .innerJoin('appUser as u', 'u.id', 'd.toUserId')
    .select(['u.id', 'u.realName'])
    .where('d.fromUserId', '=', userId)
    .where('d.enabled', '=', 1)
    .where('d.startsAt', '<=', at)
    .where('d.endsAt', '>=', at)
    .where('u.status', '=', 'active')
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// --- instances and tasks -----------------------------------------------------------------------

export type InstanceRow = Awaited<ReturnType<typeof findInstance>> & object;

export async function findInstance(db: Conn, id: number) {
  const r = await db.selectFrom('wfInstance').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    r && {
      ...r,
      status: r.status as InstanceStatus,
      kind: r.kind as 'normal' | 'edit',
      startedAt: Number(r.startedAt),
      updatedAt: Number(r.updatedAt),
      endedAt: n(r.endedAt),
      lastUrgedAt: n(r.lastUrgedAt),
    }
  );
}

/**
 * The instance's lock: every transition first bumps its row version. On PostgreSQL the row
 * lock makes a second transition wait until the first commits; SQLite has one writer anyway.
 */
export async function lockInstance(db: Tx, id: number): Promise<boolean> {
  const r = await db
    .updateTable('wfInstance')
    .set((eb) => ({ rowVersion: eb('rowVersion', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

export async function findTask(db: Conn, id: number) {
  const r = await db.selectFrom('wfTask').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    r && {
      ...r,
      status: r.status as TaskStatus,
      createdAt: Number(r.createdAt),
      dueAt: n(r.dueAt),
      handledAt: n(r.handledAt),
    }
  );
}

/** pending → done, only if still pending: 0 rows means another transition got there first. */
export async function finishTask(db: Tx, id: number, status: TaskStatus, at: number): Promise<boolean> {
  const r = await db
    .updateTable('wfTask')
    .set({ status, handledAt: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function openTasksOf(db: Conn, instanceId: number, activation?: number) {
  let q = db
    .selectFrom('wfTask')
    .select(['id', 'assigneeId', 'status', 'seq', 'nodeId', 'nodeName', 'activation'])
    .where('instanceId', '=', instanceId)
    .where('status', 'in', ['pending', 'waiting']);
  if (activation !== undefined) q = q.where('activation', '=', activation);
  return q.orderBy('seq').orderBy('id').execute();
}

export async function cancelOpenTasks(db: Tx, instanceId: number, activation?: number): Promise<void> {
  let q = db
    .updateTable('wfTask')
    .set({ status: 'cancelled' })
    .where('instanceId', '=', instanceId)
    .where('status', 'in', ['pending', 'waiting']);
  if (activation !== undefined) q = q.where('activation', '=', activation);
  await q.execute();
}

export async function instanceTasks(db: Conn, instanceId: number): Promise<InstanceTask[]> {
  const rows = await db
    .selectFrom('wfTask')
    .select(['id', 'nodeId', 'nodeName', 'assigneeId', 'assigneeName', 'status', 'createdAt', 'handledAt', 'dueAt'])
    .where('instanceId', '=', instanceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    status: r.status as TaskStatus,
    createdAt: Number(r.createdAt),
    handledAt: n(r.handledAt),
    dueAt: n(r.dueAt),
  }));
}

export async function addHistory(
  db: Conn,
  h: {
    instanceId: number;
    nodeId?: string;
    nodeName?: string;
    actorId: number | null;
    actorName: string;
    action: string;
    comment?: string;
    attachments?: unknown[];
    at: number;
  },
): Promise<void> {
  await db
    .insertInto('wfHistory')
    .values({
      instanceId: h.instanceId,
      nodeId: h.nodeId ?? '',
      nodeName: h.nodeName ?? '',
      actorId: h.actorId,
      actorName: h.actorName,
      action: h.action,
      comment: h.comment ?? '',
      attachments: JSON.stringify(h.attachments ?? []),
      at: h.at,
    })
    .execute();
}

export async function history(db: Conn, instanceId: number): Promise<HistoryItem[]> {
  const rows = await db
    .selectFrom('wfHistory')
    .selectAll()
    .where('instanceId', '=', instanceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    nodeId: r.nodeId,
    nodeName: r.nodeName,
    actorId: r.actorId,
    actorName: r.actorName,
    action: r.action as HistoryItem['action'],
    comment: r.comment,
    attachments: JSON.parse(r.attachments) as HistoryItem['attachments'],
    at: Number(r.at),
  }));
}

export async function isCopiedTo(db: Conn, instanceId: number, userId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('wfCopy')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('userId', '=', userId)
    .limit(1)
    .executeTakeFirst());
}

export async function hasTaskIn(db: Conn, instanceId: number, userId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('wfTask')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('assigneeId', '=', userId)
    .limit(1)
    .executeTakeFirst());
}

export async function nextRevision(db: Conn, submissionId: number): Promise<number> {
  const r = await db
    .selectFrom('wfSubmissionRevision')
    .select((eb) => eb.fn.max('revision').as('m'))
    .where('submissionId', '=', submissionId)
    .executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

export async function revisions(db: Conn, submissionId: number) {
  const rows = await db
    .selectFrom('wfSubmissionRevision')
    .selectAll()
    .where('submissionId', '=', submissionId)
    .orderBy('revision')
    .execute();
  return rows.map((r) => ({
    revision: r.revision,
    values: JSON.parse(r.values) as Record<string, unknown>,
    reason: r.reason,
    instanceId: r.instanceId,
    createdAt: Number(r.createdAt),
  }));
}

// --- approval centre lists ---------------------------------------------------------------------

const HANDLED: TaskStatus[] = ['approved', 'rejected', 'transferred'];

function taskBase(db: Conn, userId: number, q: TaskListQuery, now: number) {
  let b = db.selectFrom('wfTask as t').where('t.assigneeId', '=', userId);
  if (q.type === 'dsp') {
    b = b.where('t.status', '=', 'pending');
    if (q.from !== undefined) b = b.where('t.createdAt', '>=', q.from);
    if (q.to !== undefined) b = b.where('t.createdAt', '<=', q.to);
    if (q.overdue) b = b.where('t.dueAt', '<', now);
  } else {
    b = b.where('t.handledAt', 'is not', null).where('t.status', 'in', HANDLED);
    if (q.from !== undefined) b = b.where('t.handledAt', '>=', q.from);
    if (q.to !== undefined) b = b.where('t.handledAt', '<=', q.to);
  }
  if (q.formId) b = b.where('t.formId', '=', q.formId);
  if (q.applicant?.trim()) b = b.where('t.applicantName', '=', q.applicant.trim());
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    b = b.where((eb) => contains(eb.ref('t.title'), k));
  }
  if (q.category) b = b.where('t.formId', 'in', inCategory(q.category)(db));
  if (q.kind)
    b = b.where((eb) =>
      eb.exists(
        eb
          .selectFrom('wfInstance as k')
          .select('k.id')
          .whereRef('k.id', '=', 't.instanceId')
          .where('k.kind', '=', q.kind!),
      ),
    );
  return b;
}

function instanceBase(db: Conn, userId: number, q: TaskListQuery) {
  let b = db.selectFrom('wfInstance as i').where('i.applicantId', '=', userId);
  if (q.from !== undefined) b = b.where('i.startedAt', '>=', q.from);
  if (q.to !== undefined) b = b.where('i.startedAt', '<=', q.to);
  if (q.formId) b = b.where('i.formId', '=', q.formId);
  if (q.kind) b = b.where('i.kind', '=', q.kind);
  if (q.category) b = b.where('i.formId', 'in', inCategory(q.category)(db));
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    b = b.where((eb) => contains(eb.ref('i.title'), k));
  }
  return b;
}

function copyBase(db: Conn, userId: number, q: TaskListQuery) {
  let b = db.selectFrom('wfCopy as c').where('c.userId', '=', userId);
  if (q.from !== undefined) b = b.where('c.createdAt', '>=', q.from);
  if (q.to !== undefined) b = b.where('c.createdAt', '<=', q.to);
  if (q.formId) b = b.where('c.formId', '=', q.formId);
  if (q.applicant?.trim()) b = b.where('c.applicantName', '=', q.applicant.trim());
  if (q.category) b = b.where('c.formId', 'in', inCategory(q.category)(db));
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    b = b.where((eb) => contains(eb.ref('c.title'), k));
  }
  return b;
}

export async function taskList(db: Conn, userId: number, q: TaskListQuery, now: number): Promise<Page<TaskListItem>> {
  if (q.type === 'dsp' || q.type === 'ysp') {
    // The page is cut on wf_task's own index; the instance's status is read for those rows only.
    const page = await paginate(
      taskBase(db, userId, q, now),
      (b) => {
        const s = b.select([
          't.id',
          't.instanceId',
          't.title',
          't.formId',
          't.applicantName',
          't.nodeName',
          't.status',
          't.createdAt',
          't.handledAt',
          't.dueAt',
          't.batchApprove',
        ]);
        return q.type === 'dsp'
          ? s.orderBy('t.createdAt', 'desc').orderBy('t.id', 'desc')
          : s.orderBy('t.handledAt', 'desc').orderBy('t.id', 'desc');
      },
      q,
    );
    const ids = page.list.map((r) => r.instanceId);
    const inst = new Map(
      ids.length
        ? (await db.selectFrom('wfInstance').select(['id', 'status', 'kind']).where('id', 'in', ids).execute()).map(
            (r) => [r.id, r],
          )
        : [],
    );
    return {
      ...page,
      list: page.list.map((r) => {
        const dueAt = n(r.dueAt);
        return {
          id: r.id,
          instanceId: r.instanceId,
          taskId: r.id,
          title: r.title,
          formId: r.formId,
          applicantName: r.applicantName,
          nodeName: r.nodeName,
          taskStatus: r.status as TaskStatus,
          instanceStatus: (inst.get(r.instanceId)?.status ?? 'running') as InstanceStatus,
          kind: (inst.get(r.instanceId)?.kind ?? 'normal') as 'normal' | 'edit',
          createdAt: Number(r.createdAt),
          handledAt: n(r.handledAt),
          dueAt,
          overdue: r.status === 'pending' && dueAt !== null && dueAt < now,
          batchApprove: r.batchApprove === 1,
        };
      }),
    };
  }
  if (q.type === 'wfq') {
    const page = await paginate(
      instanceBase(db, userId, q),
      (b) =>
        b
          .select([
            'i.id',
            'i.title',
            'i.formId',
            'i.applicantName',
            'i.currentNodes',
            'i.status',
            'i.kind',
            'i.startedAt',
            'i.endedAt',
          ])
          .orderBy('i.startedAt', 'desc')
          .orderBy('i.id', 'desc'),
      q,
    );
    return {
      ...page,
      list: page.list.map((r) => ({
        id: r.id,
        instanceId: r.id,
        taskId: null,
        title: r.title,
        formId: r.formId,
        applicantName: r.applicantName,
        nodeName: r.currentNodes,
        taskStatus: null,
        instanceStatus: r.status as InstanceStatus,
        kind: r.kind as 'normal' | 'edit',
        createdAt: Number(r.startedAt),
        handledAt: n(r.endedAt),
        dueAt: null,
        overdue: false,
        batchApprove: false,
      })),
    };
  }
  const page = await paginate(
    copyBase(db, userId, q),
    (b) =>
      b
        .innerJoin('wfInstance as i', 'i.id', 'c.instanceId')
        .select([
          'c.id',
          'c.instanceId',
          'c.title',
          'c.formId',
          'c.applicantName',
          'c.nodeName',
          'c.createdAt',
          'i.status',
          'i.kind',
        ])
        .orderBy('c.createdAt', 'desc')
        .orderBy('c.id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      instanceId: r.instanceId,
      taskId: null,
      title: r.title,
      formId: r.formId,
      applicantName: r.applicantName,
      nodeName: r.nodeName,
      taskStatus: null,
      instanceStatus: r.status as InstanceStatus,
      kind: r.kind as 'normal' | 'edit',
      createdAt: Number(r.createdAt),
      handledAt: null,
      dueAt: null,
      overdue: false,
      batchApprove: false,
    })),
  };
}

export async function taskCounts(db: Conn, userId: number): Promise<TaskCounts> {
  const count = async (q: { executeTakeFirst(): Promise<{ c: number | string | bigint } | undefined> }) =>
    Number((await q.executeTakeFirst())?.c ?? 0);
  const [dsp, ysp, wfq, cswd] = await Promise.all([
    count(
      db
        .selectFrom('wfTask')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('assigneeId', '=', userId)
        .where('status', '=', 'pending'),
    ),
    count(
      db
        .selectFrom('wfTask')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('assigneeId', '=', userId)
        .where('handledAt', 'is not', null)
        .where('status', 'in', HANDLED),
    ),
    count(
      db
        .selectFrom('wfInstance')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('applicantId', '=', userId),
    ),
    count(
      db
        .selectFrom('wfCopy')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('userId', '=', userId),
    ),
  ]);
  return { dsp, wfq, ysp, cswd };
}

// --- monitor -----------------------------------------------------------------------------------

export async function monitorList(db: Conn, q: MonitorQuery, now: number): Promise<Page<MonitorItem>> {
  let base = db
    .selectFrom('wfInstance as i')
    .innerJoin('wfProcess as p', 'p.id', 'i.processId')
    .where('i.status', '=', 'running');
  if (q.processId) base = base.where('i.processId', '=', q.processId);
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    base = base.where((eb) => contains(eb.ref('i.title'), k));
  }
  if (q.overdue)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('wfTask as t')
          .select('t.id')
          .whereRef('t.instanceId', '=', 'i.id')
          .where('t.status', '=', 'pending')
          .where('t.dueAt', '<', now),
      ),
    );
  const page = await paginate(
    base,
    (b) =>
      b
        .select(['i.id', 'i.title', 'p.name as processName', 'i.applicantName', 'i.startedAt'])
        .orderBy('i.startedAt', 'desc')
        .orderBy('i.id', 'desc'),
    q,
  );
  const ids = page.list.map((r) => r.id);
  const tasks = ids.length
    ? await db
        .selectFrom('wfTask')
        .select(['instanceId', 'nodeId', 'nodeName', 'assigneeName', 'createdAt', 'dueAt'])
        .where('instanceId', 'in', ids)
        .where('status', '=', 'pending')
        .orderBy('id')
        .execute()
    : [];
  return {
    ...page,
    list: page.list.map((r) => {
      const mine = tasks.filter((t) => t.instanceId === r.id);
      const groups = new Map<string, MonitorItem['waitingAt'][number]>();
      for (const t of mine) {
        const g = groups.get(t.nodeId) ?? {
          nodeName: t.nodeName,
          assignees: [],
          since: Number(t.createdAt),
          dueAt: n(t.dueAt),
        };
        g.assignees.push(t.assigneeName);
        groups.set(t.nodeId, g);
      }
      const waitingAt = [...groups.values()];
      return {
        id: r.id,
        title: r.title,
        processName: r.processName,
        applicantName: r.applicantName,
        startedAt: Number(r.startedAt),
        waitingAt,
        overdue: waitingAt.some((w) => w.dueAt !== null && w.dueAt < now),
      };
    }),
  };
}

// --- delegation --------------------------------------------------------------------------------

export async function listDelegations(db: Conn, q: DelegationListQuery): Promise<Page<DelegationItem>> {
  let base = db
    .selectFrom('wfDelegation as d')
    .innerJoin('appUser as a', 'a.id', 'd.fromUserId')
    .innerJoin('appUser as b', 'b.id', 'd.toUserId');
  if (q.userId) {
    const u = q.userId;
    base = base.where((eb) => eb.or([eb('d.fromUserId', '=', u), eb('d.toUserId', '=', u)]));
  }
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'd.id',
          'd.fromUserId',
          'a.realName as fromName',
          'd.toUserId',
          'b.realName as toName',
          'd.startsAt',
          'd.endsAt',
          'd.note',
          'd.enabled',
          'd.createdAt',
        ])
        .orderBy('d.id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      from: { id: r.fromUserId, name: r.fromName },
      to: { id: r.toUserId, name: r.toName },
      startsAt: Number(r.startsAt),
      endsAt: Number(r.endsAt),
      note: r.note,
      enabled: r.enabled === 1,
      createdAt: Number(r.createdAt),
    })),
  };
}

// --- writes and small reads of the engine and the service ----------------------------------------

export async function userName(db: Conn, id: number) {
  return db.selectFrom('appUser').select(['id', 'realName']).where('id', '=', id).executeTakeFirstOrThrow();
}

export type NewInstance = Insertable<WfInstanceTable>;
export async function insertInstance(db: Conn, row: NewInstance): Promise<number> {
  return (await db.insertInto('wfInstance').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateInstance(db: Conn, id: number, patch: Updateable<WfInstanceTable>): Promise<void> {
  await db.updateTable('wfInstance').set(patch).where('id', '=', id).execute();
}

/** The lists read each task's copy of the title: open tasks follow a new one (handled ones keep theirs). */
export async function retitleOpenTasks(db: Conn, instanceId: number, title: string): Promise<void> {
  await db
    .updateTable('wfTask')
    .set({ title })
    .where('instanceId', '=', instanceId)
    .where('status', 'in', ['pending', 'waiting'])
    .execute();
}

export async function insertTask(db: Conn, row: Insertable<WfTaskTable>): Promise<number> {
  return (await db.insertInto('wfTask').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** waiting → pending: the next approver of a sequential node. */
export async function activateTask(db: Conn, id: number, at: number): Promise<void> {
  await db.updateTable('wfTask').set({ status: 'pending', createdAt: at }).where('id', '=', id).execute();
}

export async function insertCopies(db: Conn, rows: Insertable<WfCopyTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('wfCopy').values(rows).execute();
}

export async function insertRevision(db: Conn, row: Insertable<WfSubmissionRevisionTable>): Promise<void> {
  await db.insertInto('wfSubmissionRevision').values(row).execute();
}

/** Whether someone approved since the request was last (re)submitted. */
export async function approvedSinceSubmit(db: Conn, instanceId: number): Promise<boolean> {
  const last = await db
    .selectFrom('wfHistory')
    .select((eb) => eb.fn.max('id').as('m'))
    .where('instanceId', '=', instanceId)
    .where('action', 'in', ['submit', 'resubmit', 'applyEdit'])
    .executeTakeFirst();
  const r = await db
    .selectFrom('wfHistory')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('action', '=', 'approve')
    .where('id', '>', Number(last?.m ?? 0))
    .limit(1)
    .executeTakeFirst();
  return !!r;
}

/** An instance of this submission of this kind in one of these states, if any. */
export async function instanceOfSubmission(
  db: Conn,
  submissionId: number,
  kind: 'normal' | 'edit',
  statuses: InstanceStatus[],
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('wfInstance')
    .select('id')
    .where('submissionId', '=', submissionId)
    .where('kind', '=', kind)
    .where('status', 'in', statuses)
    .limit(1)
    .executeTakeFirst();
}

export async function instanceByToken(db: Conn, token: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('wfInstance').select('id').where('recordToken', '=', token).executeTakeFirst();
}

/** Uploads among `ids` with this purpose, by this owner (or anyone when ownerId is undefined). */
export async function uploadsFor(db: Conn, ids: string[], purpose: string, ownerId?: number) {
  if (!ids.length) return [];
  let q = db.selectFrom('upload').selectAll().where('id', 'in', ids).where('purpose', '=', purpose);
  if (ownerId !== undefined) q = q.where('ownerId', '=', ownerId);
  return q.execute();
}

export async function insertProcess(db: Conn, row: Insertable<WfProcessTable>): Promise<number> {
  return (await db.insertInto('wfProcess').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateProcess(db: Conn, id: number, patch: Updateable<WfProcessTable>): Promise<void> {
  await db.updateTable('wfProcess').set(patch).where('id', '=', id).execute();
}

/** Takes version n+1 only if the newest is still the one read: two publishes cannot both write it. */
export async function takeVersion(
  db: Conn,
  id: number,
  read: number | null,
  version: number,
  at: number,
  by: string,
): Promise<boolean> {
  const r = await db
    .updateTable('wfProcess')
    .set({ latestVersion: version, status: 'published', updatedAt: at, updatedByName: by })
    .where('id', '=', id)
    .where((eb) => (read === null ? eb('latestVersion', 'is', null) : eb('latestVersion', '=', read)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertVersion(db: Conn, row: Insertable<WfProcessVersionTable>): Promise<void> {
  await db.insertInto('wfProcessVersion').values(row).execute();
}

export async function insertDelegation(db: Conn, row: Insertable<WfDelegationTable>): Promise<number> {
  return (await db.insertInto('wfDelegation').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateDelegation(db: Conn, id: number, patch: Updateable<WfDelegationTable>): Promise<boolean> {
  return (
    Number((await db.updateTable('wfDelegation').set(patch).where('id', '=', id).executeTakeFirst()).numUpdatedRows) ===
    1
  );
}

export async function deleteDelegation(db: Conn, id: number): Promise<boolean> {
  return Number((await db.deleteFrom('wfDelegation').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1;
}
