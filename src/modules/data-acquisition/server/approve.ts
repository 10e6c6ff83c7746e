import type { FastifyInstance } from 'fastify';
import { AppError, noPermission, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import type { Page } from '@/shared/envelope';
import type { FormValues } from '@/shared/forms/schema';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { approveTask, instanceStates, pendingTasksOf, rejectTask } from '@/modules/workflow/server/commands/instances';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import type {
  ApproveBody,
  ApproveItem,
  ApproveListQuery,
  ApproveRecordView,
  RecordState,
  RejectBody,
} from '../contract';
import * as repo from './repository';
import { type Actor, parseJson, taskView } from './service';
import { taskSchema, writeOf } from './fill';
import { rowOf } from './write-target';

/** How many of an approver's pending tasks the 填报审批 list looks through. */
const PENDING_LIMIT = 5000;

const wrongState = (m: string) => new AppError(Codes.acquisitionWrongState, 409, m);

/**
 * Brings records in approval up to date with their workflow instance (an approver may act on the
 * approval centre's own pages): approved → written (or 待入库 when the owner confirms writes),
 * returned → the filler may change and resubmit, rejected/withdrawn/terminated → 未通过. Each
 * record in its own transaction, guarded by its state, so two settlers never write twice.
 */
export async function settle(
  app: FastifyInstance,
  opts: { taskId?: number; recordIds?: number[]; limit?: number } = {},
): Promise<number> {
  const rows = await repo.recordsInFlow(app.db, { ...opts, limit: opts.limit ?? 500 });
  const states = await instanceStates(
    app.db,
    rows.map((r) => r.instanceId!),
  );
  let changed = 0;
  for (const r of rows) {
    const inst = states.get(r.instanceId!);
    if (!inst) continue;
    const target: RecordState | null =
      inst.status === 'running'
        ? 'approving'
        : inst.status === 'returned'
          ? 'returned'
          : inst.status === 'approved'
            ? 'approved'
            : 'rejected';
    if (target === r.state) continue;
    try {
      await app.db
        .transaction()
        .execute((trx) => moveRecord(app, trx, r.id, r.state as RecordState, target, null, Date.now()));
      changed += 1;
    } catch (err) {
      // A record whose row the table refuses stays where it is; the owner sees it in 入库审批's reason.
      app.log.warn({ err, recordId: r.id }, 'acquisition record could not settle');
    }
  }
  return changed;
}

/** One record's move after its approval changed, in the caller's transaction. */
async function moveRecord(
  app: FastifyInstance,
  trx: repo.Tx,
  recordId: number,
  from: RecordState,
  to: RecordState,
  actorId: number | null,
  now: number,
): Promise<RecordState> {
  const record = (await repo.findRecord(trx, recordId))!;
  const task = (await repo.findTask(trx, record.taskId))!;
  let state = to;
  if (to === 'approved' && !(task.reviewWrite === 1 && task.tableId !== null)) {
    const schema = await taskSchema(trx, task);
    await writeOf(app, trx, task, schema, record, parseJson<FormValues>(record.values), actorId ?? record.applicantId);
    state = 'written';
  }
  if (
    !(await repo.updateRecord(
      trx,
      recordId,
      { state, updatedAt: now, ...(state === 'written' ? { writtenAt: now } : {}) },
      [from],
    ))
  )
    throw wrongState('该记录已被他人处理');
  if (to === 'returned') await repo.setPartsOfRecord(trx, recordId, 'draft');
  return state;
}

async function withTables(
  list: (Omit<ApproveItem, 'taskIdOfFlow' | 'nodeName' | 'tableName'> & { tableId: number | null })[],
  app: FastifyInstance,
) {
  const names = new Map<number, string>();
  for (const id of new Set(list.map((r) => r.tableId).filter((x): x is number => x !== null)))
    names.set(id, (await getDataTable(app, app.db, id))?.name ?? '');
  return list.map(({ tableId, ...r }) => ({ ...r, tableName: tableId === null ? null : (names.get(tableId) ?? null) }));
}

/** 填报审批: records whose workflow task waits for me. */
export async function fillsToApprove(app: FastifyInstance, a: Actor, q: ApproveListQuery): Promise<Page<ApproveItem>> {
  const tasks = await pendingTasksOf(app.db, a.userId, { limit: PENDING_LIMIT });
  const byInstance = new Map(tasks.map((t) => [t.instanceId, t]));
  const page = await repo.recordsOnInstances(app.db, [...byInstance.keys()], q);
  const list = await withTables(page.list, app);
  return {
    ...page,
    list: list.map((r) => {
      const t = byInstance.get(r.instanceId!);
      return { ...r, taskIdOfFlow: t?.taskId ?? null, nodeName: t?.nodeName ?? '' };
    }),
  };
}

/** 入库审批: records waiting for my confirmation before they are written (my tasks; administrators: all). */
export async function recordsToWrite(app: FastifyInstance, a: Actor, q: ApproveListQuery): Promise<Page<ApproveItem>> {
  await settle(app, { limit: 200 });
  const page = await repo.recordsToWrite(app.db, a.isAdmin ? null : a.userId, q);
  const list = await withTables(page.list, app);
  return { ...page, list: list.map((r) => ({ ...r, taskIdOfFlow: null, nodeName: '入库审批' })) };
}

/** Whom a record concerns for the approval centre: its flow task's assignee, or the task owner for the write. */
async function access(db: repo.Conn, a: Actor, recordId: number) {
  const record = await repo.findRecord(db, recordId);
  if (!record) throw notFound('填报记录不存在');
  const task = (await repo.findTask(db, record.taskId))!;
  const flowTask = record.instanceId
    ? (await pendingTasksOf(db, a.userId, { instanceIds: [record.instanceId], limit: 1 }))[0]
    : undefined;
  const owner = task.ownerId === a.userId || a.isAdmin;
  if (!flowTask && !owner) throw noPermission('无权查看该填报记录');
  return { record, task, flowTask, owner };
}

export async function recordView(app: FastifyInstance, a: Actor, recordId: number): Promise<ApproveRecordView> {
  const { record, task, flowTask } = await access(app.db, a, recordId);
  const schema = await taskSchema(app.db, task);
  const values = parseJson<FormValues>(record.values);
  const item = (await repo.approveItem(app.db, recordId))!;
  const [withName] = await withTables([item], app);
  let row: ApproveRecordView['row'] = [];
  if (task.tableId !== null) {
    const def = await getDataTable(app, app.db, task.tableId);
    if (def) {
      const v = taskView(task);
      const r = rowOf(def, schema, v.mapping, values, record.recordKey ? parseJson(record.recordKey) : null);
      row = def.fields.filter((f) => f.name in r).map((f) => ({ field: f.name, label: f.label, value: r[f.name] }));
    }
  }
  return {
    item: {
      ...withName!,
      taskIdOfFlow: flowTask?.taskId ?? null,
      nodeName: flowTask?.nodeName ?? (record.state === 'approving' ? '' : '入库审批'),
    },
    schema,
    values,
    row,
  };
}

/**
 * Approve: a record in approval through my workflow task (written at once when the process ends and
 * the owner does not confirm writes), or the owner's 入库 confirmation — one transaction each.
 */
export async function approveRecord(app: FastifyInstance, a: Actor, b: ApproveBody): Promise<{ state: RecordState }> {
  return app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const { record, task, flowTask, owner } = await access(trx, a, b.recordId);
    if (record.state === 'approving' && flowTask) {
      await approveTask(trx, a, { taskId: flowTask.taskId, comment: b.comment }, now);
      const status = (await instanceStates(trx, [record.instanceId!])).get(record.instanceId!)?.status;
      if (status !== 'approved') return { state: 'approving' };
      return { state: await moveRecord(app, trx, record.id, 'approving', 'approved', a.userId, now) };
    }
    if ((record.state === 'submitted' || record.state === 'approved') && owner && task.reviewWrite === 1) {
      const schema = await taskSchema(trx, task);
      await writeOf(app, trx, task, schema, record, parseJson<FormValues>(record.values), a.userId);
      if (
        !(await repo.updateRecord(trx, record.id, { state: 'written', writtenAt: now, updatedAt: now }, [record.state]))
      )
        throw wrongState('该记录已被他人处理');
      await notify(trx, record, task.title, '已入库', now);
      return { state: 'written' };
    }
    throw wrongState('该记录当前不在待您审批的状态');
  });
}

/** Return (the filler changes and resubmits) or reject, from my workflow task or the owner's 入库审批. */
export async function rejectRecord(app: FastifyInstance, a: Actor, b: RejectBody): Promise<{ state: RecordState }> {
  return app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const { record, task, flowTask, owner } = await access(trx, a, b.recordId);
    const state: RecordState = b.action === 'return' ? 'returned' : 'rejected';
    if (record.state === 'approving' && flowTask) {
      await rejectTask(
        trx,
        a,
        { taskId: flowTask.taskId, comment: b.comment, to: b.action === 'return' ? 'applicant' : 'end' },
        now,
      );
    } else if (!((record.state === 'submitted' || record.state === 'approved') && owner && task.reviewWrite === 1)) {
      throw wrongState('该记录当前不在待您审批的状态');
    }
    // A record returned after its approval ended starts a new submission (and approval) when resubmitted.
    const patch = {
      state,
      note: b.comment,
      updatedAt: now,
      ...(record.state !== 'approving' ? { instanceId: null } : {}),
    };
    if (!(await repo.updateRecord(trx, record.id, patch, [record.state]))) throw wrongState('该记录已被他人处理');
    if (state === 'returned') await repo.setPartsOfRecord(trx, record.id, 'draft');
    if (record.state !== 'approving')
      await notify(
        trx,
        record,
        task.title,
        state === 'returned' ? `被退回：${b.comment}` : `未通过：${b.comment}`,
        now,
      );
    return { state };
  });
}

async function notify(trx: repo.Tx, record: repo.RecordRow, title: string, what: string, now: number) {
  if (record.applicantId === null) return;
  await sendMessage(trx, {
    userIds: [record.applicantId],
    kind: 'result',
    title: `数据采集「${title}」的填报${what}`,
    link: '/web/dataAcquisition/fillingRecords',
    at: now,
  });
}
