import { badInput, conflict, notFound } from '@/server/errors';
import type { FormValues } from '@/shared/forms/schema';
import { earlierApprovalNodes } from '../../check-process';
import * as engine from '../engine';
import * as repo from '../repository';

/**
 * The engine for other modules' servers (a data collection task sends its fills through a chosen
 * process): start an instance of a named process for a stored submission, read where it stands,
 * act on a task and resubmit a returned one — each in the caller's transaction, so the caller's
 * own rows change together with the instance. The same checks as the workflow's routes.
 */

export type Actor = engine.Actor;

/**
 * Completion hooks: `onInstanceEnd(name, hook)` runs `hook` in the engine's transaction whenever a
 * normal instance ends (see engine/end-hooks.ts) — a module settles its own rows with the ending.
 */
export { onInstanceEnd, type InstanceEnd } from '../engine/end-hooks';

/** Published processes of a form (the choice offered when a task requires approval). */
export async function publishedProcessesOfForm(db: repo.Conn, formId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('wfProcess')
    .select(['id', 'name'])
    .where('formId', '=', formId)
    .where('status', '=', 'published')
    .where('latestVersion', 'is not', null)
    .orderBy('id')
    .execute();
}

/** The process if it is published and bound to this form, else undefined. */
export async function publishedProcessFor(db: repo.Conn, processId: number, formId: number) {
  const p = await repo.findProcess(db, processId);
  return p && p.status === 'published' && p.latestVersion !== null && p.formId === formId
    ? { id: p.id, name: p.name, version: p.latestVersion }
    : undefined;
}

/** Starts the newest version of `processId` for the submission (which must be of the process's form). */
export async function startProcessInstance(
  trx: repo.Tx,
  input: { processId: number; submissionId: number; applicantId: number },
  now: number,
): Promise<number> {
  const sub = await engine.submissionOf(trx, input.submissionId);
  if (!sub) throw notFound('表单记录不存在');
  const p = await publishedProcessFor(trx, input.processId, sub.formId);
  if (!p) throw badInput('审批流程未发布或不属于该表单', { field: 'processId' });
  return engine.startInstance(
    trx,
    { processId: p.id, version: p.version, submissionId: input.submissionId, applicantId: input.applicantId },
    now,
  );
}

/** Where instances stand: status (running, approved, returned, rejected, withdrawn, terminated) and title. */
export async function instanceStates(
  db: repo.Conn,
  ids: number[],
): Promise<Map<number, { status: string; title: string; currentNodes: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('wfInstance')
    .select(['id', 'status', 'title', 'currentNodes'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { status: r.status, title: r.title, currentNodes: r.currentNodes }]));
}

/** The user's pending tasks on these instances (or on any, when `instanceIds` is absent), newest first, at most `limit`. */
export async function pendingTasksOf(
  db: repo.Conn,
  userId: number,
  opts: { instanceIds?: number[]; limit: number },
): Promise<{ taskId: number; instanceId: number; nodeName: string; createdAt: number }[]> {
  if (opts.instanceIds && !opts.instanceIds.length) return [];
  let q = db
    .selectFrom('wfTask')
    .select(['id', 'instanceId', 'nodeName', 'createdAt'])
    .where('assigneeId', '=', userId)
    .where('status', '=', 'pending');
  if (opts.instanceIds) q = q.where('instanceId', 'in', opts.instanceIds);
  const rows = await q.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
  return rows.map((r) => ({
    taskId: r.id,
    instanceId: r.instanceId,
    nodeName: r.nodeName,
    createdAt: Number(r.createdAt),
  }));
}

/** The assignee approves their pending task (as task/approve/ without field edits). */
export async function approveTask(
  trx: repo.Tx,
  actor: Actor,
  body: { taskId: number; comment?: string; nextAssignees?: number[] },
  now: number,
): Promise<number> {
  const task = await repo.findTask(trx, body.taskId);
  await engine.approve(trx, actor, body, now);
  return task!.instanceId;
}

/** The assignee returns (to the applicant, by default) or rejects (`to: 'end'`) their pending task. */
export async function rejectTask(
  trx: repo.Tx,
  actor: Actor,
  body: { taskId: number; comment?: string; to?: string },
  now: number,
): Promise<number> {
  const task = await repo.findTask(trx, body.taskId);
  await engine.reject(trx, actor, body, now, earlierApprovalNodes);
  return task!.instanceId;
}

/** The applicant resubmits a returned instance with new values (as instance/resubmit/). */
export async function resubmitInstance(
  trx: repo.Tx,
  actor: Actor,
  instanceId: number,
  values: FormValues,
  now: number,
): Promise<void> {
  const ctx = await engine.applicantCtx(trx, instanceId, actor, now);
  if (ctx.inst.status !== 'returned') throw conflict('只有被退回的申请可以重新提交');
  const checked = engine.checkedValues(ctx.schema, values);
  await engine.checkFileRefs(trx, ctx.schema, ctx.inst.formId, actor.userId, ctx.values, checked);
  await engine.writeRevision(trx, ctx.inst.submissionId, ctx.schema, checked, 'resubmit', instanceId, now);
  ctx.values = checked;
  await engine.retitle(ctx);
  ctx.inst.status = 'running';
  ctx.state = { joins: {}, picks: {} };
  const start = ctx.def.nodes.find((n) => n.type === 'start')!;
  await repo.addHistory(trx, {
    instanceId,
    nodeId: start.id,
    nodeName: start.name,
    actorId: actor.userId,
    actorName: actor.name,
    action: 'resubmit',
    comment: '',
    at: now,
  });
  ctx.starting = true;
  await engine.enter(ctx, start.id);
  await engine.save(ctx);
}

/** An instance as 好差评 (service-feedback) reads it: who applied, for which process, and whether and when it ended. */
export interface InstanceSummary {
  id: number;
  processId: number;
  applicantId: number;
  title: string;
  status: string;
  /** null while it runs (or was returned). */
  endedAt: number | null;
}

/** Statuses of an instance that has run its course (a withdrawal is the applicant's own). */
export const ENDED_INSTANCE_STATUSES = ['approved', 'rejected', 'terminated'] as const;

const summaryOf = (r: {
  id: number;
  processId: number;
  applicantId: number;
  title: string;
  status: string;
  endedAt: number | string | null;
}): InstanceSummary => ({ ...r, endedAt: r.endedAt === null ? null : Number(r.endedAt) });

/** One instance's summary, or null. Read-only. */
export async function instanceSummary(db: repo.Conn, id: number): Promise<InstanceSummary | null> {
  const r = await db
    .selectFrom('wfInstance')
    .select(['id', 'processId', 'applicantId', 'title', 'status', 'endedAt'])
    .where('id', '=', id)
    .where('kind', '=', 'normal')
    .executeTakeFirst();
  return r ? summaryOf(r) : null;
}

/** The user's instances that ended (ENDED_INSTANCE_STATUSES) at or after `endedSince`, newest first, at most `limit`. Read-only. */
export async function endedInstancesOf(
  db: repo.Conn,
  applicantId: number,
  opts: { endedSince: number; limit: number },
): Promise<InstanceSummary[]> {
  const rows = await db
    .selectFrom('wfInstance')
    .select(['id', 'processId', 'applicantId', 'title', 'status', 'endedAt'])
    .where('applicantId', '=', applicantId)
    .where('kind', '=', 'normal')
    .where('status', 'in', [...ENDED_INSTANCE_STATUSES])
    .where('endedAt', '>=', opts.endedSince)
    .orderBy('endedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .execute();
  return rows.map(summaryOf);
}

/** An instance's pending tasks and their assignees (a seed that runs demo requests through their process). Read-only. */
export async function pendingTasksOfInstance(
  db: repo.Conn,
  instanceId: number,
): Promise<{ taskId: number; assigneeId: number; nodeName: string }[]> {
  const rows = await repo.openTasksOf(db, instanceId);
  return rows
    .filter((t) => t.status === 'pending')
    .map((t) => ({ taskId: t.id, assigneeId: t.assigneeId, nodeName: t.nodeName }));
}
