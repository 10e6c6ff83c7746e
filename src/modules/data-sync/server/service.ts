import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import { AppError, badInput, notFound } from '@/server/errors';
import { cronProblem, nextSlot } from '@/server/jobs/cron';
import { Codes } from '@/shared/errors';
import type { Page } from '@/shared/envelope';
import { getDataset } from '@/modules/data-sources/server/commands/datasets';
import type { DatasetInfo } from '@/modules/data-sources/contract';
import { getDataTable, type DataTableDef } from '@/modules/data-tables/server/commands/get-data-table';
import {
  mappingTypeProblem,
  SINCE_FIELD_TYPES,
  type SyncDetail,
  type SyncFields,
  type SyncFieldsQuery,
  type SyncListItem,
  type SyncListQuery,
  type SyncMapping,
  type SyncMode,
  type SyncTrigger,
} from '../contract';
import * as repo from './repository';
import { RUN_JOB } from './job-names';

/** What createSync / the routes take (the plan's createSync input). */
export interface SyncInput {
  name: string;
  datasetId: number;
  tableId: number;
  mapping: SyncMapping[];
  mode: SyncMode;
  key: string[];
  sinceField?: string | null;
  deleteMissing: boolean;
  cron?: string | null;
  enabled?: boolean;
  ownerId: number | null;
}

/** A bad setting, naming the field the form shows it on. */
const invalid = (field: string, message: string) => badInput(message, { field });

/**
 * Whether a sync's mapping still fits its dataset and table. Answers the first problem (Chinese)
 * or null; the same check guards saving and starts every run (a dataset or table may change later).
 */
export function mappingProblem(
  s: Pick<SyncInput, 'mapping' | 'mode' | 'key' | 'sinceField' | 'deleteMissing'>,
  dataset: DatasetInfo,
  table: DataTableDef,
): { field: string; message: string } | null {
  const sourceFields = new Map(dataset.fields.map((f) => [f.name, f]));
  const tableFields = new Map(table.fields.map((f) => [f.name, f]));
  const targets = new Set<string>();
  for (const m of s.mapping) {
    const from = sourceFields.get(m.from);
    if (!from) return { field: 'mapping', message: `数据集「${dataset.name}」没有字段 ${m.from}` };
    const to = tableFields.get(m.to);
    if (!to) return { field: 'mapping', message: `数据表「${table.name}」没有字段 ${m.to}` };
    if (targets.has(m.to)) return { field: 'mapping', message: `数据表字段 ${m.to} 被映射了两次` };
    targets.add(m.to);
    const problem = mappingTypeProblem(from.type, to.type);
    if (problem) return { field: 'mapping', message: `${m.from} → ${m.to}：${problem}` };
  }
  for (const f of table.fields)
    if (f.required && !targets.has(f.name))
      return { field: 'mapping', message: `数据表必填字段「${f.label}」(${f.name}) 没有映射` };
  if (new Set(s.key).size !== s.key.length) return { field: 'key', message: '同步键字段重复' };
  for (const k of s.key)
    if (!targets.has(k)) return { field: 'key', message: `同步键字段 ${k} 必须是已映射的数据表字段` };
  if (s.mode === 'incremental') {
    if (!s.sinceField) return { field: 'sinceField', message: '增量同步需要选择增量字段（如更新时间）' };
    const since = sourceFields.get(s.sinceField);
    if (!since) return { field: 'sinceField', message: `数据集「${dataset.name}」没有字段 ${s.sinceField}` };
    if (!SINCE_FIELD_TYPES.includes(since.type))
      return { field: 'sinceField', message: `增量字段 ${s.sinceField} 的类型不能用于比较先后` };
    if (s.deleteMissing)
      return { field: 'deleteMissing', message: '增量同步只读取变化的行，不能删除数据源中已不存在的行' };
  }
  return null;
}

/** Source field each table key field is read from (the run reads in this order). */
export const keySources = (s: { mapping: SyncMapping[]; key: string[] }) =>
  s.key.map((k) => s.mapping.find((m) => m.to === k)!.from);

async function checkedWrite(app: FastifyInstance, q: Db, input: SyncInput, exceptId: number | null) {
  const name = input.name.trim();
  if (!name) throw invalid('name', '请填写同步名称');
  if (await repo.syncNameTaken(q, name, exceptId)) throw invalid('name', `已有名为「${name}」的同步`);
  const dataset = await getDataset(app, input.datasetId);
  if (!dataset) throw invalid('datasetId', '数据集不存在');
  const table = await getDataTable(app, q, input.tableId);
  if (!table) throw invalid('tableId', '数据表不存在');
  const sinceField = input.mode === 'incremental' ? (input.sinceField ?? null) : null;
  const problem = mappingProblem({ ...input, sinceField }, dataset, table);
  if (problem) throw invalid(problem.field, problem.message);
  const cron = input.cron?.trim() || null;
  if (cron && cronProblem(cron))
    throw invalid('cron', '定时表达式无效：请填写五段 cron（分 时 日 月 周），如 0 2 * * *');
  if (input.ownerId !== null && !(await repo.userExists(q, input.ownerId))) throw invalid('ownerId', '负责人不存在');
  const enabled = input.enabled ?? true;
  const write: repo.SyncWrite = {
    name,
    datasetId: dataset.id,
    tableId: table.id,
    mapping: input.mapping.map((m) => ({ from: m.from, to: m.to })),
    mode: input.mode,
    key: input.key,
    sinceField,
    deleteMissing: input.mode === 'full' && input.deleteMissing,
    cron,
    nextRunAt: enabled && cron ? nextSlot(cron, Date.now()) : null,
    enabled,
    ownerId: input.ownerId,
  };
  return write;
}

export async function createSync(app: FastifyInstance, q: Db, input: SyncInput, actorId: number | null) {
  const write = await checkedWrite(app, q, input, null);
  return repo.insertSync(q, write, actorId, Date.now());
}

export async function updateSync(app: FastifyInstance, id: number, input: SyncInput & { resetSince?: boolean }) {
  const before = await repo.findSync(app.db, id);
  if (!before) throw notFound('同步不存在');
  const write = await checkedWrite(app, app.db, input, id);
  // Another source, table or since field: the stored high-water mark means nothing for it.
  const resetSince =
    input.resetSince === true ||
    before.datasetId !== write.datasetId ||
    before.tableId !== write.tableId ||
    before.mode !== write.mode ||
    before.sinceField !== write.sinceField;
  await repo.updateSync(app.db, id, write, resetSince, Date.now());
}

export async function deleteSync(app: FastifyInstance, id: number) {
  const s = await repo.findSync(app.db, id);
  if (!s) throw notFound('同步不存在');
  if (await repo.activeRun(app.db, id))
    throw new AppError(Codes.syncAlreadyRunning, 409, '同步正在运行，请等待本次完成后再删除');
  await app.db.transaction().execute((trx) => repo.deleteSync(trx, id));
}

export async function setSyncEnabled(app: FastifyInstance, id: number, enabled: boolean) {
  const s = await repo.findSync(app.db, id);
  if (!s) throw notFound('同步不存在');
  const next = enabled && s.cron ? nextSlot(s.cron, Date.now()) : null;
  await repo.setEnabled(app.db, id, enabled, next, Date.now());
}

/**
 * Queues a run of the sync (job data-sync.run). A sync has at most one run queued or running:
 * asking again answers that run (`already: true`) instead of starting a second.
 */
export async function queueRun(
  app: FastifyInstance,
  syncId: number,
  trigger: SyncTrigger,
  actorId: number | null,
): Promise<{ runId: number; already: boolean }> {
  let runId: number;
  try {
    runId = await app.db.transaction().execute(async (trx) => {
      const sync = await repo.findSync(trx, syncId);
      if (!sync) throw notFound('同步不存在');
      const active = await repo.activeRun(trx, syncId);
      if (active) return -active.id;
      return repo.insertRun(trx, syncId, trigger, actorId, Date.now());
    });
  } catch (err) {
    // Another server or click inserted the active run between our look and our insert (unique index 0017).
    const active = isUniqueViolation(err) ? await repo.activeRun(app.db, syncId) : undefined;
    if (!active) throw err;
    runId = -active.id;
  }
  if (runId < 0) return { runId: -runId, already: true };
  await app.jobs.enqueue(RUN_JOB, { runId });
  return { runId, already: false };
}

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** Cancels a queued or running run; a running one stops after its current batch (what is committed stays). */
export async function cancelRun(app: FastifyInstance, runId: number) {
  const run = await repo.findRun(app.db, runId);
  if (!run) throw notFound('同步记录不存在');
  if (run.status !== 'queued' && run.status !== 'running') throw badInput('该次同步已结束', { field: 'id' });
  await repo.cancelRun(app.db, run, Date.now());
}

export async function listSyncs(app: FastifyInstance, q: SyncListQuery): Promise<Page<SyncListItem>> {
  const { rows, total } = await repo.listSyncs(app.db, q);
  const list = await Promise.all(
    rows.map(async (r) => {
      const [dataset, table] = await Promise.all([
        getDataset(app, r.sync.datasetId).catch(() => undefined),
        getDataTable(app, app.db, r.sync.tableId).catch(() => undefined),
      ]);
      return listItem(r.sync, r.ownerName, r.lastRun, dataset?.name ?? null, table?.name ?? null);
    }),
  );
  return { list, total, page: q.page, pageSize: q.pageSize };
}

function listItem(
  s: repo.SyncRecord,
  ownerName: string | null,
  lastRun: SyncListItem['lastRun'],
  datasetName: string | null,
  tableName: string | null,
): SyncListItem {
  return {
    id: s.id,
    name: s.name,
    datasetId: s.datasetId,
    datasetName,
    tableId: s.tableId,
    tableName,
    mode: s.mode,
    cron: s.cron,
    nextRunAt: s.nextRunAt,
    enabled: s.enabled,
    ownerId: s.ownerId,
    ownerName,
    consecutiveFailures: s.consecutiveFailures,
    lastRun,
  };
}

export async function syncDetail(app: FastifyInstance, id: number): Promise<SyncDetail> {
  const s = await repo.findSync(app.db, id);
  if (!s) throw notFound('同步不存在');
  const [dataset, table, owner, lastRun] = await Promise.all([
    getDataset(app, s.datasetId).catch(() => undefined),
    getDataTable(app, app.db, s.tableId).catch(() => undefined),
    repo.ownerName(app.db, s.ownerId),
    s.lastRunId === null ? Promise.resolve(undefined) : repo.findRun(app.db, s.lastRunId),
  ]);
  return {
    ...listItem(s, owner, lastRun ? stripRun(lastRun) : null, dataset?.name ?? null, table?.name ?? null),
    mapping: s.mapping,
    key: s.key,
    sinceField: s.sinceField,
    sinceValue: s.sinceValue,
    deleteMissing: s.deleteMissing,
  };
}

/** Both sides of a mapping, for the form: dataset fields and data table fields with their types. */
export async function syncFields(app: FastifyInstance, q: SyncFieldsQuery): Promise<SyncFields> {
  const [dataset, table] = await Promise.all([
    q.datasetId === undefined ? undefined : getDataset(app, q.datasetId),
    q.tableId === undefined ? undefined : getDataTable(app, app.db, q.tableId),
  ]);
  if (q.datasetId !== undefined && !dataset) throw notFound('数据集不存在');
  if (q.tableId !== undefined && !table) throw notFound('数据表不存在');
  return {
    dataset: dataset
      ? {
          id: dataset.id,
          name: dataset.name,
          sourceName: dataset.sourceName,
          fields: dataset.fields.map((f) => ({ ...f, required: false })),
        }
      : null,
    table: table
      ? {
          id: table.id,
          name: table.name,
          code: table.code,
          uniqueKey: table.uniqueKey,
          fields: table.fields.map((f) => ({
            name: f.name,
            label: f.label,
            type: f.type,
            sensitive: false,
            required: f.required,
          })),
        }
      : null,
  };
}

const stripRun = (r: repo.RunRecord): SyncListItem['lastRun'] => {
  const { checkpoint: _c, sinceFrom: _s, actorId: _a, ...row } = r;
  return row;
};
