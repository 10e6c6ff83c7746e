import { badInput } from '@/server/errors';
import { allFields } from '@/shared/forms/schema';
import { testCondition } from '@/shared/forms/linkage';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import type { ProcessNode } from '@/modules/workflow/contract';
import { DEFAULT_VOTE_RATIO, instanceLink, taskLink, taskSubject, votesNeeded } from '@/modules/workflow/contract';
import * as repo from '../repository';
import { Ctx, nodeOf, outEdges } from './context';
import { resolveAssignees } from './assignees';
import { applyEdit } from './revisions';
import { runEndHooks } from './end-hooks';
import { alarmAtOf, dueAtOf, enterTimer } from './time-limits';

async function createTasks(ctx: Ctx, node: ProcessNode, users: { id: number; realName: string }[]): Promise<void> {
  ctx.inst.activationSeq += 1;
  const activation = ctx.inst.activationSeq;
  const sequential = node.signMode === 'sequential';
  const dueAt = dueAtOf(node, ctx.now);
  const alarmAt = dueAt === null ? null : alarmAtOf(node, dueAt, 0);
  for (const [i, u] of users.entries()) {
    const delegate = await repo.delegateOf(ctx.trx, u.id, ctx.now);
    const to = delegate ?? u;
    const status = sequential && i > 0 ? 'waiting' : 'pending';
    const id = await repo.insertTask(ctx.trx, {
      instanceId: ctx.inst.id,
      nodeId: node.id,
      nodeName: node.name,
      activation,
      seq: i,
      assigneeId: to.id,
      assigneeName: to.realName,
      delegatedFrom: delegate ? u.id : null,
      status,
      batchApprove: node.batchApprove ? 1 : 0,
      formId: ctx.inst.formId,
      title: ctx.inst.title,
      applicantName: ctx.inst.applicantName,
      createdAt: ctx.now,
      dueAt,
      alarmAt,
      handledAt: null,
    });
    if (status === 'pending') await notifyTask(ctx, id, to.id);
  }
}

export async function notifyTask(ctx: Ctx, taskId: number, userId: number): Promise<void> {
  await sendMessage(ctx.trx, {
    userIds: [userId],
    kind: 'task',
    title: `请审批：${ctx.inst.title}`,
    link: taskLink(taskId),
    subject: taskSubject(taskId),
    at: ctx.now,
  });
}

export async function finish(
  ctx: Ctx,
  status: 'approved' | 'rejected' | 'terminated' | 'withdrawn',
  note: string,
  by: { comment?: string; actorId?: number | null } = {},
): Promise<void> {
  ctx.inst.status = status;
  ctx.inst.endedAt = ctx.now;
  if (status === 'approved' && ctx.inst.kind === 'edit') await applyEdit(ctx);
  if (ctx.inst.kind === 'normal')
    await runEndHooks({
      trx: ctx.trx,
      instanceId: ctx.inst.id,
      processId: ctx.inst.processId,
      formId: ctx.inst.formId,
      submissionId: ctx.inst.submissionId,
      applicantId: ctx.inst.applicantId,
      status,
      comment: by.comment ?? ctx.comment ?? '',
      actorId: by.actorId ?? ctx.actorId ?? null,
      now: ctx.now,
    });
  if (status !== 'withdrawn')
    await sendMessage(ctx.trx, {
      userIds: [ctx.inst.applicantId],
      kind: 'result',
      title: `${ctx.inst.title}${note}`,
      link: instanceLink(ctx.inst.id),
      at: ctx.now,
    });
}

/** Enters a node and runs on until every path waits at an approval (or the instance ends). */
export async function enter(ctx: Ctx, nodeId: string): Promise<void> {
  if (ctx.inst.status !== 'running') return;
  const node = nodeOf(ctx, nodeId);
  const h = { instanceId: ctx.inst.id, nodeId: node.id, nodeName: node.name, at: ctx.now };
  switch (node.type) {
    case 'start':
    case 'parallel':
      for (const e of outEdges(ctx, node.id)) await enter(ctx, e.to);
      return;
    case 'approval': {
      let users = await resolveAssignees(ctx, node);
      if (!users.length) {
        const rule = node.noAssignee ?? 'admin';
        if (rule === 'refuse' && ctx.starting)
          throw badInput(`流程节点「${node.name}」找不到审批人，暂不能发起，请联系管理员`);
        if (rule === 'skip') {
          await repo.addHistory(ctx.trx, {
            ...h,
            actorId: null,
            actorName: '系统',
            action: 'skip',
            comment: '无审批人，自动跳过',
          });
          for (const e of outEdges(ctx, node.id)) await enter(ctx, e.to);
          return;
        }
        const admin = await repo.firstAdmin(ctx.trx);
        if (!admin) throw badInput(`流程节点「${node.name}」找不到审批人`);
        users = [admin];
      }
      await createTasks(ctx, node, users);
      return;
    }
    case 'copy': {
      const users = await resolveAssignees(ctx, node);
      if (users.length) {
        await repo.insertCopies(
          ctx.trx,
          users.map((u) => ({
            instanceId: ctx.inst.id,
            nodeId: node.id,
            nodeName: node.name,
            userId: u.id,
            formId: ctx.inst.formId,
            title: ctx.inst.title,
            applicantName: ctx.inst.applicantName,
            createdAt: ctx.now,
          })),
        );
        await sendMessage(ctx.trx, {
          userIds: users.map((u) => u.id),
          kind: 'copy',
          title: `抄送：${ctx.inst.title}`,
          link: instanceLink(ctx.inst.id),
          at: ctx.now,
        });
        await repo.addHistory(ctx.trx, {
          ...h,
          actorId: null,
          actorName: '系统',
          action: 'copy',
          comment: `抄送 ${users.map((u) => u.realName).join('、')}`,
        });
      }
      for (const e of outEdges(ctx, node.id)) await enter(ctx, e.to);
      return;
    }
    case 'condition': {
      const fields = new Map(allFields(ctx.schema).map((f) => [f.id, f]));
      const hit = (node.branches ?? []).find((b) => {
        const results = b.conditions.map((c) => testCondition(c, ctx.values[c.field], fields.get(c.field)));
        return b.match === 'all' ? results.every(Boolean) : results.some(Boolean);
      });
      const edge = outEdges(ctx, node.id).find((e) => e.branch === (hit ? hit.id : 'default'));
      if (edge) await enter(ctx, edge.to);
      return;
    }
    case 'join': {
      const expected = node.splitId ? outEdges(ctx, node.splitId).length : 1;
      const arrived = (ctx.state.joins[node.id] ?? 0) + 1;
      if (arrived < expected) {
        ctx.state.joins[node.id] = arrived;
        return;
      }
      ctx.state.joins[node.id] = 0;
      for (const e of outEdges(ctx, node.id)) await enter(ctx, e.to);
      return;
    }
    case 'timer':
      // Waits (a wf_timer row the time-limit job fires), or goes on at once when the time has come.
      if (await enterTimer(ctx, node)) for (const e of outEdges(ctx, node.id)) await enter(ctx, e.to);
      return;
    case 'end':
      await repo.addHistory(ctx.trx, { ...h, actorId: null, actorName: '系统', action: 'finish', comment: '审批通过' });
      await finish(ctx, 'approved', ' 已审批通过');
      return;
  }
}

/** After a task of this activation is done: the sign mode decides whether the node is passed. */
export async function afterApproval(ctx: Ctx, task: repo.TaskRow, node: ProcessNode): Promise<void> {
  if (node.signMode === 'vote') {
    if ((await countVotes(ctx, task, node)).outcome === 'passed') await passVote(ctx, task, node);
    return;
  }
  const open = await repo.openTasksOf(ctx.trx, ctx.inst.id, task.activation);
  if (node.signMode === 'any' || node.signMode === undefined) {
    await repo.cancelOpenTasks(ctx.trx, ctx.inst.id, ctx.now, task.activation);
  } else if (open.some((t) => t.status === 'pending')) {
    return;
  } else if (open.length) {
    // sequential: the next in order now.
    const next = open[0]!;
    await repo.activateTask(ctx.trx, next.id, ctx.now);
    await notifyTask(ctx, next.id, next.assigneeId);
    return;
  }
  for (const e of outEdges(ctx, node.id)) await enter(ctx, e.to);
}

/**
 * A vote node's count after a vote: passed once the agreeing votes reach the ratio, failed once
 * they no longer can (too many against), else still open.
 */
export async function countVotes(
  ctx: Ctx,
  task: repo.TaskRow,
  node: ProcessNode,
): Promise<{ outcome: 'passed' | 'failed' | 'open'; agree: number; against: number; needed: number; voters: number }> {
  const votes = await repo.votesOf(ctx.trx, ctx.inst.id, task.activation);
  const voters = votes.length;
  const agree = votes.filter((v) => v.status === 'approved').length;
  const against = votes.filter((v) => v.status === 'rejected').length;
  const needed = votesNeeded(voters, node.voteRatio ?? DEFAULT_VOTE_RATIO);
  const outcome = agree >= needed ? 'passed' : voters - against < needed ? 'failed' : 'open';
  return { outcome, agree, against, needed, voters };
}

/** The vote reached its ratio: the votes not cast are cancelled and the request goes on. */
async function passVote(ctx: Ctx, task: repo.TaskRow, node: ProcessNode): Promise<void> {
  const { agree, voters } = await countVotes(ctx, task, node);
  await repo.cancelOpenTasks(ctx.trx, ctx.inst.id, ctx.now, task.activation);
  await repo.addHistory(ctx.trx, {
    instanceId: ctx.inst.id,
    nodeId: node.id,
    nodeName: node.name,
    actorId: null,
    actorName: '系统',
    action: 'votePassed',
    comment: `${voters} 人中 ${agree} 人同意，达到通过比例 ${node.voteRatio?.agree ?? DEFAULT_VOTE_RATIO.agree}/${node.voteRatio?.of ?? DEFAULT_VOTE_RATIO.of}`,
    at: ctx.now,
  });
  for (const e of outEdges(ctx, node.id)) await enter(ctx, e.to);
}
