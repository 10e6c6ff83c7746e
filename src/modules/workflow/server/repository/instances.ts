import { type Insertable, type Updateable } from 'kysely';
import type { HistoryItem, InstanceStatus, InstanceTask, TaskStatus } from '@/modules/workflow/contract';
import type {
  WfCopyTable,
  WfDelegationTable,
  WfInstanceTable,
  WfProcessTable,
  WfProcessVersionTable,
  WfSubmissionRevisionTable,
  WfTaskTable,
} from '../tables';
import { settleMessages } from '@/modules/messages/server/commands/settle-messages';
import { taskSubject } from '@/shared/approval-links';
import { Conn, Tx, n } from './conn';
import { NewInstance } from './people';
import { cancelTimers } from './time-limits';
import '../tables';

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
      alarmAt: n(r.alarmAt),
      alarmsDone: Number(r.alarmsDone),
      remindersSent: Number(r.remindersSent),
    }
  );
}

/**
 * pending → done, only if still pending: 0 rows means another transition got there first. The
 * task's messages (请审批, 催办) are settled with it, so they leave the assignee's unread count.
 */
export async function finishTask(db: Tx, id: number, status: TaskStatus, at: number): Promise<boolean> {
  const r = await db
    .updateTable('wfTask')
    .set({ status, handledAt: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await settleMessages(db, [taskSubject(id)], at);
  return true;
}

export async function openTasksOf(db: Conn, instanceId: number, activation?: number) {
  let q = db
    .selectFrom('wfTask')
    .select(['id', 'assigneeId', 'assigneeName', 'status', 'seq', 'nodeId', 'nodeName', 'activation'])
    .where('instanceId', '=', instanceId)
    .where('status', 'in', ['pending', 'waiting']);
  if (activation !== undefined) q = q.where('activation', '=', activation);
  return q.orderBy('seq').orderBy('id').execute();
}

/** The votes of a vote node's activation: every approver's task, cast or not (transferred and cancelled ones are not votes). */
export async function votesOf(db: Conn, instanceId: number, activation: number) {
  return db
    .selectFrom('wfTask')
    .select(['id', 'status'])
    .where('instanceId', '=', instanceId)
    .where('activation', '=', activation)
    .where('status', 'in', ['pending', 'waiting', 'approved', 'rejected'])
    .execute();
}

/**
 * The instance's open tasks (of one activation) are cancelled: another approver decided, or the
 * request was returned, withdrawn or terminated. Their messages are settled at `at` with them.
 */
export async function cancelOpenTasks(db: Tx, instanceId: number, at: number, activation?: number): Promise<void> {
  // The whole instance stops where it is (returned, withdrawn, terminated, rejected): timer waits too.
  if (activation === undefined) await cancelTimers(db, instanceId, at);
  const open = await openTasksOf(db, instanceId, activation);
  if (!open.length) return;
  await db
    .updateTable('wfTask')
    .set({ status: 'cancelled' })
    .where(
      'id',
      'in',
      open.map((t) => t.id),
    )
    .where('status', 'in', ['pending', 'waiting'])
    .execute();
  await settleMessages(
    db,
    open.map((t) => taskSubject(t.id)),
    at,
  );
}

export async function instanceTasks(db: Conn, instanceId: number): Promise<InstanceTask[]> {
  const rows = await db
    .selectFrom('wfTask')
    .select([
      'id',
      'nodeId',
      'nodeName',
      'assigneeId',
      'assigneeName',
      'status',
      'createdAt',
      'handledAt',
      'dueAt',
      'remindersSent',
    ])
    .where('instanceId', '=', instanceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    remindersSent: Number(r.remindersSent),
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
