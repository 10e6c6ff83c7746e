import type { FastifyInstance } from 'fastify';
import { AppError, badInput, conflict, noPermission, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { allFields, type FormSchema } from '@/shared/forms/schema';
import { readForm, readFormVersionSchema } from '@/modules/forms/server/commands/read-form';
import { publishedProcessFor, publishedProcessesOfForm } from '@/modules/workflow/server/commands/instances';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import type {
  Collaborator,
  CollabProgress,
  Fillers,
  MappingItem,
  PersonOption,
  ProcessOption,
  PublishPreview,
  RemindBody,
  TargetTable,
  TaskDetail,
  TaskSaveBody,
} from '../contract';
import * as repo from './repository';
import { partsFor, planRecords } from './fillers';

export interface Actor {
  userId: number;
  name: string;
  isAdmin: boolean;
}

/** Where a filler opens a task (the desktop page; the phone home has its own tile). */
export const fillLink = (assignmentId: number) => `/web/dataAcquisition/dataFilling?assignmentId=${assignmentId}`;

export const parseJson = <T>(text: string): T => JSON.parse(text) as T;

export function taskView(t: repo.TaskRow) {
  return {
    fillers: parseJson<Fillers>(t.fillers),
    reminders: parseJson<number[]>(t.reminders),
    remindersSent: parseJson<number[]>(t.remindersSent),
    mapping: parseJson<MappingItem[]>(t.mapping),
    keyFields: parseJson<string[]>(t.keyFields),
    collaborators: parseJson<Collaborator[]>(t.collaborators),
  };
}

/** The task, if the actor owns it (administrators manage every task). */
export async function ownTask(db: repo.Conn, a: Actor, id: number): Promise<repo.TaskRow> {
  const t = await repo.findTask(db, id);
  if (!t) throw notFound('采集任务不存在');
  if (t.ownerId !== a.userId && !a.isAdmin) throw noPermission('只有任务负责人可以管理该任务');
  return t;
}

async function formSchemaOf(
  db: repo.Conn,
  formId: number,
): Promise<{ name: string; version: number; schema: FormSchema }> {
  const f = await readForm(db, formId);
  if (!f || f.status !== 'published' || f.latestVersion === null)
    throw badInput('请选择已发布的表单', { field: 'formId' });
  const schema = (await readFormVersionSchema(db, formId, f.latestVersion))!;
  return { name: f.name, version: f.latestVersion, schema };
}

/** Checks a task's settings against its form, table and process: the first problem as a 400 naming the field. */
async function checkSettings(app: FastifyInstance, db: repo.Conn, b: TaskSaveBody): Promise<void> {
  const { schema } = await formSchemaOf(db, b.formId);
  const fieldIds = new Set(allFields(schema).map((f) => f.id));
  const f = b.fillers;
  if (!b.collaborative) {
    if (f.kind === 'people' && !f.userIds?.length) throw badInput('请选择填报人', { field: 'fillers' });
    if (f.kind === 'departments' && !f.departmentIds?.length) throw badInput('请选择填报部门', { field: 'fillers' });
    if (f.kind === 'roles' && !f.roleCodes?.length) throw badInput('请选择填报角色', { field: 'fillers' });
  } else {
    if (!b.collaborators.length) throw badInput('协同任务请至少添加一位协同人', { field: 'collaborators' });
    const users = new Set<number>();
    for (const c of b.collaborators) {
      if (users.has(c.userId)) throw badInput('同一协同人只能出现一次', { field: 'collaborators' });
      users.add(c.userId);
      for (const x of c.fields)
        if (!fieldIds.has(x)) throw badInput(`协同字段「${x}」不是表单的字段`, { field: 'collaborators' });
    }
    if (f.kind !== 'rows' && f.kind !== 'people')
      throw badInput('协同任务的记录来自一条记录或数据表逐行', { field: 'fillers' });
  }
  if (f.kind === 'rows' && !f.tableId) throw badInput('请选择逐行填报的数据表', { field: 'fillers' });
  if (b.tableId !== null) {
    const def = await getDataTable(app, db, b.tableId);
    if (!def) throw badInput('目标数据表不存在', { field: 'tableId' });
    const names = new Set(def.fields.map((x) => x.name));
    if (!b.mapping.length) throw badInput('请设置表单字段与数据表字段的对应关系', { field: 'mapping' });
    const to = new Set<string>();
    for (const m of b.mapping) {
      if (!fieldIds.has(m.from)) throw badInput(`「${m.from}」不是表单的字段`, { field: 'mapping' });
      if (!names.has(m.to)) throw badInput(`「${m.to}」不是数据表「${def.name}」的字段`, { field: 'mapping' });
      if (to.has(m.to)) throw badInput(`数据表字段「${m.to}」被对应了两次`, { field: 'mapping' });
      to.add(m.to);
    }
    for (const k of b.keyFields)
      if (!to.has(k)) throw badInput(`更新依据「${k}」必须是已对应的数据表字段`, { field: 'keyFields' });
  } else if (b.mapping.length || b.keyFields.length)
    throw badInput('未选择目标数据表时不能设置字段对应', { field: 'mapping' });
  if (b.processId !== null && !(await publishedProcessFor(db, b.processId, b.formId)))
    throw badInput('审批流程未发布或不属于该表单', { field: 'processId' });
}

export async function saveTask(app: FastifyInstance, a: Actor, b: TaskSaveBody): Promise<{ id: number }> {
  await checkSettings(app, app.db, b);
  const now = Date.now();
  const cols = {
    title: b.title.trim(),
    description: b.description,
    formId: b.formId,
    fillers: JSON.stringify(b.fillers),
    deadline: b.deadline,
    reminders: JSON.stringify([...new Set(b.reminders)].sort((x, y) => y - x)),
    tableId: b.tableId,
    mapping: JSON.stringify(b.mapping),
    keyFields: JSON.stringify(b.keyFields),
    processId: b.processId,
    reviewWrite: b.reviewWrite ? 1 : 0,
    collaborative: b.collaborative ? 1 : 0,
    collaborators: JSON.stringify(b.collaborative ? b.collaborators : []),
    updatedAt: now,
  };
  if (!b.id) {
    const id = await repo.insertTask(app.db, {
      ...cols,
      formVersion: null,
      remindersSent: '[]',
      status: 'draft',
      ownerId: a.userId,
      createdAt: now,
      publishedAt: null,
    });
    return { id };
  }
  const t = await ownTask(app.db, a, b.id);
  if (t.status !== 'draft') throw conflict('已发布的任务不能修改设置');
  if (!(await repo.updateTask(app.db, t.id, cols, 'draft'))) throw conflict('已发布的任务不能修改设置');
  return { id: t.id };
}

export async function taskDetail(app: FastifyInstance, a: Actor, id: number): Promise<TaskDetail> {
  const t = await ownTask(app.db, a, id);
  const v = taskView(t);
  const form = await readForm(app.db, t.formId);
  const owner = await repo.userBrief(app.db, t.ownerId);
  const process = t.processId
    ? (await publishedProcessesOfForm(app.db, t.formId)).find((p) => p.id === t.processId)
    : undefined;
  const table = t.tableId ? await getDataTable(app, app.db, t.tableId) : undefined;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    formId: t.formId,
    formName: form?.name ?? '',
    formVersion: t.formVersion,
    fillers: v.fillers,
    deadline: t.deadline,
    reminders: v.reminders,
    tableId: t.tableId,
    mapping: v.mapping,
    keyFields: v.keyFields,
    processId: t.processId,
    reviewWrite: t.reviewWrite === 1,
    collaborative: t.collaborative === 1,
    collaborators: v.collaborators,
    status: t.status,
    ownerId: t.ownerId,
    ownerName: owner?.realName ?? '',
    processName: process?.name ?? null,
    tableName: table?.name ?? null,
    publishedAt: t.publishedAt,
    progress: (await repo.progressOf(app.db, [t.id])).get(t.id)!,
  };
}

const bodyOf = (t: repo.TaskRow): TaskSaveBody => {
  const v = taskView(t);
  return {
    title: t.title,
    description: t.description,
    formId: t.formId,
    fillers: v.fillers,
    deadline: t.deadline,
    reminders: v.reminders,
    tableId: t.tableId,
    mapping: v.mapping,
    keyFields: v.keyFields,
    processId: t.processId,
    reviewWrite: t.reviewWrite === 1,
    collaborative: t.collaborative === 1,
    collaborators: v.collaborators,
  };
};

export async function previewTask(app: FastifyInstance, a: Actor, id: number): Promise<PublishPreview> {
  const t = await ownTask(app.db, a, id);
  const problems: string[] = [];
  const form = await formSchemaOf(app.db, t.formId).catch(() => undefined);
  if (!form) throw badInput('任务的表单已停用或未发布', { field: 'formId' });
  try {
    await checkSettings(app, app.db, bodyOf(t));
  } catch (e) {
    problems.push((e as Error).message);
  }
  if (t.deadline <= Date.now()) problems.push('截止时间已过，请修改截止时间');
  let records = 0;
  const ids = new Set<number>();
  try {
    const planned = await planRecords(app, app.db, { ...bodyOf(t), collaborative: t.collaborative === 1 });
    const collaborators = taskView(t).collaborators;
    records = planned.length;
    for (const r of planned) for (const p of partsFor(r, collaborators)) ids.add(p.userId);
  } catch (e) {
    problems.push((e as Error).message);
  }
  if (!records && !problems.length) problems.push('没有需要填报的人员或记录');
  const sample = await repo.people(app.db, { ids: [...ids].slice(0, 20), limit: 20 });
  const v = taskView(t);
  const table = t.tableId ? await getDataTable(app, app.db, t.tableId) : undefined;
  const process = t.processId ? await publishedProcessFor(app.db, t.processId, t.formId) : undefined;
  void v;
  return {
    formName: form.name,
    formVersion: form.version,
    schema: form.schema,
    people: ids.size,
    records,
    sample,
    problems,
    tableName: table?.name ?? null,
    processName: process?.name ?? null,
  };
}

/** The records a published task fills and each person's part of them; answers the people (id → a record of theirs). */
export async function insertRecords(
  trx: repo.Conn,
  taskId: number,
  planned: Awaited<ReturnType<typeof planRecords>>,
  collaborators: Collaborator[],
  now: number,
): Promise<Map<number, number>> {
  const people = new Map<number, number>();
  for (const rec of planned) {
    const recordId = await repo.insertRecord(trx, {
      taskId,
      recordKey: rec.key ? JSON.stringify(rec.key) : '',
      recordLabel: rec.label.slice(0, 100),
      userId: rec.userId,
      values: JSON.stringify(rec.values),
      state: 'draft',
      submissionId: null,
      instanceId: null,
      applicantId: null,
      submittedAt: null,
      writtenAt: null,
      note: '',
      updatedAt: now,
    });
    const parts = partsFor(rec, collaborators);
    await repo.insertAssignments(
      trx,
      parts.map((p) => ({
        taskId,
        recordId,
        userId: p.userId,
        fields: p.fields ? JSON.stringify(p.fields) : null,
        state: 'unfilled',
        savedAt: null,
        submittedAt: null,
        remindedAt: null,
      })),
    );
    for (const p of parts) if (!people.has(p.userId)) people.set(p.userId, recordId);
  }
  return people;
}

/** Publishing fixes the form version, makes the records and assignments, and tells each filler — one transaction. */
export async function publishTask(
  app: FastifyInstance,
  a: Actor,
  id: number,
): Promise<{ records: number; people: number }> {
  return app.db.transaction().execute(async (trx) => {
    const t = await ownTask(trx, a, id);
    if (t.status !== 'draft') throw conflict('该任务已发布');
    const body = bodyOf(t);
    await checkSettings(app, trx, body);
    const now = Date.now();
    if (t.deadline <= now) throw badInput('截止时间必须晚于现在', { field: 'deadline' });
    const form = await formSchemaOf(trx, t.formId);
    const planned = await planRecords(app, trx, body);
    if (!planned.length) throw badInput('没有需要填报的人员或记录', { field: 'fillers' });
    if (
      !(await repo.updateTask(
        trx,
        t.id,
        { status: 'published', formVersion: form.version, publishedAt: now, updatedAt: now },
        'draft',
      ))
    )
      throw conflict('该任务已发布');
    const people = await insertRecords(trx, t.id, planned, body.collaborators, now);
    await sendMessage(trx, {
      userIds: [...people.keys()],
      kind: 'notice',
      title: `新的数据采集任务：${t.title}`,
      body: `请在 ${beijing(t.deadline)} 前完成填报。`,
      link: '/web/dataAcquisition/dataFilling',
      at: now,
    });
    return { records: planned.length, people: people.size };
  });
}

export const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export async function closeTask(app: FastifyInstance, a: Actor, id: number): Promise<void> {
  const t = await ownTask(app.db, a, id);
  if (t.status !== 'published') throw conflict('只有进行中的任务可以结束');
  await repo.updateTask(app.db, t.id, { status: 'closed', updatedAt: Date.now() }, 'published');
}

export async function deleteTask(app: FastifyInstance, a: Actor, id: number): Promise<void> {
  const t = await ownTask(app.db, a, id);
  if (t.status !== 'draft') throw conflict('已发布的任务不能删除，可以结束它');
  await app.db.transaction().execute((trx) => repo.deleteTask(trx, t.id));
}

export async function collabProgress(
  app: FastifyInstance,
  a: Actor,
  id: number,
  p: { page: number; pageSize: number },
): Promise<CollabProgress & { page: number; pageSize: number }> {
  const t = await ownTask(app.db, a, id);
  const v = taskView(t);
  const fieldsOf = new Map(v.collaborators.map((c) => [c.userId, c.fields]));
  const people = (await repo.collabPeople(app.db, t.id)).map((x) => ({ ...x, fields: fieldsOf.get(x.userId) ?? [] }));
  const records = await repo.collabRecords(app.db, t.id, p);
  return { people, records: records.list, recordsTotal: records.total, page: p.page, pageSize: p.pageSize };
}

/** Sends a reminder to everyone (or the listed ones) who has not submitted; answers how many people. */
export async function remind(app: FastifyInstance, a: Actor, b: RemindBody): Promise<{ people: number }> {
  const t = await ownTask(app.db, a, b.id);
  if (t.status !== 'published') throw new AppError(Codes.acquisitionClosed, 409, '任务未在进行中，无需提醒');
  return app.db.transaction().execute(async (trx) => {
    const rows = await repo.unsubmitted(trx, t.id, b.assignmentIds);
    const now = Date.now();
    const users = [...new Set(rows.map((r) => r.userId))];
    if (users.length)
      await sendMessage(trx, {
        userIds: users,
        kind: 'urge',
        title: `请尽快填报：${t.title}`,
        body: `截止时间 ${beijing(t.deadline)}`,
        link: '/web/dataAcquisition/dataFilling',
        at: now,
      });
    await repo.markReminded(
      trx,
      rows.map((r) => r.id),
      now,
    );
    return { people: users.length };
  });
}

export async function peopleOptions(
  app: FastifyInstance,
  q: { keyword?: string; ids?: string },
): Promise<PersonOption[]> {
  const ids = q.ids ? q.ids.split(',').map(Number).slice(0, 200) : undefined;
  if (!ids && (q.keyword ?? '').trim().length < 1) return [];
  return repo.people(app.db, { keyword: ids ? undefined : q.keyword, ids, limit: ids ? 200 : 20 });
}

export async function targetTable(app: FastifyInstance, id: number): Promise<TargetTable> {
  const def = await getDataTable(app, app.db, id);
  if (!def) throw notFound('数据表不存在');
  return {
    id: def.id,
    code: def.code,
    name: def.name,
    fields: def.fields.map((f) => ({ name: f.name, label: f.label, type: f.type, required: f.required })),
    uniqueKey: def.uniqueKey,
  };
}

export const processOptions = (app: FastifyInstance, formId: number): Promise<ProcessOption[]> =>
  publishedProcessesOfForm(app.db, formId);
