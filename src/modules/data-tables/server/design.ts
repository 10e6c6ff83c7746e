import { badInput, conflict, notFound } from '@/server/errors';
import type { DataTableDef, DdlPlan, ReportCycle, TableSaveBody } from '../contract';
import { checkDefinition, createSteps, dropSteps, onPostgres, planChanges, runSteps } from './ddl';
import * as repo from './repository';

/**
 * Designing tables: create (definition + physical table), plan and apply changes, delete. Each
 * runs in the caller's executor; the routes open the transaction, so DDL and definition commit together.
 */

export interface CreateInput extends Omit<DataTableDef, 'id' | 'version'> {
  reportCycle?: ReportCycle;
  reportDeadlineDay?: number;
  isPublic?: boolean;
}

const sorted = <T extends { sort: number }>(fields: T[]) => fields.map((f, i) => ({ ...f, sort: f.sort ?? i }));

async function checkDepartment(q: repo.Conn, id: number | null): Promise<void> {
  if (id === null) return;
  const d = await q.selectFrom('department').select('id').where('id', '=', id).executeTakeFirst();
  if (!d) throw badInput('负责部门不存在');
}

export async function createTable(q: repo.Conn, input: CreateInput, actorId: number | null): Promise<DataTableDef> {
  checkDefinition(input);
  await checkDepartment(q, input.ownerDepartmentId);
  if (await repo.codeTaken(q, input.code)) throw conflict(`表编码「${input.code}」已被使用`);
  const fields = sorted(input.fields);
  const id = await repo.insertMeta(
    q,
    {
      code: input.code,
      name: input.name,
      description: input.description,
      uniqueKey: input.uniqueKey,
      ownerDepartmentId: input.ownerDepartmentId,
      scopeField: input.scopeField,
      reportCycle: input.reportCycle ?? 'none',
      reportDeadlineDay: input.reportDeadlineDay ?? 1,
      isPublic: input.isPublic ?? false,
    },
    actorId,
  );
  await repo.replaceFields(q, id, fields);
  const def = { ...input, fields, id, version: 1 };
  await runSteps(q, def, createSteps(onPostgres(q), def), actorId);
  return repo.toDef((await repo.findMeta(q, id))!);
}

async function current(q: repo.Conn, body: Pick<TableSaveBody, 'id' | 'version' | 'code'>) {
  const meta = await repo.findMeta(q, body.id);
  if (!meta) throw notFound('数据表不存在');
  if (meta.version !== body.version) throw conflict('数据表已被他人修改，请刷新后重新设计（您的修改未保存）');
  if (meta.code !== body.code) throw badInput('表编码创建后不能修改');
  return meta;
}

/** What a save would change (the confirm dialog), without changing anything. */
export async function planSave(q: repo.Conn, body: TableSaveBody): Promise<DdlPlan> {
  const meta = await current(q, body);
  checkDefinition(body);
  await checkDepartment(q, body.ownerDepartmentId);
  return (await planChanges(q, repo.toDef(meta), { ...body, fields: sorted(body.fields) })).plan;
}

/** Applies a design: refused when it would lose data and is not confirmed (the answer carries the plan). */
export async function saveDesign(
  q: repo.Conn,
  body: TableSaveBody,
  actorId: number | null,
): Promise<{ def: DataTableDef; plan: DdlPlan }> {
  const meta = await current(q, body);
  checkDefinition(body);
  await checkDepartment(q, body.ownerDepartmentId);
  const fields = sorted(body.fields);
  const { plan, steps } = await planChanges(q, repo.toDef(meta), { ...body, fields });
  if (plan.losesData && !body.confirmDataLoss)
    throw conflict(
      `此次修改将丢失数据：${plan.changes
        .filter((c) => c.lostRows > 0)
        .map((c) => c.text)
        .join('；')}。请确认后再保存`,
    );
  if (!(await repo.updateMeta(q, meta.id, meta.version, { ...body })))
    throw conflict('数据表已被他人修改，请刷新后重新设计（您的修改未保存）');
  await repo.replaceFields(q, meta.id, fields);
  await runSteps(q, meta, steps, actorId);
  return { def: repo.toDef((await repo.findMeta(q, meta.id))!), plan };
}

export async function deleteTable(q: repo.Conn, id: number, actorId: number | null): Promise<void> {
  const meta = await repo.findMeta(q, id);
  if (!meta) throw notFound('数据表不存在');
  await runSteps(q, meta, dropSteps(meta), actorId);
  await repo.deleteMeta(q, id);
}
