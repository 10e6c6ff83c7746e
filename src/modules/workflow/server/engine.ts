import { randomBytes } from 'node:crypto';
import { AppError, badInput, conflict, noPermission, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { allFields, type FormSchema, type FormValues, type PickedRef } from '@/shared/forms/schema';
import { testCondition } from '@/shared/forms/linkage';
import { validateSubmission } from '@/shared/forms/validate';
import { canonicalJson } from '@/shared/canonical-json';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { readForm, readFormVersionSchema } from '@/modules/forms/server/commands/read-form';
import { readSubmission } from '@/modules/forms/server/commands/read-submission';
import { rewriteSubmission } from '@/modules/forms/server/commands/rewrite-submission';
import { formUploads } from '@/modules/forms/server/commands/form-uploads';
import type { ProcessDefinition, ProcessNode } from '../contract';
import { instanceLink, taskLink } from '../contract';
import { renderTitle } from '../title-template';
import * as repo from './repository';

/** Who acts. */
export interface Actor {
  userId: number;
  name: string;
  isAdmin: boolean;
}

interface State {
  joins: Record<string, number>;
  picks: Record<string, number[]>;
}

/** One transition's view of an instance: changed in memory, written once by save(). */
export interface Ctx {
  trx: repo.Tx;
  now: number;
  inst: repo.InstanceRow;
  def: ProcessDefinition;
  schema: FormSchema;
  /** The values the process decides on (an edit request: the proposed ones). */
  values: FormValues;
  state: State;
  starting: boolean;
}

const alreadyHandled = () => new AppError(Codes.taskAlreadyHandled, 409, '该任务已被他人处理');

export const parseDef = (text: string) => JSON.parse(text) as ProcessDefinition;

async function loadDef(db: repo.Conn, processId: number, version: number): Promise<ProcessDefinition> {
  const text = await repo.findVersion(db, processId, version);
  if (!text) throw notFound('流程版本不存在');
  return parseDef(text);
}

export async function loadSchema(db: repo.Conn, formId: number, version: number): Promise<FormSchema> {
  const schema = await readFormVersionSchema(db, formId, version);
  if (!schema) throw notFound('表单版本不存在');
  return schema;
}

export async function submissionOf(db: repo.Conn, id: number) {
  return readSubmission(db, id);
}

/** Locks the instance and builds the context of one transition. */
export async function openCtx(
  trx: repo.Tx,
  instanceId: number,
  now: number,
  loaded?: { def: ProcessDefinition; schema: FormSchema },
): Promise<Ctx> {
  if (!(await repo.lockInstance(trx, instanceId))) throw notFound('审批单不存在');
  const inst = (await repo.findInstance(trx, instanceId))!;
  const sub = await submissionOf(trx, inst.submissionId);
  if (!sub) throw notFound('表单记录不存在');
  // Starting an instance has just read both (for its title).
  const def = loaded?.def ?? (await loadDef(trx, inst.processId, inst.version));
  const schema = loaded?.schema ?? (await loadSchema(trx, sub.formId, sub.version));
  const values = JSON.parse(inst.kind === 'edit' && inst.editValues ? inst.editValues : sub.values) as FormValues;
  const state = { joins: {}, picks: {}, ...(JSON.parse(inst.state) as Partial<State>) } as State;
  return { trx, now, inst, def, schema, values, state, starting: false };
}

/** A request's title by its process's rule; a change request is marked as one. */
function titleOf(def: ProcessDefinition, kind: string, data: Parameters<typeof renderTitle>[1]): string {
  return `${kind === 'edit' ? '【修改】' : ''}${renderTitle(def.titleTemplate, data)}`;
}

/**
 * After the values changed (an approver's edit, a resubmission): the title follows the rule again,
 * on the instance and on its open tasks (the lists read the tasks' own copy).
 */
export async function retitle(ctx: Ctx): Promise<void> {
  const form = await readForm(ctx.trx, ctx.inst.formId);
  const title = titleOf(ctx.def, ctx.inst.kind, {
    applicant: ctx.inst.applicantName,
    form: form?.name ?? '',
    schema: ctx.schema,
    values: ctx.values,
  });
  if (title === ctx.inst.title) return;
  ctx.inst.title = title;
  await repo.updateInstance(ctx.trx, ctx.inst.id, { title });
  await repo.retitleOpenTasks(ctx.trx, ctx.inst.id, title);
}

export async function save(ctx: Ctx): Promise<void> {
  const open = await repo.openTasksOf(ctx.trx, ctx.inst.id);
  const current = [...new Set(open.filter((t) => t.status === 'pending').map((t) => t.nodeName))].join(',');
  await repo.updateInstance(ctx.trx, ctx.inst.id, {
    status: ctx.inst.status,
    state: JSON.stringify(ctx.state),
    currentNodes: ctx.inst.status === 'running' ? current : '',
    activationSeq: ctx.inst.activationSeq,
    updatedAt: ctx.now,
    endedAt: ctx.inst.endedAt,
    editValues: ctx.inst.editValues,
    editDiff: ctx.inst.editDiff,
  });
}

const nodeOf = (ctx: Ctx, id: string): ProcessNode => {
  const n = ctx.def.nodes.find((x) => x.id === id);
  if (!n) throw notFound('流程节点不存在');
  return n;
};

const outEdges = (ctx: Ctx, id: string) => ctx.def.edges.filter((e) => e.from === id);

/** The users a node names, in order, without duplicates. */
export async function resolveAssignees(ctx: Ctx, node: ProcessNode): Promise<{ id: number; realName: string }[]> {
  const a = node.assignee;
  if (!a) return [];
  const db = ctx.trx;
  let list: { id: number; realName: string }[] = [];
  switch (a.kind) {
    case 'users':
      list = await repo.activeUsers(db, a.userIds);
      break;
    case 'role': {
      if (!a.nearest) {
        list = await repo.roleHolders(db, a.roleCode);
        break;
      }
      let dept = await repo.userDepartment(db, ctx.inst.applicantId);
      for (let guard = 0; dept !== null && !list.length && guard < 20; guard += 1) {
        list = await repo.roleHolders(db, a.roleCode, dept);
        dept = await repo.departmentParent(db, dept);
      }
      break;
    }
    case 'applicantPick': {
      const v = ctx.values[a.fieldId];
      const refs = (Array.isArray(v) ? v : v ? [v] : []) as PickedRef[];
      list = await repo.activeUsers(
        db,
        refs.map((r) => Number(r?.id)).filter((x) => Number.isInteger(x) && x > 0),
      );
      break;
    }
    case 'nodePick':
      list = await repo.activeUsers(db, ctx.state.picks[a.nodeId] ?? []);
      break;
    case 'deptLeader':
    case 'leaderChain': {
      let dept = await repo.userDepartment(db, ctx.inst.applicantId);
      let levels = a.kind === 'leaderChain' ? a.levels : Infinity;
      for (let guard = 0; dept !== null && levels > 0 && guard < 20; guard += 1) {
        const leaders = await repo.departmentLeaders(db, dept);
        list.push(...leaders.map((l) => ({ id: l.id, realName: l.name })));
        if (a.kind === 'deptLeader' && leaders.length) break;
        levels -= 1;
        dept = await repo.departmentParent(db, dept);
      }
      break;
    }
  }
  const seen = new Set<number>();
  return list.filter((u) => (seen.has(u.id) ? false : (seen.add(u.id), true)));
}

async function createTasks(ctx: Ctx, node: ProcessNode, users: { id: number; realName: string }[]): Promise<void> {
  ctx.inst.activationSeq += 1;
  const activation = ctx.inst.activationSeq;
  const sequential = node.signMode === 'sequential';
  const dueAt = node.timeLimitHours ? ctx.now + Math.round(node.timeLimitHours * 3_600_000) : null;
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
    at: ctx.now,
  });
}

async function finish(
  ctx: Ctx,
  status: 'approved' | 'rejected' | 'terminated' | 'withdrawn',
  note: string,
): Promise<void> {
  ctx.inst.status = status;
  ctx.inst.endedAt = ctx.now;
  if (status === 'approved' && ctx.inst.kind === 'edit') await applyEdit(ctx);
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
    case 'end':
      await repo.addHistory(ctx.trx, { ...h, actorId: null, actorName: '系统', action: 'finish', comment: '审批通过' });
      await finish(ctx, 'approved', ' 已审批通过');
      return;
  }
}

// --- revisions ---------------------------------------------------------------------------------

/** Writes a new revision of the submission's values and makes it the stored record (value rows too). */
export async function writeRevision(
  trx: repo.Tx,
  submissionId: number,
  schema: FormSchema,
  values: FormValues,
  reason: string,
  instanceId: number | null,
  now: number,
): Promise<number> {
  const sub = await submissionOf(trx, submissionId);
  if (!sub) throw notFound('表单记录不存在');
  let revision = await repo.nextRevision(trx, submissionId);
  if (revision === 1) {
    // The first change keeps what was first submitted as revision 1.
    await repo.insertRevision(trx, {
      submissionId,
      revision: 1,
      values: sub.values,
      reason: 'submit',
      instanceId,
      createdAt: now,
    });
    revision = 2;
  }
  await repo.insertRevision(trx, {
    submissionId,
    revision,
    values: JSON.stringify(values),
    reason,
    instanceId,
    createdAt: now,
  });
  await rewriteSubmission(trx, submissionId, schema, values);
  return revision;
}

async function applyEdit(ctx: Ctx): Promise<void> {
  if (!ctx.inst.editValues) return;
  await writeRevision(
    ctx.trx,
    ctx.inst.submissionId,
    ctx.schema,
    JSON.parse(ctx.inst.editValues) as FormValues,
    'edit',
    ctx.inst.id,
    ctx.now,
  );
  await repo.addHistory(ctx.trx, {
    instanceId: ctx.inst.id,
    actorId: null,
    actorName: '系统',
    action: 'editApplied',
    comment: '修改已生效',
    at: ctx.now,
  });
}

/** Field-level changes between two versions of a record: { fieldId: { from, to } }. */
export function fieldDiff(
  schema: FormSchema,
  from: FormValues,
  to: FormValues,
): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const f of allFields(schema)) {
    if (canonicalJson(from[f.id] ?? null) !== canonicalJson(to[f.id] ?? null))
      diff[f.id] = { from: from[f.id] ?? null, to: to[f.id] ?? null };
  }
  return diff;
}

/** The checked values, or a 400 naming the fields. */
export function checkedValues(schema: FormSchema, values: FormValues): FormValues {
  const r = validateSubmission(schema, values);
  if (r.errors.length) throw badInput('表单填写有误', { fields: r.errors });
  return r.values;
}

// --- starting ----------------------------------------------------------------------------------

export interface StartInput {
  processId: number;
  version: number;
  submissionId: number;
  applicantId: number;
  kind?: 'normal' | 'edit';
  parentId?: number;
  editValues?: FormValues;
  editDiff?: unknown;
  comment?: string;
}

/** Creates an instance and runs it to its first waits, in the caller's transaction. */
export async function startInstance(trx: repo.Tx, input: StartInput, now: number): Promise<number> {
  const sub = await submissionOf(trx, input.submissionId);
  if (!sub) throw notFound('表单记录不存在');
  const applicant = await repo.userName(trx, input.applicantId);
  const form = (await readForm(trx, sub.formId))!;
  const kind = input.kind ?? 'normal';
  const def = await loadDef(trx, input.processId, input.version);
  const schema = await loadSchema(trx, sub.formId, sub.version);
  const values = (input.editValues ?? JSON.parse(sub.values)) as FormValues;
  const title = titleOf(def, kind, { applicant: applicant.realName, form: form.name, schema, values });
  const id = await repo.insertInstance(trx, {
    processId: input.processId,
    version: input.version,
    formId: sub.formId,
    submissionId: sub.id,
    kind,
    parentId: input.parentId ?? null,
    editValues: input.editValues ? JSON.stringify(input.editValues) : null,
    editDiff: input.editDiff ? JSON.stringify(input.editDiff) : null,
    title,
    applicantId: applicant.id,
    applicantName: applicant.realName,
    status: 'running',
    currentNodes: '',
    state: '{}',
    recordToken: randomBytes(24).toString('base64url'),
    rowVersion: 0,
    activationSeq: 0,
    startedAt: now,
    updatedAt: now,
    endedAt: null,
    lastUrgedAt: null,
  });
  const ctx = await openCtx(trx, id, now, { def, schema });
  ctx.starting = true;
  const start = ctx.def.nodes.find((x) => x.type === 'start')!;
  await repo.addHistory(trx, {
    instanceId: id,
    nodeId: start.id,
    nodeName: start.name || '发起',
    actorId: applicant.id,
    actorName: applicant.realName,
    action: kind === 'edit' ? 'applyEdit' : 'submit',
    comment: input.comment ?? '',
    at: now,
  });
  await enter(ctx, start.id);
  await save(ctx);
  return id;
}

// --- task transitions --------------------------------------------------------------------------

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
  return { ctx, task, node: nodeOf(ctx, task.nodeId) };
}

/** After a task of this activation is done: the sign mode decides whether the node is passed. */
export async function afterApproval(ctx: Ctx, task: repo.TaskRow, node: ProcessNode): Promise<void> {
  const open = await repo.openTasksOf(ctx.trx, ctx.inst.id, task.activation);
  if (node.signMode === 'any' || node.signMode === undefined) {
    await repo.cancelOpenTasks(ctx.trx, ctx.inst.id, task.activation);
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
  await repo.cancelOpenTasks(trx, ctx.inst.id);
  ctx.state.joins = {};
  const h = {
    instanceId: ctx.inst.id,
    nodeId: node.id,
    nodeName: node.name,
    actorId: actor.userId,
    actorName: actor.name,
    comment: body.comment ?? '',
    at: now,
  };
  if (target) {
    await repo.addHistory(trx, {
      ...h,
      action: 'return',
      comment: `退回至「${target.name}」${body.comment ? `：${body.comment}` : ''}`,
    });
    await enter(ctx, target.id);
  } else if (to === 'applicant') {
    await repo.addHistory(trx, { ...h, action: 'return' });
    ctx.inst.status = 'returned';
    await sendMessage(trx, {
      userIds: [ctx.inst.applicantId],
      kind: 'result',
      title: `${ctx.inst.title} 已被退回，请修改后重新提交`,
      body: body.comment,
      link: instanceLink(ctx.inst.id),
      at: now,
    });
  } else {
    await repo.addHistory(trx, { ...h, action: 'reject' });
    await finish(ctx, 'rejected', ' 未通过审批');
  }
  await save(ctx);
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

// --- applicant and administrator transitions -----------------------------------------------------

export async function applicantCtx(trx: repo.Tx, instanceId: number, actor: Actor, now: number): Promise<Ctx> {
  const before = await repo.findInstance(trx, instanceId);
  if (!before) throw notFound('审批单不存在');
  if (before.applicantId !== actor.userId) throw noPermission('只有申请人可以这样做');
  return openCtx(trx, instanceId, now);
}

export async function withdraw(trx: repo.Tx, actor: Actor, instanceId: number, now: number): Promise<void> {
  const ctx = await applicantCtx(trx, instanceId, actor, now);
  if (ctx.inst.status !== 'running' && ctx.inst.status !== 'returned') throw conflict('审批已结束，不能撤回');
  // A returned request may always be dropped; a running one only before anyone approved it.
  if (ctx.inst.status === 'running' && (await approvedSinceSubmit(trx, instanceId)))
    throw conflict('已有审批人同意，不能撤回');
  await repo.cancelOpenTasks(trx, instanceId);
  await repo.addHistory(trx, { instanceId, actorId: actor.userId, actorName: actor.name, action: 'withdraw', at: now });
  await finish(ctx, 'withdrawn', '');
  await save(ctx);
}

export const approvedSinceSubmit = repo.approvedSinceSubmit;

export async function terminate(
  trx: repo.Tx,
  actor: Actor,
  instanceId: number,
  reason: string,
  now: number,
): Promise<void> {
  const ctx = await openCtx(trx, instanceId, now);
  if (ctx.inst.status !== 'running' && ctx.inst.status !== 'returned') throw conflict('审批已结束');
  await repo.cancelOpenTasks(trx, instanceId);
  await repo.addHistory(trx, {
    instanceId,
    actorId: actor.userId,
    actorName: actor.name,
    action: 'terminate',
    comment: reason,
    at: now,
  });
  await finish(ctx, 'terminated', ` 已被管理员终止：${reason}`);
  await save(ctx);
}
