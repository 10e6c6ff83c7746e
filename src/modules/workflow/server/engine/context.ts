import { AppError, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { type FormSchema, type FormValues } from '@/shared/forms/schema';
import { readForm, readFormVersionSchema } from '@/modules/forms/server/commands/read-form';
import { readSubmission } from '@/modules/forms/server/commands/read-submission';
import type { ProcessDefinition, ProcessNode } from '@/modules/workflow/contract';
import { renderTitle } from '@/modules/workflow/title-template';
import * as repo from '../repository';

/** Who acts. */
export interface Actor {
  userId: number;
  name: string;
  isAdmin: boolean;
}

export interface State {
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
  /** Who moves the instance in this transition (an approver's task), for the completion hooks. */
  actorId?: number;
  /** That actor's opinion (an approval's comment), for the completion hooks. */
  comment?: string;
}

export const alreadyHandled = () => new AppError(Codes.taskAlreadyHandled, 409, '该任务已被他人处理');

export const parseDef = (text: string) => JSON.parse(text) as ProcessDefinition;

export async function loadDef(db: repo.Conn, processId: number, version: number): Promise<ProcessDefinition> {
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
export function titleOf(def: ProcessDefinition, kind: string, data: Parameters<typeof renderTitle>[1]): string {
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
  const timers = await repo.openTimersOf(ctx.trx, ctx.inst.id);
  const current = [
    ...new Set([
      ...open.filter((t) => t.status === 'pending').map((t) => t.nodeName),
      ...timers.map((t) => t.nodeName),
    ]),
  ].join(',');
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

export const nodeOf = (ctx: Ctx, id: string): ProcessNode => {
  const n = ctx.def.nodes.find((x) => x.id === id);
  if (!n) throw notFound('流程节点不存在');
  return n;
};

export const outEdges = (ctx: Ctx, id: string) => ctx.def.edges.filter((e) => e.from === id);
