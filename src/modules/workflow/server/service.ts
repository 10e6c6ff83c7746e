import type { FastifyInstance } from 'fastify';
import { audit } from '@/server/identity/audit';
import { AppError, badInput, conflict, noPermission, notFound } from '@/server/errors';
import { fileUrl } from '@/server/uploads/store';
import { Codes } from '@/shared/errors';
import { allFields, type FormField, type FormSchema, type FormValues } from '@/shared/forms/schema';
import { canonicalJson } from '@/shared/canonical-json';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { readForm, readFormVersionSchema } from '@/modules/forms/server/commands/read-form';
import { formUploads } from '@/modules/forms/server/commands/form-uploads';
import { fillerMayFill, fillerRoles } from '@/modules/forms/server/commands/form-audience';
import { checkProcess, earlierApprovalNodes } from '../check-process';
import {
  DEFAULT_VOTE_RATIO,
  PROCESS_FORMAT,
  votesNeeded,
  taskLink,
  taskSubject,
  URGE_INTERVAL_MS,
  type ApplyEditBody,
  type BatchApproveAnswer,
  type DelegationBody,
  type FieldPermission,
  type InstanceView,
  type ProcessCreateBody,
  type ProcessDefinition,
  type ProcessDetail,
  type ProcessSaveBody,
  type PublicRecord,
  type TaskView,
  type VoteRatio,
  type VoteTally,
} from '../contract';
import * as engine from './engine';
import type { Actor } from './engine';
import * as repo from './repository';

const PROCESS_GONE = '流程不存在或已删除';

/** start → one approval (administrator) → end: what a new process starts from. */
export const starterDefinition = (): ProcessDefinition => ({
  format: PROCESS_FORMAT,
  nodes: [
    { id: 'start', type: 'start', name: '发起', x: 0, y: 0 },
    {
      id: 'approve1',
      type: 'approval',
      name: '审批',
      assignee: { kind: 'deptLeader' },
      signMode: 'any',
      noAssignee: 'admin',
      x: 0,
      y: 120,
    },
    { id: 'end', type: 'end', name: '结束', x: 0, y: 240 },
  ],
  edges: [
    { from: 'start', to: 'approve1' },
    { from: 'approve1', to: 'end' },
  ],
});

async function processOr404(db: repo.Conn, id: number): Promise<repo.ProcessRow> {
  const p = await repo.findProcess(db, id);
  if (!p) throw notFound(PROCESS_GONE);
  return p;
}

/** What the checker finds wrong with a definition against its form (empty = publishable). */
async function definitionProblems(db: repo.Conn, formId: number, def: ProcessDefinition): Promise<string[]> {
  const form = await readForm(db, formId);
  if (!form) throw badInput('所选表单不存在', { field: 'formId' });
  const schema =
    form.latestVersion !== null
      ? await readFormVersionSchema(db, formId, form.latestVersion)
      : form.draftSchema
        ? (JSON.parse(form.draftSchema) as FormSchema)
        : undefined;
  const problems = checkProcess(def, schema);
  // A change request restarts on the stored record: its process must belong to the same form.
  if (def.editProcessId !== undefined && (await repo.findProcess(db, def.editProcessId))?.formId !== formId) {
    problems.push('修改申请的审批流程不存在或不属于同一表单');
  }
  return problems;
}

async function checkedDefinition(db: repo.Conn, formId: number, def: ProcessDefinition): Promise<void> {
  const messages = await definitionProblems(db, formId, def);
  if (messages.length)
    throw badInput(`流程设计有误：${messages[0]}${messages.length > 1 ? `（等 ${messages.length} 处）` : ''}`, {
      field: 'definition',
      messages,
    });
}

const auditOk = (db: repo.Conn, a: Actor, action: string, target: string, detail: string) =>
  audit(db, { action, result: 'ok', actorId: a.userId, actorName: a.name, target, detail, ip: null });

// --- process administration --------------------------------------------------------------------

export async function processDetail(app: FastifyInstance, id: number): Promise<ProcessDetail> {
  const p = await processOr404(app.db, id);
  const form = await readForm(app.db, p.formId);
  return {
    id: p.id,
    name: p.name,
    formId: p.formId,
    formName: form?.name ?? '',
    status: p.status,
    latestVersion: p.latestVersion,
    updatedAt: p.updatedAt,
    updatedBy: p.updatedByName,
    draft: engine.parseDef(p.draft),
    versions: await repo.listVersions(app.db, id),
  };
}

export async function createProcess(app: FastifyInstance, a: Actor, body: ProcessCreateBody): Promise<{ id: number }> {
  const def = body.definition ?? starterDefinition();
  await checkedDefinition(app.db, body.formId, def);
  return app.db.transaction().execute(async (trx) => {
    const id = await repo.insertProcess(trx, {
      name: body.name.trim(),
      formId: body.formId,
      status: 'draft',
      draft: JSON.stringify(def),
      latestVersion: null,
      updatedAt: Date.now(),
      updatedByName: a.name,
    });
    await auditOk(trx, a, 'process_created', `process:${id}`, body.name);
    return { id };
  });
}

/**
 * Saves the draft as it is, half-finished designs included (an administrator stores work in
 * progress); the answer lists what the checker finds, and publish refuses until nothing is left.
 */
export async function saveProcess(
  app: FastifyInstance,
  a: Actor,
  body: ProcessSaveBody,
): Promise<{ updatedAt: number; problems: string[] }> {
  const p = await processOr404(app.db, body.id);
  const problems = await definitionProblems(app.db, p.formId, body.definition);
  const now = Date.now();
  await app.db.transaction().execute(async (trx) => {
    await repo.updateProcess(trx, p.id, {
      name: body.name.trim(),
      draft: JSON.stringify(body.definition),
      updatedAt: now,
      updatedByName: a.name,
    });
    await auditOk(trx, a, 'process_saved', `process:${p.id}`, body.name);
  });
  return { updatedAt: now, problems };
}

export async function publishProcess(app: FastifyInstance, a: Actor, id: number): Promise<{ version: number }> {
  return app.db.transaction().execute(async (trx) => {
    const p = await processOr404(trx, id);
    const def = engine.parseDef(p.draft);
    await checkedDefinition(trx, p.formId, def);
    const form = await readForm(trx, p.formId);
    if (form?.status !== 'published') throw conflict('所绑定的表单尚未发布或已停用，不能发布流程');
    if (
      p.latestVersion !== null &&
      canonicalJson(engine.parseDef((await repo.findVersion(trx, id, p.latestVersion))!)) === canonicalJson(def)
    ) {
      throw conflict(`草稿与当前版本 v${p.latestVersion} 相同，无需重新发布`);
    }
    const version = (p.latestVersion ?? 0) + 1;
    const now = Date.now();
    // Conditional on the version read: two simultaneous publishes cannot both write version n.
    if (!(await repo.takeVersion(trx, id, p.latestVersion, version, now, a.name)))
      throw conflict('流程已被他人发布，请刷新后重试');
    await repo.insertVersion(trx, {
      processId: id,
      version,
      definition: canonicalJson(def),
      publishedAt: now,
      publishedByName: a.name,
    });
    await auditOk(trx, a, 'process_published', `process:${id}`, `${p.name} v${version}`);
    return { version };
  });
}

export async function setProcessEnabled(app: FastifyInstance, a: Actor, id: number, enabled: boolean): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const p = await processOr404(trx, id);
    if (p.latestVersion === null) throw conflict('流程尚未发布');
    if (enabled === (p.status === 'published')) throw conflict(enabled ? '流程未停用' : '流程已停用');
    await repo.updateProcess(trx, id, {
      status: enabled ? 'published' : 'disabled',
      updatedAt: Date.now(),
      updatedByName: a.name,
    });
    await auditOk(trx, a, enabled ? 'process_enabled' : 'process_disabled', `process:${id}`, p.name);
  });
}

// --- starting ----------------------------------------------------------------------------------

/** The form-submit hook: a submission of a form bound to a published process starts an instance (same transaction). */
export async function startForSubmission(
  trx: repo.Tx,
  e: { formId: number; submissionId: number; submitterId: number | null; at: number },
): Promise<number | null> {
  if (e.submitterId === null) return null;
  const p = await repo.publishedProcessOfForm(trx, e.formId);
  if (!p) return null;
  return engine.startInstance(
    trx,
    { processId: p.id, version: p.latestVersion, submissionId: e.submissionId, applicantId: e.submitterId },
    e.at,
  );
}

export async function startFromSubmission(
  app: FastifyInstance,
  a: Actor,
  submissionId: number,
): Promise<{ instanceId: number }> {
  return app.db.transaction().execute(async (trx) => {
    const sub = await engine.submissionOf(trx, submissionId);
    if (!sub) throw notFound('表单记录不存在');
    if (sub.submitterId !== a.userId) throw noPermission('只能为自己的提交发起审批');
    // Who may start a process is who may fill its form (the form's 填写设置, issue 24 item 4).
    if (!(await fillerMayFill(trx, sub.formId, await fillerRoles(trx, a))))
      throw new AppError(Codes.formNotInAudience, 403, '您不在该流程表单的适用范围内，不能发起该流程');
    const running = await repo.instanceOfSubmission(trx, submissionId, 'normal', ['running', 'returned', 'approved']);
    if (running) throw conflict('该提交已在审批流程中');
    const id = await startForSubmission(trx, {
      formId: sub.formId,
      submissionId,
      submitterId: a.userId,
      at: Date.now(),
    });
    if (id === null) throw badInput('该表单没有已发布的审批流程');
    return { instanceId: id };
  });
}

// --- transitions (each one transaction) -----------------------------------------------------------

const tx = <T>(app: FastifyInstance, fn: (trx: repo.Tx, now: number) => Promise<T>) =>
  app.db.transaction().execute((trx) => fn(trx, Date.now()));

export const approve = (app: FastifyInstance, a: Actor, body: Parameters<typeof engine.approve>[2]) =>
  tx(app, (trx, now) => engine.approve(trx, a, body, now));
export const reject = (app: FastifyInstance, a: Actor, body: Parameters<typeof engine.reject>[2]) =>
  tx(app, (trx, now) => engine.reject(trx, a, body, now, earlierApprovalNodes));
export const transfer = (app: FastifyInstance, a: Actor, body: Parameters<typeof engine.transfer>[2]) =>
  tx(app, (trx, now) => engine.transfer(trx, a, body, now));
export const reassign = (app: FastifyInstance, a: Actor, body: Parameters<typeof engine.transfer>[2]) =>
  tx(app, (trx, now) => engine.transfer(trx, a, body, now, { admin: true }));
export const addSigner = (app: FastifyInstance, a: Actor, body: Parameters<typeof engine.addSigner>[2]) =>
  tx(app, (trx, now) => engine.addSigner(trx, a, body, now));
export const withdraw = (app: FastifyInstance, a: Actor, instanceId: number) =>
  tx(app, (trx, now) => engine.withdraw(trx, a, instanceId, now));
export const terminate = (app: FastifyInstance, a: Actor, instanceId: number, reason: string) =>
  tx(app, (trx, now) => engine.terminate(trx, a, instanceId, reason, now));

export async function batchApprove(
  app: FastifyInstance,
  a: Actor,
  taskIds: number[],
  comment?: string,
): Promise<BatchApproveAnswer> {
  const out: BatchApproveAnswer = { approved: [], failed: [] };
  for (const taskId of [...new Set(taskIds)]) {
    try {
      await tx(app, async (trx, now) => {
        const t = await repo.findTask(trx, taskId);
        if (t && t.assigneeId === a.userId && t.batchApprove !== 1) throw badInput('该节点不允许批量审批，请逐条处理');
        await engine.approve(trx, a, { taskId, comment }, now);
      });
      out.approved.push(taskId);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      out.failed.push({ taskId, message: e.message });
    }
  }
  return out;
}

/**
 * The field an approver uploads for (task/upload): their own pending task, a file-type field this
 * node may edit. The file is stored as the form's (purpose form:<id>), so approve accepts it.
 */
export async function taskUploadTarget(
  app: FastifyInstance,
  a: Actor,
  taskId: number,
  fieldId: string,
): Promise<{ formId: number; field: FormField }> {
  return tx(app, async (trx, now) => {
    const { ctx, node } = await engine.ownPendingTask(trx, taskId, a, now);
    const field = allFields(ctx.schema).find((f) => f.id === fieldId);
    if (!field || !engine.FILE_FIELD_TYPES.has(field.type)) throw badInput('该字段不接受上传', { field: 'field' });
    if (engine.permissionsOf(node)[fieldId] !== 'editable')
      throw badInput(`字段「${field.label}」在此节点不可修改`, { field: 'field' });
    return { formId: ctx.inst.formId, field };
  });
}

export const resubmit = (app: FastifyInstance, a: Actor, instanceId: number, values: FormValues, comment?: string) =>
  tx(app, (trx, now) => resubmitIn(trx, a, instanceId, values, comment, now));

/** The applicant sends a returned request again, in the caller's transaction (resubmit/, the demo seed). */
export async function resubmitIn(
  trx: repo.Tx,
  a: Actor,
  instanceId: number,
  values: FormValues,
  comment: string | undefined,
  now: number,
): Promise<void> {
  const ctx = await engine.applicantCtx(trx, instanceId, a, now);
  if (ctx.inst.status !== 'returned') throw conflict('只有被退回的申请可以重新提交');
  const checked = engine.checkedValues(ctx.schema, values);
  await engine.checkFileRefs(trx, ctx.schema, ctx.inst.formId, a.userId, ctx.values, checked);
  if (ctx.inst.kind === 'edit') {
    ctx.inst.editValues = JSON.stringify(checked);
  } else {
    await engine.writeRevision(trx, ctx.inst.submissionId, ctx.schema, checked, 'resubmit', instanceId, now);
  }
  ctx.values = checked;
  await engine.retitle(ctx);
  ctx.inst.status = 'running';
  ctx.state = { joins: {}, picks: {} };
  const start = ctx.def.nodes.find((n) => n.type === 'start')!;
  await repo.addHistory(trx, {
    instanceId,
    nodeId: start.id,
    nodeName: start.name,
    actorId: a.userId,
    actorName: a.name,
    action: 'resubmit',
    comment: comment ?? '',
    at: now,
  });
  ctx.starting = true;
  await engine.enter(ctx, start.id);
  await engine.save(ctx);
}

export const urge = (app: FastifyInstance, a: Actor, instanceId: number) =>
  tx(app, (trx, now) => urgeIn(trx, a, instanceId, now));

/** The applicant urges the waiting approvers, in the caller's transaction (urge/, the demo seed). */
export async function urgeIn(trx: repo.Tx, a: Actor, instanceId: number, now: number): Promise<void> {
  await engine.applicantCtx(trx, instanceId, a, now);
  await remindWaitingIn(trx, a, instanceId, now);
}

/**
 * The urge itself (no check of who asks): each waiting approver — or only the one of `onlyTaskId`
 * (efficiency supervision urges one overdue task) — gets a 催办 message to their task; history and
 * the instance's urge time are recorded, and a second urge within URGE_INTERVAL_MS is refused.
 */
export async function remindWaitingIn(
  trx: repo.Tx,
  a: Actor,
  instanceId: number,
  now: number,
  onlyTaskId?: number,
): Promise<void> {
  const ctx = await engine.openCtx(trx, instanceId, now);
  if (ctx.inst.status !== 'running') throw conflict('审批不在进行中，无需催办');
  if (ctx.inst.lastUrgedAt !== null && now - ctx.inst.lastUrgedAt < URGE_INTERVAL_MS) {
    throw new AppError(
      Codes.tooManyRequests,
      429,
      `催办过于频繁，请 ${Math.ceil((URGE_INTERVAL_MS - (now - ctx.inst.lastUrgedAt)) / 60_000)} 分钟后再试`,
    );
  }
  const open = (await repo.openTasksOf(trx, instanceId)).filter(
    (t) => t.status === 'pending' && (onlyTaskId === undefined || t.id === onlyTaskId),
  );
  if (onlyTaskId !== undefined && !open.length) throw conflict('该审批任务已处理，无需催办');
  await repo.updateInstance(trx, instanceId, { lastUrgedAt: now });
  // Each approver is sent to their own task (where they can act), one message per person.
  const seen = new Set<number>();
  for (const t of open) {
    if (seen.has(t.assigneeId)) continue;
    seen.add(t.assigneeId);
    await sendMessage(trx, {
      userIds: [t.assigneeId],
      kind: 'urge',
      title: `催办：${ctx.inst.title}`,
      link: taskLink(t.id),
      subject: taskSubject(t.id),
      at: now,
    });
  }
  await repo.addHistory(trx, { instanceId, actorId: a.userId, actorName: a.name, action: 'urge', at: now });
}

/** Applicant, approvers, copy recipients and administrators take part in an instance. */
export async function isParticipant(
  db: repo.Conn,
  inst: { id: number; applicantId: number },
  a: Actor,
): Promise<boolean> {
  return (
    a.isAdmin ||
    inst.applicantId === a.userId ||
    (await repo.hasTaskIn(db, inst.id, a.userId)) ||
    (await repo.isCopiedTo(db, inst.id, a.userId))
  );
}

export const comment = (
  app: FastifyInstance,
  a: Actor,
  body: { instanceId: number; comment: string; attachmentIds?: string[] },
) => tx(app, (trx, now) => commentIn(trx, a, body, now));

/** A participant's comment (with their own uploads), in the caller's transaction (comment/, the demo seed). */
export async function commentIn(
  trx: repo.Tx,
  a: Actor,
  body: { instanceId: number; comment: string; attachmentIds?: string[] },
  now: number,
): Promise<void> {
  const inst = await repo.findInstance(trx, body.instanceId);
  if (!inst) throw notFound('审批单不存在');
  if (!(await isParticipant(trx, inst, a))) throw noPermission('您不是该审批的参与人');
  const ids = [...new Set(body.attachmentIds ?? [])];
  const files = await repo.uploadsFor(trx, ids, `workflow:${inst.id}`, a.userId);
  if (files.length !== ids.length) throw badInput('附件无效，请重新上传', { field: 'attachmentIds' });
  await repo.addHistory(trx, {
    instanceId: inst.id,
    actorId: a.userId,
    actorName: a.name,
    action: 'comment',
    comment: body.comment,
    attachments: files.map((f) => ({ id: f.id, name: f.originalName, url: fileUrl(f.id) })),
    at: now,
  });
}

export const applyForEdit = (app: FastifyInstance, a: Actor, body: ApplyEditBody) =>
  tx(app, (trx, now) => applyForEditIn(trx, a, body, now));

/** The applicant asks to change an approved request, in the caller's transaction (applyForEdit/, the demo seed). */
export async function applyForEditIn(
  trx: repo.Tx,
  a: Actor,
  body: ApplyEditBody,
  now: number,
): Promise<{ instanceId: number }> {
  const ctx = await engine.applicantCtx(trx, body.instanceId, a, now);
  if (ctx.inst.status !== 'approved' || ctx.inst.kind !== 'normal') throw conflict('只有已通过的申请可以申请修改');
  const open = await repo.instanceOfSubmission(trx, ctx.inst.submissionId, 'edit', ['running', 'returned']);
  if (open) throw conflict('已有一个修改申请在审批中');
  const sub = (await engine.submissionOf(trx, ctx.inst.submissionId))!;
  const current = JSON.parse(sub.values) as FormValues;
  const next = engine.checkedValues(ctx.schema, { ...current, ...body.values });
  await engine.checkFileRefs(trx, ctx.schema, ctx.inst.formId, a.userId, current, next);
  const diff = engine.fieldDiff(ctx.schema, current, next);
  if (!Object.keys(diff).length) throw badInput('没有修改任何内容', { field: 'values' });
  const processId = ctx.def.editProcessId ?? ctx.inst.processId;
  const p = await repo.findProcess(trx, processId);
  if (!p || p.status !== 'published' || p.latestVersion === null || p.formId !== ctx.inst.formId)
    throw conflict('修改审批流程不可用，请联系管理员');
  const id = await engine.startInstance(
    trx,
    {
      processId,
      version: p.latestVersion,
      submissionId: ctx.inst.submissionId,
      applicantId: a.userId,
      kind: 'edit',
      parentId: ctx.inst.id,
      editValues: next,
      editDiff: diff,
      comment: body.reason,
    },
    now,
  );
  await engine.save(ctx);
  return { instanceId: id };
}

// --- reading -----------------------------------------------------------------------------------

/** The schema and values without these fields. */
function withoutFields(
  schema: FormSchema,
  values: FormValues,
  hidden: Set<string>,
): { schema: FormSchema; values: FormValues } {
  if (!hidden.size) return { schema, values };
  return {
    schema: {
      ...schema,
      sections: schema.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => !hidden.has(f.id)) })),
      rules: schema.rules.filter((r) => !r.conditions.some((c) => hidden.has(c.field))),
    },
    values: Object.fromEntries(Object.entries(values).filter(([k]) => !hidden.has(k))),
  };
}

/** Fields hidden at any approval node: kept from readers other than the applicant and administrators. */
const hiddenAnywhere = (def: ProcessDefinition) =>
  new Set(
    def.nodes.flatMap((n) =>
      Object.entries(n.fieldPermissions ?? {})
        .filter(([, p]) => p === 'hidden')
        .map(([k]) => k),
    ),
  );

async function buildView(
  app: FastifyInstance,
  instanceId: number,
  a: Actor,
  hidden: (def: ProcessDefinition) => Set<string>,
): Promise<InstanceView> {
  const db = app.db;
  const inst = await repo.findInstance(db, instanceId);
  if (!inst) throw notFound('审批单不存在');
  const def = engine.parseDef((await repo.findVersion(db, inst.processId, inst.version))!);
  const sub = (await engine.submissionOf(db, inst.submissionId))!;
  const schema = await engine.loadSchema(db, sub.formId, sub.version);
  const process = await repo.findProcess(db, inst.processId);
  const values = JSON.parse(inst.kind === 'edit' && inst.editValues ? inst.editValues : sub.values) as FormValues;
  const hide = hidden(def);
  const cut = withoutFields(schema, values, hide);
  const diffAll = inst.editDiff ? (JSON.parse(inst.editDiff) as Record<string, { from: unknown; to: unknown }>) : null;
  const diff = diffAll ? Object.fromEntries(Object.entries(diffAll).filter(([k]) => !hide.has(k))) : null;
  const mine = inst.applicantId === a.userId;
  const history = await repo.history(db, instanceId);
  const approved = await engine.approvedSinceSubmit(db, instanceId);
  const editOpen =
    mine && inst.status === 'approved' && inst.kind === 'normal'
      ? !(await repo.instanceOfSubmission(db, inst.submissionId, 'edit', ['running', 'returned']))
      : false;
  const tasks = await repo.instanceTasks(db, instanceId);
  // The chart marks nodes by id (the instance row keeps the waiting nodes' names, for lists).
  const currentNodes =
    inst.status === 'running' ? [...new Set(tasks.filter((t) => t.status === 'pending').map((t) => t.nodeId))] : [];
  return {
    id: inst.id,
    processId: inst.processId,
    processName: process?.name ?? '',
    version: inst.version,
    formId: inst.formId,
    submissionId: inst.submissionId,
    kind: inst.kind,
    title: inst.title,
    applicant: { id: inst.applicantId, name: inst.applicantName },
    status: inst.status,
    currentNodes,
    startedAt: inst.startedAt,
    endedAt: inst.endedAt,
    definition: def,
    schema: cut.schema,
    values: cut.values,
    diff,
    tasks,
    history,
    recordToken: mine ? inst.recordToken : null,
    canWithdraw: mine && (inst.status === 'returned' || (inst.status === 'running' && !approved)),
    canResubmit: mine && inst.status === 'returned',
    canUrge:
      mine &&
      inst.status === 'running' &&
      (inst.lastUrgedAt === null || Date.now() - inst.lastUrgedAt >= URGE_INTERVAL_MS),
    canApplyEdit: editOpen,
  };
}

export async function instanceView(app: FastifyInstance, a: Actor, instanceId: number): Promise<InstanceView> {
  const inst = await repo.findInstance(app.db, instanceId);
  if (!inst) throw notFound('审批单不存在');
  if (!(await isParticipant(app.db, inst, a))) throw noPermission('您不是该审批的参与人');
  const full = a.isAdmin || inst.applicantId === a.userId;
  return buildView(app, instanceId, a, (def) => (full ? new Set() : hiddenAnywhere(def)));
}

/** Every revision of the instance's record; readers other than the applicant and administrators never see hidden fields. */
export async function instanceRevisions(app: FastifyInstance, a: Actor, instanceId: number) {
  const inst = await repo.findInstance(app.db, instanceId);
  if (!inst) throw notFound('审批单不存在');
  if (!(await isParticipant(app.db, inst, a))) throw noPermission('您不是该审批的参与人');
  const list = await repo.revisions(app.db, inst.submissionId);
  if (a.isAdmin || inst.applicantId === a.userId) return list;
  const hide = hiddenAnywhere(engine.parseDef((await repo.findVersion(app.db, inst.processId, inst.version))!));
  return list.map((r) => ({
    ...r,
    values: Object.fromEntries(Object.entries(r.values).filter(([k]) => !hide.has(k))),
  }));
}

/**
 * An attachment of the instance's form record for a participant: the form's own read rule lets only
 * the uploader, the form's managers and administrators fetch `form:` files, so approvers and copy
 * recipients read them here — only files held by a field this reader may see, in any revision.
 */
export async function instanceFile(app: FastifyInstance, a: Actor, instanceId: number, fileId: string) {
  const inst = await repo.findInstance(app.db, instanceId);
  if (!inst) throw notFound('审批单不存在');
  if (!(await isParticipant(app.db, inst, a))) throw noPermission('您不是该审批的参与人');
  const full = a.isAdmin || inst.applicantId === a.userId;
  const def = engine.parseDef((await repo.findVersion(app.db, inst.processId, inst.version))!);
  const hide = full ? new Set<string>() : hiddenAnywhere(def);
  const sub = (await engine.submissionOf(app.db, inst.submissionId))!;
  const schema = await engine.loadSchema(app.db, sub.formId, sub.version);
  const fileFields = allFields(schema).filter(
    (f) => ['file', 'image', 'signature'].includes(f.type) && !hide.has(f.id),
  );
  const valueSets: FormValues[] = [
    JSON.parse(sub.values) as FormValues,
    ...(await repo.revisions(app.db, inst.submissionId)).map((r) => r.values),
  ];
  if (inst.editValues) valueSets.push(JSON.parse(inst.editValues) as FormValues);
  const held = valueSets.some((v) =>
    fileFields.some((f) => {
      const x = v[f.id];
      return (Array.isArray(x) ? x : x ? [x] : []).some((r) => (r as { id?: unknown })?.id === fileId);
    }),
  );
  if (!held) throw notFound('文件不存在');
  const [row] = await formUploads(app.db, sub.formId, [fileId]);
  if (!row) throw notFound('文件不存在');
  return row;
}

export async function taskView(app: FastifyInstance, a: Actor, taskId: number): Promise<TaskView> {
  const task = await repo.findTask(app.db, taskId);
  if (!task) throw notFound('任务不存在');
  if (task.assigneeId !== a.userId) throw noPermission('这不是您的任务');
  let permissions: Record<string, FieldPermission> = {};
  const view = await buildView(app, task.instanceId, a, (def) => {
    permissions = engine.permissionsOf(def.nodes.find((n) => n.id === task.nodeId));
    return new Set(
      Object.entries(permissions)
        .filter(([, p]) => p === 'hidden')
        .map(([k]) => k),
    );
  });
  const node = view.definition.nodes.find((n) => n.id === task.nodeId);
  const me = view.tasks.find((t) => t.id === taskId)!;
  return {
    ...view,
    task: { ...me, batchApprove: task.batchApprove === 1 },
    permissions: Object.fromEntries(Object.entries(permissions).filter(([, p]) => p !== 'hidden')),
    rejectTargets: earlierApprovalNodes(view.definition, task.nodeId).map((n) => ({ id: n.id, name: n.name })),
    picksFor: view.definition.nodes
      .filter((n) => n.assignee?.kind === 'nodePick' && n.assignee.nodeId === node?.id)
      .map((n) => ({ id: n.id, name: n.name })),
    vote: node?.signMode === 'vote' ? await voteTally(app, task, node.voteRatio ?? DEFAULT_VOTE_RATIO) : null,
  };
}

async function voteTally(
  app: FastifyInstance,
  task: { instanceId: number; activation: number },
  ratio: VoteRatio,
): Promise<VoteTally> {
  const votes = await repo.votesOf(app.db, task.instanceId, task.activation);
  return {
    voters: votes.length,
    agree: votes.filter((v) => v.status === 'approved').length,
    against: votes.filter((v) => v.status === 'rejected').length,
    needed: votesNeeded(votes.length, ratio),
    ratio,
  };
}

export async function publicRecord(app: FastifyInstance, token: string): Promise<PublicRecord> {
  const row = await repo.instanceByToken(app.db, token);
  if (!row) throw notFound('记录不存在或链接已失效');
  const view = await buildView(app, row.id, { userId: 0, name: '', isAdmin: false }, hiddenAnywhere);
  return {
    title: view.title,
    processName: view.processName,
    status: view.status,
    applicantName: view.applicant.name,
    startedAt: view.startedAt,
    endedAt: view.endedAt,
    schema: view.schema,
    values: view.values,
    history: view.history.map(({ attachments: _a, actorId: _b, ...h }) => h),
    definition: {
      ...view.definition,
      nodes: view.definition.nodes.map(({ assignee: _a, fieldPermissions: _p, ...n }) => n),
    },
    currentNodes: view.currentNodes,
    tasks: view.tasks.map(({ assigneeId: _a, ...t }) => t),
  };
}

// --- delegation --------------------------------------------------------------------

async function checkedDelegation(db: repo.Conn, b: DelegationBody): Promise<void> {
  if (b.fromUserId === b.toUserId) throw badInput('委托人与受托人不能是同一人', { field: 'toUserId' });
  if (b.endsAt <= b.startsAt) throw badInput('结束时间须晚于开始时间', { field: 'endsAt' });
  const users = await repo.activeUsers(db, [b.fromUserId, b.toUserId]);
  if (users.length !== 2) throw badInput('所选人员不存在或已停用', { field: 'toUserId' });
}

export async function createDelegation(app: FastifyInstance, a: Actor, b: DelegationBody): Promise<{ id: number }> {
  await checkedDelegation(app.db, b);
  return app.db.transaction().execute(async (trx) => {
    const id = await repo.insertDelegation(trx, {
      fromUserId: b.fromUserId,
      toUserId: b.toUserId,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      note: b.note ?? '',
      enabled: b.enabled === false ? 0 : 1,
      createdAt: Date.now(),
    });
    await auditOk(trx, a, 'delegation_created', `delegation:${id}`, `${b.fromUserId} → ${b.toUserId}`);
    return { id };
  });
}

export async function updateDelegation(
  app: FastifyInstance,
  a: Actor,
  b: DelegationBody & { id: number },
): Promise<void> {
  await checkedDelegation(app.db, b);
  await app.db.transaction().execute(async (trx) => {
    if (
      !(await repo.updateDelegation(trx, b.id, {
        fromUserId: b.fromUserId,
        toUserId: b.toUserId,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        note: b.note ?? '',
        enabled: b.enabled === false ? 0 : 1,
      }))
    )
      throw notFound('委托规则不存在');
    await auditOk(trx, a, 'delegation_updated', `delegation:${b.id}`, `${b.fromUserId} → ${b.toUserId}`);
  });
}

export async function deleteDelegation(app: FastifyInstance, a: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteDelegation(trx, id))) throw notFound('委托规则不存在');
    await auditOk(trx, a, 'delegation_deleted', `delegation:${id}`, '');
  });
}
