import type { FastifyInstance } from 'fastify';
import { AppError, badInput, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { allFields, type FormSchema, type FormValues } from '@/shared/forms/schema';
import { validateSubmission, type FieldError } from '@/shared/forms/validate';
import { readFormVersionSchema } from '@/modules/forms/server/commands/read-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import { resubmitInstance, startProcessInstance } from '@/modules/workflow/server/commands/instances';
import type { FillAnswer, FillView, PartState, RecordState } from '../contract';
import * as repo from './repository';
import { type Actor, parseJson, taskView } from './service';
import { writeRecord } from './write-target';

const wrongState = (message: string) => new AppError(Codes.acquisitionWrongState, 409, message);
/** Record states in which fillers may still change it. */
const EDITABLE: readonly RecordState[] = ['draft', 'returned'];

export async function taskSchema(db: repo.Conn, t: repo.TaskRow): Promise<FormSchema> {
  const schema = await readFormVersionSchema(db, t.formId, t.formVersion!);
  if (!schema) throw notFound('采集表单不存在');
  return schema;
}

/** The caller's assignment with its task and record; someone else's is 404 (never a hint that it exists). */
async function ownAssignment(db: repo.Conn, a: Actor, assignmentId: number) {
  const as = await repo.findAssignment(db, assignmentId);
  if (!as || as.userId !== a.userId) throw notFound('填报任务不存在');
  const task = (await repo.findTask(db, as.taskId))!;
  const record = (await repo.findRecord(db, as.recordId))!;
  if (task.status === 'draft') throw notFound('填报任务不存在');
  return { as, task, record };
}

const isOpen = (t: repo.TaskRow, now: number) => t.status === 'published' && t.deadline > now;

export async function openFill(app: FastifyInstance, a: Actor, assignmentId: number): Promise<FillView> {
  const { as, task, record } = await ownAssignment(app.db, a, assignmentId);
  const schema = await taskSchema(app.db, task);
  const parts = task.collaborative === 1 ? await repo.partsOfRecord(app.db, record.id) : [];
  const open = isOpen(task, Date.now());
  const canEdit = open && EDITABLE.includes(record.state) && (as.state !== 'submitted' || record.state === 'returned');
  return {
    assignmentId: as.id,
    taskId: task.id,
    title: task.title,
    description: task.description,
    deadline: task.deadline,
    formId: task.formId,
    formVersion: task.formVersion!,
    schema,
    values: parseJson<FormValues>(record.values),
    editable: as.fields,
    part: as.state,
    recordState: record.state,
    recordLabel: record.recordLabel,
    canEdit,
    note: record.note,
    instanceId: record.instanceId,
    parts: parts
      .filter((p) => p.userId !== a.userId)
      .map((p) => ({ userName: p.userName, fields: p.fields ?? [], part: p.state })),
  };
}

/** My values merged into the record: only the fields I own (all when I own the whole record). */
function merge(record: repo.RecordRow, fields: string[] | null, mine: FormValues): FormValues {
  const current = parseJson<FormValues>(record.values);
  if (!fields) return { ...mine };
  const out = { ...current };
  for (const f of fields) {
    if (f in mine) out[f] = mine[f]!;
    else delete out[f];
  }
  return out;
}

/** A collaborator's part is checked on their own fields only; the whole record when it completes. */
function ownErrors(schema: FormSchema, values: FormValues, fields: string[] | null, partial: boolean): FieldError[] {
  const errors = validateSubmission(schema, values, { partial }).errors;
  return fields ? errors.filter((e) => fields.includes(e.field.split('.')[0]!)) : errors;
}

export async function saveFill(
  app: FastifyInstance,
  a: Actor,
  b: { assignmentId: number; values: Record<string, unknown> },
): Promise<FillAnswer> {
  return app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const { as, task, record } = await ownAssignment(trx, a, b.assignmentId);
    if (!isOpen(task, now)) throw new AppError(Codes.acquisitionClosed, 409, '任务已结束或已过截止时间');
    if (!EDITABLE.includes(record.state) || (as.state === 'submitted' && record.state !== 'returned'))
      throw wrongState('已提交的填报不能再暂存');
    const schema = await taskSchema(trx, task);
    const values = merge(record, as.fields, b.values as FormValues);
    const errors = ownErrors(schema, values, as.fields, true);
    if (errors.length) throw badInput('表单填写有误', { fields: errors });
    if (!(await repo.updateRecord(trx, record.id, { values: JSON.stringify(values), updatedAt: now }, EDITABLE)))
      throw wrongState('该记录已被提交');
    const part: PartState = as.state === 'submitted' ? 'submitted' : 'draft';
    await repo.updateAssignment(trx, as.id, { state: part, savedAt: now });
    return { recordState: record.state, part, instanceId: record.instanceId };
  });
}

/**
 * Submits my part. When the record is complete (a single filler, or every collaborator's part in)
 * it becomes a form submission and then: starts the task's approval, waits for the owner's 入库审批,
 * or is written into the data table at once — all in this one transaction.
 */
export async function submitFill(
  app: FastifyInstance,
  a: Actor,
  b: { assignmentId: number; values: Record<string, unknown> },
): Promise<FillAnswer> {
  return app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const { as, task, record } = await ownAssignment(trx, a, b.assignmentId);
    if (!isOpen(task, now)) throw new AppError(Codes.acquisitionClosed, 409, '任务已结束或已过截止时间');
    if (!EDITABLE.includes(record.state) || (as.state === 'submitted' && record.state !== 'returned'))
      throw wrongState('该记录已提交，不能重复提交');
    const schema = await taskSchema(trx, task);
    const values = merge(record, as.fields, b.values as FormValues);
    const errors = ownErrors(schema, values, as.fields, false);
    if (errors.length) throw badInput('表单填写有误', { fields: errors });
    await repo.updateAssignment(trx, as.id, { state: 'submitted', savedAt: now, submittedAt: now });
    const parts = task.collaborative === 1 ? await repo.partsOfRecord(trx, record.id) : [];
    const complete = parts.every((p) => p.id === as.id || p.state === 'submitted');
    if (!complete) {
      if (!(await repo.updateRecord(trx, record.id, { values: JSON.stringify(values), updatedAt: now }, EDITABLE)))
        throw wrongState('该记录已被提交');
      return { recordState: record.state, part: 'submitted', instanceId: record.instanceId };
    }
    const state = await completeRecord(app, trx, a, task, record, schema, values, now);
    return { recordState: state, part: 'submitted', instanceId: (await repo.findRecord(trx, record.id))!.instanceId };
  });
}

/** A complete record moves on: approval, the owner's confirmation, or straight into the table. */
async function completeRecord(
  app: FastifyInstance,
  trx: repo.Tx,
  a: Actor,
  task: repo.TaskRow,
  record: repo.RecordRow,
  schema: FormSchema,
  values: FormValues,
  now: number,
): Promise<RecordState> {
  // The whole record must now pass the form's checks (every collaborator's part together).
  if (task.collaborative === 1) {
    const errors = validateSubmission(schema, values).errors;
    if (errors.length) {
      const labels = new Map(allFields(schema).map((f) => [f.id, f.label]));
      throw badInput(`记录尚不完整：${errors.map((e) => labels.get(e.field) ?? e.field).join('、')}`, {
        fields: errors,
      });
    }
  }
  const resubmitting = record.state === 'returned' && record.instanceId !== null;
  let state: RecordState;
  let submissionId = record.submissionId;
  let instanceId = record.instanceId;
  if (resubmitting) {
    // A record returned by its approval goes back through the same instance.
    await resubmitInstance(trx, a, record.instanceId!, values, now);
    state = 'approving';
  } else {
    const sub = await recordSubmission(trx, {
      formId: task.formId,
      version: task.formVersion!,
      values,
      submitterId: a.userId,
      at: now,
    });
    submissionId = sub.id;
    values = sub.values;
    instanceId = null;
    if (task.processId !== null) {
      instanceId = await startProcessInstance(
        trx,
        { processId: task.processId, submissionId: sub.id, applicantId: a.userId },
        now,
      );
      state = 'approving';
    } else if (task.reviewWrite === 1 && task.tableId !== null) state = 'submitted';
    else state = 'written';
  }
  if (state === 'written' && task.tableId !== null) await writeOf(app, trx, task, schema, record, values, a.userId);
  const ok = await repo.updateRecord(
    trx,
    record.id,
    {
      values: JSON.stringify(values),
      state,
      submissionId,
      instanceId,
      applicantId: a.userId,
      submittedAt: now,
      writtenAt: state === 'written' ? now : null,
      note: '',
      updatedAt: now,
    },
    EDITABLE,
  );
  if (!ok) throw wrongState('该记录已被提交');
  return state;
}

/** Writes a record's row into the task's table (no table: nothing to write). */
export async function writeOf(
  app: FastifyInstance,
  trx: repo.Tx,
  task: repo.TaskRow,
  schema: FormSchema,
  record: repo.RecordRow,
  values: FormValues,
  actorId: number | null,
): Promise<void> {
  if (task.tableId === null) return;
  const v = taskView(task);
  await writeRecord(
    app,
    trx,
    { tableId: task.tableId, schema, mapping: v.mapping, keyFields: v.keyFields },
    values,
    record.recordKey ? parseJson<Record<string, unknown>>(record.recordKey) : null,
    actorId,
  );
}
