import { badInput, noPermission, notFound } from '@/server/errors';
import { allFields, type FormSchema, type FormValues } from '@/shared/forms/schema';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { formUploads } from '@/modules/forms/server/commands/form-uploads';
import type { ProcessDefinition, ProcessNode } from '@/modules/workflow/contract';
import { instanceLink } from '@/modules/workflow/contract';
import * as repo from '../repository';
import { Actor, Ctx, alreadyHandled, nodeOf, openCtx, retitle, save, submissionOf } from './context';
import { afterApproval, countVotes, enter, finish, notifyTask } from './advance';
import { checkedValues, fieldDiff, writeRevision } from './revisions';

/** The caller's pending task, under the instance's lock; 403 for someone else's, 409 once handled. */
export async function ownPendingTask(
  trx: repo.Tx,
  taskId: number,
  actor: Actor,
  now: number,
  opts: { admin?: boolean } = {},
): Promise<{ ctx: Ctx; task: repo.TaskRow; node: ProcessNode }> {
  const before = await repo.findTask(trx, taskId);
  if (!before) throw notFound('任务不存在');
  if (!opts.admin && before.assigneeId !== actor.userId) throw noPermission('这不是您的待办任务');
  const ctx = await openCtx(trx, before.instanceId, now);
  const task = (await repo.findTask(trx, taskId))!;
  if (task.status !== 'pending' || ctx.inst.status !== 'running') throw alreadyHandled();
  ctx.actorId = actor.userId;
  return { ctx, task, node: nodeOf(ctx, task.nodeId) };
}

export function permissionsOf(node: ProcessNode | undefined): Record<string, 'editable' | 'readOnly' | 'hidden'> {
  return { ...(node?.fieldPermissions ?? {}) };
}

/**
 * New file refs in `next` (not already in `prev`) must be the person's own uploads for this form
 * (purpose form:<id>): the applicant's from the fill page, an approver's from task/upload. Anything
 * else — another person's file, a comment attachment — would become readable through the record.
 */
export async function checkFileRefs(
  trx: repo.Tx,
  schema: FormSchema,
  formId: number,
  ownerId: number,
  prev: FormValues,
  next: FormValues,
): Promise<void> {
  for (const f of allFields(schema)) {
    if (!FILE_FIELD_TYPES.has(f.type)) continue;
    const list = (v: unknown) => (Array.isArray(v) ? v : v ? [v] : []) as { id?: unknown }[];
    const known = new Set(list(prev[f.id]).map((r) => String(r?.id)));
    const ids = list(next[f.id])
      .map((r) => String(r?.id))
      .filter((id) => !known.has(id));
    if (!ids.length) continue;
    const found = await formUploads(trx, formId, [...new Set(ids)], ownerId);
    if (found.length !== new Set(ids).size)
      throw badInput('表单填写有误', { fields: [{ field: f.id, message: `「${f.label}」的附件无效，请重新上传` }] });
  }
}

export const FILE_FIELD_TYPES: ReadonlySet<string> = new Set(['file', 'image', 'signature']);

export async function approve(
  trx: repo.Tx,
  actor: Actor,
  body: { taskId: number; comment?: string; values?: FormValues; nextAssignees?: number[] },
  now: number,
): Promise<void> {
  const { ctx, task, node } = await ownPendingTask(trx, body.taskId, actor, now);
  ctx.comment = body.comment ?? '';
  if (body.values && Object.keys(body.values).length) {
    const perms = permissionsOf(node);
    const fields = new Map(allFields(ctx.schema).map((f) => [f.id, f]));
    for (const k of Object.keys(body.values)) {
      if (perms[k] !== 'editable') throw badInput(`字段「${fields.get(k)?.label ?? k}」在此节点不可修改`, { field: k });
    }
    const merged = checkedValues(ctx.schema, { ...ctx.values, ...body.values });
    await checkFileRefs(trx, ctx.schema, ctx.inst.formId, actor.userId, ctx.values, merged);
    ctx.values = merged;
    await retitle(ctx);
    if (ctx.inst.kind === 'edit') {
      ctx.inst.editValues = JSON.stringify(merged);
      ctx.inst.editDiff = JSON.stringify(
        fieldDiff(
          ctx.schema,
          JSON.parse((await submissionOf(trx, ctx.inst.submissionId))!.values) as FormValues,
          merged,
        ),
      );
    } else await writeRevision(trx, ctx.inst.submissionId, ctx.schema, merged, 'approverEdit', ctx.inst.id, now);
  }
  const pickers = ctx.def.nodes.filter((x) => x.assignee?.kind === 'nodePick' && x.assignee.nodeId === node.id);
  if (pickers.length) {
    const ids = [...new Set(body.nextAssignees ?? [])];
    const users = await repo.activeUsers(trx, ids);
    if (!users.length)
      throw badInput(`请选择「${pickers.map((p) => p.name).join('、')}」的审批人`, { field: 'nextAssignees' });
    ctx.state.picks[node.id] = users.map((u) => u.id);
  }
  if (!(await repo.finishTask(trx, task.id, 'approved', now))) throw alreadyHandled();
  await repo.addHistory(trx, {
    instanceId: ctx.inst.id,
    nodeId: node.id,
    nodeName: node.name,
    actorId: actor.userId,
    actorName: actor.name,
    action: 'approve',
    comment: body.comment ?? '',
    at: now,
  });
  await afterApproval(ctx, task, node);
  await save(ctx);
}

export async function reject(
  trx: repo.Tx,
  actor: Actor,
  body: { taskId: number; comment?: string; to?: string },
  now: number,
  earlier: (def: ProcessDefinition, nodeId: string) => ProcessNode[],
): Promise<void> {
  const { ctx, task, node } = await ownPendingTask(trx, body.taskId, actor, now);
  const to = body.to ?? 'applicant';
  let target: ProcessNode | undefined;
  if (to !== 'applicant' && to !== 'end') {
    target = earlier(ctx.def, node.id).find((x) => x.id === to);
    if (!target) throw badInput('只能退回到之前的审批节点', { field: 'to' });
  }
  if (!(await repo.finishTask(trx, task.id, 'rejected', now))) throw alreadyHandled();
  await sendBack(
    ctx,
    task,
    node,
    { actorId: actor.userId, actorName: actor.name },
    body.comment ?? '',
    target ?? (to as 'applicant' | 'end'),
  );
  await save(ctx);
}

/** Who a history row names: a person, or the system (actorId null, 系统) for the time-limit job. */
export interface Who {
  actorId: number | null;
  actorName: string;
}

/**
 * After a task was closed as rejected (by its approver, or by the time-limit job's 自动退回, then
 * `auto`): a vote against on a vote node; otherwise every open task goes and the request returns to
 * an earlier node, to the applicant, or ends rejected (`end`).
 */
export async function sendBack(
  ctx: Ctx,
  task: repo.TaskRow,
  node: ProcessNode,
  who: Who,
  comment: string,
  to: 'applicant' | 'end' | ProcessNode,
  auto = false,
): Promise<void> {
  if (node.signMode === 'vote') {
    await voteAgainst(ctx, task, node, who, comment);
    return;
  }
  const { trx, now } = ctx;
  await repo.cancelOpenTasks(trx, ctx.inst.id, now);
  ctx.state.joins = {};
  const h = { instanceId: ctx.inst.id, nodeId: node.id, nodeName: node.name, ...who, comment, at: now };
  const action = auto ? 'autoReturn' : 'return';
  if (typeof to === 'object') {
    await repo.addHistory(trx, { ...h, action, comment: `退回至「${to.name}」${comment ? `：${comment}` : ''}` });
    await enter(ctx, to.id);
  } else if (to === 'applicant') {
    await repo.addHistory(trx, { ...h, action });
    ctx.inst.status = 'returned';
    await sendMessage(trx, {
      userIds: [ctx.inst.applicantId],
      kind: 'result',
      title: `${ctx.inst.title} 已被退回，请修改后重新提交`,
      body: comment,
      link: instanceLink(ctx.inst.id),
      at: now,
    });
  } else {
    await repo.addHistory(trx, { ...h, action: 'reject' });
    await finish(ctx, 'rejected', ' 未通过审批', { comment });
  }
}

/**
 * On a vote node a refusal is one vote against, not the end of the request: it ends only once the
 * agreeing votes can no longer reach the ratio (then the votes not cast are cancelled).
 */
async function voteAgainst(ctx: Ctx, task: repo.TaskRow, node: ProcessNode, who: Who, comment: string) {
  const h = { instanceId: ctx.inst.id, nodeId: node.id, nodeName: node.name, at: ctx.now };
  await repo.addHistory(ctx.trx, {
    ...h,
    ...who,
    action: 'voteAgainst',
    comment,
  });
  const count = await countVotes(ctx, task, node);
  if (count.outcome !== 'failed') return;
  await repo.cancelOpenTasks(ctx.trx, ctx.inst.id, ctx.now);
  ctx.state.joins = {};
  const note = `${count.voters} 人中 ${count.against} 人反对，同意票已不能达到 ${count.needed} 票`;
  await repo.addHistory(ctx.trx, { ...h, actorId: null, actorName: '系统', action: 'voteFailed', comment: note });
  await finish(ctx, 'rejected', ' 未通过审批（投票未达通过比例）', { comment: note });
}

export async function transfer(
  trx: repo.Tx,
  actor: Actor,
  body: { taskId: number; userId: number; comment?: string },
  now: number,
  opts: { admin?: boolean } = {},
): Promise<void> {
  const { ctx, task, node } = await ownPendingTask(trx, body.taskId, actor, now, opts);
  const [to] = await repo.activeUsers(trx, [body.userId]);
  if (!to) throw badInput('所选人员不存在或已停用', { field: 'userId' });
  if (to.id === task.assigneeId) throw badInput('不能转交给当前处理人', { field: 'userId' });
  if (!(await repo.finishTask(trx, task.id, opts.admin ? 'cancelled' : 'transferred', now))) throw alreadyHandled();
  const id = await repo.insertTask(trx, {
    instanceId: task.instanceId,
    nodeId: task.nodeId,
    nodeName: task.nodeName,
    activation: task.activation,
    seq: task.seq,
    assigneeId: to.id,
    assigneeName: to.realName,
    delegatedFrom: null,
    status: 'pending',
    batchApprove: task.batchApprove,
    formId: task.formId,
    title: task.title,
    applicantName: task.applicantName,
    createdAt: now,
    dueAt: task.dueAt,
    // The steps already run (reminders sent) are not run again for the new assignee.
    alarmAt: task.alarmAt,
    alarmsDone: task.alarmsDone,
    handledAt: null,
  });
  await notifyTask(ctx, id, to.id);
  await repo.addHistory(trx, {
    instanceId: ctx.inst.id,
    nodeId: node.id,
    nodeName: node.name,
    actorId: actor.userId,
    actorName: actor.name,
    action: opts.admin ? 'reassign' : 'transfer',
    comment: `${task.assigneeName} → ${to.realName}${body.comment ? `：${body.comment}` : ''}`,
    at: now,
  });
  await save(ctx);
}

export async function addSigner(
  trx: repo.Tx,
  actor: Actor,
  body: { taskId: number; userIds: number[]; comment?: string },
  now: number,
): Promise<void> {
  const { ctx, task, node } = await ownPendingTask(trx, body.taskId, actor, now);
  const users = await repo.activeUsers(trx, [...new Set(body.userIds)]);
  const taken = new Set((await repo.openTasksOf(trx, ctx.inst.id, task.activation)).map((t) => t.assigneeId));
  const fresh = users.filter((u) => !taken.has(u.id));
  if (!fresh.length) throw badInput('所选人员已在审批人中或不存在', { field: 'userIds' });
  const sequential = node.signMode === 'sequential';
  const maxSeq = (await repo.openTasksOf(trx, ctx.inst.id, task.activation)).reduce(
    (m, t) => Math.max(m, t.seq),
    task.seq,
  );
  for (const [i, u] of fresh.entries()) {
    const id = await repo.insertTask(trx, {
      instanceId: task.instanceId,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      activation: task.activation,
      seq: sequential ? maxSeq + i + 1 : task.seq,
      assigneeId: u.id,
      assigneeName: u.realName,
      delegatedFrom: null,
      status: sequential ? 'waiting' : 'pending',
      batchApprove: task.batchApprove,
      formId: task.formId,
      title: task.title,
      applicantName: task.applicantName,
      createdAt: now,
      dueAt: task.dueAt,
      alarmAt: task.alarmAt,
      alarmsDone: task.alarmsDone,
      handledAt: null,
    });
    if (!sequential) await notifyTask(ctx, id, u.id);
  }
  await repo.addHistory(trx, {
    instanceId: ctx.inst.id,
    nodeId: node.id,
    nodeName: node.name,
    actorId: actor.userId,
    actorName: actor.name,
    action: 'addSigner',
    comment: `加签 ${fresh.map((u) => u.realName).join('、')}${body.comment ? `：${body.comment}` : ''}`,
    at: now,
  });
  await save(ctx);
}
