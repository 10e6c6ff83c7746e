import type { Conn, Tx } from './conn';
import { n } from './conn';
import { departmentLeaders, departmentParent, userDepartment } from './people';
import '../tables';

/** Pending tasks whose next time-limit step (a reminder or the timeout action) is due, oldest first. */
export async function dueAlarms(db: Conn, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('wfTask')
    .select('id')
    .where('status', '=', 'pending')
    .where('alarmAt', '<=', now)
    .orderBy('alarmAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The claim of a task's due steps: `alarms_done` moves from `done` to `to` only if no one moved it
 * first and the task is still pending — the second app server (or a retry) finds 0 rows.
 */
export async function claimAlarm(
  db: Tx,
  taskId: number,
  done: number,
  to: number,
  nextAt: number | null,
): Promise<boolean> {
  const r = await db
    .updateTable('wfTask')
    .set({ alarmsDone: to, alarmAt: nextAt })
    .where('id', '=', taskId)
    .where('alarmsDone', '=', done)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function alarmOf(db: Conn, taskId: number) {
  const r = await db
    .selectFrom('wfTask')
    .select(['alarmAt', 'alarmsDone', 'remindersSent', 'timeoutAction'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  return r && { ...r, alarmAt: n(r.alarmAt) };
}

export async function markTask(
  db: Tx,
  taskId: number,
  patch: { remindersSent?: number; timeoutAction?: string },
): Promise<void> {
  await db.updateTable('wfTask').set(patch).where('id', '=', taskId).execute();
}

// --- timer nodes ---------------------------------------------------------------------------------

export async function insertTimer(
  db: Tx,
  row: { instanceId: number; nodeId: string; nodeName: string; fireAt: number; createdAt: number },
): Promise<void> {
  await db
    .insertInto('wfTimer')
    .values({ ...row, status: 'waiting', firedAt: null })
    .execute();
}

export async function dueTimers(db: Conn, now: number, limit: number) {
  const rows = await db
    .selectFrom('wfTimer')
    .select(['id', 'instanceId'])
    .where('status', '=', 'waiting')
    .where('fireAt', '<=', now)
    .orderBy('fireAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows;
}

export async function findTimer(db: Conn, id: number) {
  const r = await db.selectFrom('wfTimer').selectAll().where('id', '=', id).executeTakeFirst();
  return r && { ...r, fireAt: Number(r.fireAt), createdAt: Number(r.createdAt), firedAt: n(r.firedAt) };
}

/** waiting → fired (or cancelled) only once: 0 rows means another server or a retry got there first. */
export async function closeTimer(db: Tx, id: number, status: 'fired' | 'cancelled', at: number): Promise<boolean> {
  const r = await db
    .updateTable('wfTimer')
    .set({ status, firedAt: at })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The instance's waiting timers (their node names count as where it waits). */
export async function openTimersOf(db: Conn, instanceId: number) {
  const rows = await db
    .selectFrom('wfTimer')
    .select(['id', 'nodeId', 'nodeName', 'fireAt'])
    .where('instanceId', '=', instanceId)
    .where('status', '=', 'waiting')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, fireAt: Number(r.fireAt) }));
}

/** The request was returned, withdrawn, terminated or rejected: its waits end with it. */
export async function cancelTimers(db: Tx, instanceId: number, at: number): Promise<void> {
  await db
    .updateTable('wfTimer')
    .set({ status: 'cancelled', firedAt: at })
    .where('instanceId', '=', instanceId)
    .where('status', '=', 'waiting')
    .execute();
}

/**
 * Who an overdue task escalates to: the leaders of the assignee's department, or of the nearest
 * department above it when the assignee leads their own (or it has none); never the assignee.
 * Efficiency supervision's 上报领导 and the time limits' 上报上级 use the same rule.
 */
export async function escalationLeaders(
  db: Conn,
  assigneeId: number,
): Promise<{ id: number; name: string; departmentId: number }[]> {
  let dept = await userDepartment(db, assigneeId);
  for (let hops = 0; dept !== null && hops < 10; hops++) {
    const leaders = (await departmentLeaders(db, dept)).filter((l) => l.id !== assigneeId);
    if (leaders.length) return leaders.map((l) => ({ id: l.id, name: l.name, departmentId: dept! }));
    dept = await departmentParent(db, dept);
  }
  return [];
}
