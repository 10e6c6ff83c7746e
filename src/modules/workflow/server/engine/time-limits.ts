import { allFields, type FormValues } from '@/shared/forms/schema';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import type { ProcessNode } from '@/modules/workflow/contract';
import { instanceLink, taskLink, taskSubject } from '@/modules/workflow/contract';
import { TIMER_FIELD_TYPES, previousApprovalNode } from '@/modules/workflow/check-process';
import * as repo from '../repository';
import { Ctx, alreadyHandled, nodeOf, openCtx, outEdges, save } from './context';
import { afterApproval, enter, notifyTask } from './advance';
import { sendBack, type Who } from './tasks';

/**
 * Time limits that act (issue 24 item 1). A node's limit is in calendar hours (a day is 24 hours),
 * as due times always were. Around the due time a node has a schedule of steps — reminders before
 * and after it, then the timeout action after the grace — and each limited task keeps how many
 * steps have run (`alarms_done`) and when the next is due (`alarm_at`). The `workflow.time-limits`
 * job runs the due steps through the functions below, each task in its own transaction under the
 * instance's lock, exactly like a person's action: whoever comes second finds the task handled or the
 * step claimed and does nothing.
 */

const HOUR = 3_600_000;
const BEIJING = 8 * HOUR;
export const SYSTEM: Who = { actorId: null, actorName: '系统' };

export interface AlarmStep {
  /** ms from the due time (negative: before it). */
  offset: number;
  kind: 'remind' | 'action';
}

export function dueAtOf(node: ProcessNode, now: number): number | null {
  return node.timeLimitHours ? now + Math.round(node.timeLimitHours * HOUR) : null;
}

/** The node's steps in time order; a reminder at the same moment as the action goes first (and is skipped by it). */
export function alarmSteps(node: ProcessNode): AlarmStep[] {
  if (!node.timeLimitHours) return [];
  const steps: AlarmStep[] = [
    ...(node.reminders?.beforeHours ?? []).map((h) => ({ offset: -Math.round(h * HOUR), kind: 'remind' as const })),
    ...(node.reminders?.afterHours ?? []).map((h) => ({ offset: Math.round(h * HOUR), kind: 'remind' as const })),
  ];
  const action = node.onTimeout?.action ?? 'none';
  if (action !== 'none') steps.push({ offset: Math.round((node.onTimeout?.graceHours ?? 0) * HOUR), kind: 'action' });
  const seen = new Set<string>();
  return steps
    .sort((a, b) => a.offset - b.offset || (a.kind === 'remind' ? -1 : 1))
    .filter((s) => (seen.has(`${s.kind}${s.offset}`) ? false : (seen.add(`${s.kind}${s.offset}`), true)));
}

/** When step `done` of the schedule falls due, or null once every step has run. */
export function alarmAtOf(node: ProcessNode, dueAt: number, done: number): number | null {
  const step = alarmSteps(node)[done];
  return step ? dueAt + step.offset : null;
}

/** 'YYYY-MM-DD HH:mm' in Beijing time (history and messages). */
export function beijingTime(ms: number): string {
  return new Date(ms + BEIJING).toISOString().slice(0, 16).replace('T', ' ');
}

/** '3 小时', '2.5 小时'; from two days on '19 天 3 小时'. */
const hoursText = (ms: number) => {
  const h = Math.abs(ms) / HOUR;
  if (h < 48) return `${Math.round(h * 10) / 10} 小时`;
  const days = Math.floor(h / 24);
  const rest = Math.round(h - days * 24);
  return rest ? `${days} 天 ${rest} 小时` : `${days} 天`;
};

/**
 * Runs the due steps of one task (the job calls it in a transaction per task). Due reminders that
 * were missed (the job did not run for a while) are sent once, as one message; when the action is
 * due too, the reminders before it are skipped. Answers what it did.
 */
export async function runTaskAlarm(
  trx: repo.Tx,
  taskId: number,
  now: number,
): Promise<'skipped' | 'reminded' | 'acted'> {
  const before = await repo.findTask(trx, taskId);
  if (!before || before.status !== 'pending' || before.alarmAt === null || before.alarmAt > now) return 'skipped';
  const ctx = await openCtx(trx, before.instanceId, now);
  // Re-read under the instance's lock: a person (or another server) may have acted meanwhile.
  const task = (await repo.findTask(trx, taskId))!;
  if (task.status !== 'pending' || task.alarmAt === null || task.alarmAt > now || task.dueAt === null) return 'skipped';
  const node = ctx.def.nodes.find((x) => x.id === task.nodeId);
  const steps = node ? alarmSteps(node) : [];
  let k = task.alarmsDone;
  const due: AlarmStep[] = [];
  while (k < steps.length && task.dueAt + steps[k]!.offset <= now) due.push(steps[k++]!);
  const nextAt = k < steps.length ? task.dueAt + steps[k]!.offset : null;
  if (!(await repo.claimAlarm(trx, task.id, task.alarmsDone, k, nextAt))) return 'skipped';
  if (!node || !due.length || ctx.inst.status !== 'running') return 'skipped';
  if (due.some((s) => s.kind === 'action')) {
    ctx.actorId = undefined;
    await runTimeout(ctx, task, node);
    await save(ctx);
    return 'acted';
  }
  await remind(ctx, task, node, due[due.length - 1]!);
  return 'reminded';
}

async function remind(ctx: Ctx, task: repo.TaskRow, node: ProcessNode, step: AlarmStep): Promise<void> {
  const left = task.dueAt! - ctx.now;
  const when =
    left > 0 ? `距办理期限（${beijingTime(task.dueAt!)}）还有 ${hoursText(left)}` : `已超过办理期限 ${hoursText(left)}`;
  // The task-message path: a 催办 to the task itself, settled with it when the task is handled.
  await sendMessage(ctx.trx, {
    userIds: [task.assigneeId],
    kind: 'urge',
    title: `${step.offset < 0 ? '即将超时' : '已超时'}：${ctx.inst.title}`,
    body: `${when}，请尽快处理。`,
    link: taskLink(task.id),
    subject: taskSubject(task.id),
    at: ctx.now,
  });
  await repo.markTask(ctx.trx, task.id, { remindersSent: task.remindersSent + 1 });
  await repo.addHistory(ctx.trx, {
    instanceId: ctx.inst.id,
    nodeId: node.id,
    nodeName: node.name,
    ...SYSTEM,
    action: 'remind',
    comment: `${when}，已提醒 ${task.assigneeName}`,
    at: ctx.now,
  });
}

/** The node's timeout action on an overdue task, as the system. */
async function runTimeout(ctx: Ctx, task: repo.TaskRow, node: ProcessNode): Promise<void> {
  const over = `办理期限 ${beijingTime(task.dueAt!)}，已超时 ${hoursText(ctx.now - task.dueAt!)}`;
  const h = { instanceId: ctx.inst.id, nodeId: node.id, nodeName: node.name, ...SYSTEM, at: ctx.now };
  switch (node.onTimeout?.action) {
    case 'approve': {
      if (!(await repo.finishTask(ctx.trx, task.id, 'approved', ctx.now))) throw alreadyHandled();
      await repo.markTask(ctx.trx, task.id, { timeoutAction: 'approve' });
      ctx.comment = `已超时自动同意（${task.assigneeName} 未在期限内处理；${over}）`;
      await repo.addHistory(ctx.trx, { ...h, action: 'autoApprove', comment: ctx.comment });
      await afterApproval(ctx, task, node);
      return;
    }
    case 'return': {
      if (!(await repo.finishTask(ctx.trx, task.id, 'rejected', ctx.now))) throw alreadyHandled();
      await repo.markTask(ctx.trx, task.id, { timeoutAction: 'return' });
      const previous = node.onTimeout.returnTo === 'previous' ? previousApprovalNode(ctx.def, node.id) : undefined;
      const comment = `已超时自动退回（${task.assigneeName} 未在期限内处理；${over}）`;
      await sendBack(ctx, task, node, SYSTEM, comment, previous ?? 'applicant', true);
      return;
    }
    case 'escalate':
      await escalate(ctx, task, node, over);
      return;
    default:
      return;
  }
}

/**
 * 上报上级: the overdue task moves to the first leader (in the department's order) of the
 * assignee's department — or of the nearest one above when the assignee leads it — who gets a fresh
 * limit and the node's reminders. Moved, not added: the sign mode's count (countersign, vote) stays
 * the same and the late task does not stay overdue beside the leader's. A leader who already holds
 * a task of this node is passed over. Without a leader the task stays where it is; the history says
 * so and the applicant is told, so they can urge or withdraw.
 */
async function escalate(ctx: Ctx, task: repo.TaskRow, node: ProcessNode, over: string): Promise<void> {
  const open = await repo.openTasksOf(ctx.trx, ctx.inst.id, task.activation);
  // Any one approver decides: the node as a whole moves up (the other approvers' tasks go too), so
  // the leader gets one task, not one per late counsellor.
  const anyOne = node.signMode === 'any' || node.signMode === undefined;
  const others = anyOne ? open.filter((t) => t.id !== task.id && t.status === 'pending') : [];
  const taken = new Set(anyOne ? [] : open.map((t) => t.assigneeId));
  const leader = (await repo.escalationLeaders(ctx.trx, task.assigneeId)).find((l) => !taken.has(l.id));
  const h = { instanceId: ctx.inst.id, nodeId: node.id, nodeName: node.name, ...SYSTEM, at: ctx.now };
  if (!leader) {
    await repo.markTask(ctx.trx, task.id, { timeoutAction: 'noLeader' });
    await repo.addHistory(ctx.trx, {
      ...h,
      action: 'timeout',
      comment: `${over}，但未找到 ${task.assigneeName} 所在部门的负责人，无法上报上级；已通知申请人`,
    });
    await sendMessage(ctx.trx, {
      userIds: [ctx.inst.applicantId],
      kind: 'result',
      title: `${ctx.inst.title} 在「${node.name}」已超时`,
      body: `${task.assigneeName} 未在期限内处理，且无可上报的负责人。您可以催办，或撤回后重新申请。`,
      link: instanceLink(ctx.inst.id),
      at: ctx.now,
    });
    return;
  }
  if (!(await repo.finishTask(ctx.trx, task.id, 'transferred', ctx.now))) throw alreadyHandled();
  for (const t of others) await repo.finishTask(ctx.trx, t.id, 'cancelled', ctx.now);
  await repo.markTask(ctx.trx, task.id, { timeoutAction: 'escalate' });
  const late = [task.assigneeName, ...others.map((t) => t.assigneeName)];
  const dueAt = dueAtOf(node, ctx.now);
  const id = await repo.insertTask(ctx.trx, {
    instanceId: task.instanceId,
    nodeId: task.nodeId,
    nodeName: task.nodeName,
    activation: task.activation,
    seq: task.seq,
    assigneeId: leader.id,
    assigneeName: leader.name,
    delegatedFrom: null,
    status: 'pending',
    batchApprove: task.batchApprove,
    formId: task.formId,
    title: task.title,
    applicantName: task.applicantName,
    createdAt: ctx.now,
    dueAt,
    alarmAt: dueAt === null ? null : alarmAtOf(node, dueAt, 0),
    handledAt: null,
  });
  await notifyTask(ctx, id, leader.id);
  await repo.addHistory(ctx.trx, {
    ...h,
    action: 'escalate',
    comment: `${over}，已上报上级：${late.join('、')} → ${leader.name}（部门负责人）`,
  });
}

// --- timer nodes ---------------------------------------------------------------------------------

/** A form value as a moment: a date means the end of that day (Beijing), a range its end. */
export function momentOf(type: string, value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null;
  const text = type === 'dateRange' ? (value.split('至')[1] ?? '') : value;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const at =
    m[4] === undefined ? Date.UTC(y, mo, d + 1) : Date.UTC(y, mo, d, Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  return Number.isFinite(at) ? at - BEIJING : null;
}

/** When a timer node reached now lets the request go on; null: the form has no date to wait for. */
export function timerFireAt(ctx: Ctx, node: ProcessNode): number | null {
  const t = node.timer;
  if (!t) return null;
  if (t.kind === 'duration') return ctx.now + Math.round(t.hours * HOUR);
  const field = allFields(ctx.schema).find((f) => f.id === t.fieldId);
  if (!field || !TIMER_FIELD_TYPES.has(field.type)) return null;
  const at = momentOf(field.type, (ctx.values as FormValues)[t.fieldId]);
  return at === null ? null : at + Math.round((t.offsetHours ?? 0) * HOUR);
}

/** Entering a timer node: true when the request goes on at once (the time has come, or no date). */
export async function enterTimer(ctx: Ctx, node: ProcessNode): Promise<boolean> {
  const fireAt = timerFireAt(ctx, node);
  const h = { instanceId: ctx.inst.id, nodeId: node.id, nodeName: node.name, ...SYSTEM, at: ctx.now };
  if (fireAt === null || fireAt <= ctx.now) {
    await repo.addHistory(ctx.trx, {
      ...h,
      action: 'timerDone',
      comment: fireAt === null ? '表单中没有可等待的日期，直接继续' : `等待时间（${beijingTime(fireAt)}）已到，继续`,
    });
    return true;
  }
  await repo.insertTimer(ctx.trx, {
    instanceId: ctx.inst.id,
    nodeId: node.id,
    nodeName: node.name,
    fireAt,
    createdAt: ctx.now,
  });
  await repo.addHistory(ctx.trx, { ...h, action: 'timerWait', comment: `等待至 ${beijingTime(fireAt)}` });
  return false;
}

/** The job: a due timer fires once (a conditional update under the instance's lock) and the request goes on. */
export async function fireTimer(trx: repo.Tx, timerId: number, now: number): Promise<boolean> {
  const before = await repo.findTimer(trx, timerId);
  if (!before || before.status !== 'waiting' || before.fireAt > now) return false;
  const ctx = await openCtx(trx, before.instanceId, now);
  if (ctx.inst.status !== 'running') {
    await repo.closeTimer(trx, timerId, 'cancelled', now);
    return false;
  }
  if (!(await repo.closeTimer(trx, timerId, 'fired', now))) return false;
  const node = nodeOf(ctx, before.nodeId);
  await repo.addHistory(trx, {
    instanceId: ctx.inst.id,
    nodeId: node.id,
    nodeName: node.name,
    ...SYSTEM,
    action: 'timerDone',
    comment: `等待至 ${beijingTime(before.fireAt)}，时间已到，继续`,
    at: now,
  });
  for (const e of outEdges(ctx, node.id)) await enter(ctx, e.to);
  await save(ctx);
  return true;
}
