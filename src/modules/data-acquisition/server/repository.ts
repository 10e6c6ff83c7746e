import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { paginate } from '@/server/db/paginate';
import type { Database } from '@/server/db/schema';
import type { Page } from '@/shared/envelope';
import type {
  ApproveItem,
  MineItem,
  MineQuery,
  PartState,
  ProgressItem,
  ProgressQuery,
  RecordState,
  TaskListItem,
  TaskListQuery,
  TaskProgress,
  TaskStatus,
} from '../contract';
import type { AcqAssignmentTable, AcqRecordTable, AcqTaskTable } from './tables';
import { readForm } from '@/modules/forms/server/commands/read-form';
import './tables';

/** The only place that touches data collection's tables (and reads people and departments of the core). */
export type Conn = Kysely<Database> | Transaction<Database>;
export type Tx = Transaction<Database>;

/** Form names through the forms module's command (its tables are its own). */
async function formNames(db: Conn, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of new Set(ids)) out.set(id, (await readForm(db, id))?.name ?? '');
  return out;
}

const like = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// --- tasks -----------------------------------------------------------------------------------------

export type TaskRow = Awaited<ReturnType<typeof findTask>> & object;

export async function findTask(db: Conn, id: number) {
  const r = await db.selectFrom('acqTask').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    r && {
      ...r,
      deadline: Number(r.deadline),
      createdAt: Number(r.createdAt),
      updatedAt: Number(r.updatedAt),
      publishedAt: num(r.publishedAt),
      status: r.status as TaskStatus,
    }
  );
}

export async function insertTask(db: Conn, row: Insertable<AcqTaskTable>): Promise<number> {
  return (await db.insertInto('acqTask').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateTask(
  db: Conn,
  id: number,
  patch: Updateable<AcqTaskTable>,
  status?: TaskStatus,
): Promise<boolean> {
  let q = db.updateTable('acqTask').set(patch).where('id', '=', id);
  if (status) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function deleteTask(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('acqAssignment').where('taskId', '=', id).execute();
  await db.deleteFrom('acqRecord').where('taskId', '=', id).execute();
  await db.deleteFrom('acqTask').where('id', '=', id).execute();
}

export async function progressOf(db: Conn, taskIds: number[]): Promise<Map<number, TaskProgress>> {
  const out = new Map<number, TaskProgress>(
    taskIds.map((id) => [id, { records: 0, submitted: 0, written: 0, returned: 0 }]),
  );
  if (!taskIds.length) return out;
  const rows = await db
    .selectFrom('acqRecord')
    .select(['taskId', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('taskId', 'in', taskIds)
    .groupBy(['taskId', 'state'])
    .execute();
  for (const r of rows) {
    const p = out.get(r.taskId)!;
    const n = Number(r.n);
    p.records += n;
    if (r.state === 'written') p.written += n;
    if (r.state === 'returned') p.returned += n;
    if (['submitted', 'approving', 'approved', 'written'].includes(r.state)) p.submitted += n;
  }
  return out;
}

export async function listTasks(db: Conn, ownerId: number | null, q: TaskListQuery): Promise<Page<TaskListItem>> {
  let base = db.selectFrom('acqTask as t').innerJoin('appUser as u', 'u.id', 't.ownerId');
  if (ownerId !== null) base = base.where('t.ownerId', '=', ownerId);
  const k = q.keyword?.trim();
  if (k) base = base.where('t.title', 'like', like(k));
  if (q.status) base = base.where('t.status', '=', q.status);
  if (q.collaborative !== undefined) base = base.where('t.collaborative', '=', q.collaborative ? 1 : 0);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          't.id',
          't.title',
          't.formId',
          't.status',
          't.collaborative',
          't.deadline',
          'u.realName as ownerName',
          't.updatedAt',
        ])
        .orderBy('t.updatedAt', 'desc')
        .orderBy('t.id', 'desc'),
    q,
  );
  const progress = await progressOf(
    db,
    page.list.map((r) => r.id),
  );
  const names = await formNames(
    db,
    page.list.map((r) => r.formId),
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      title: r.title,
      formId: r.formId,
      formName: names.get(r.formId) ?? '',
      status: r.status as TaskStatus,
      collaborative: r.collaborative === 1,
      deadline: Number(r.deadline),
      ownerName: r.ownerName,
      updatedAt: Number(r.updatedAt),
      progress: progress.get(r.id)!,
    })),
  };
}

/** Published tasks whose deadline is still ahead (the reminder job's work). */
export async function openTasksBefore(db: Conn, now: number, until: number) {
  return db
    .selectFrom('acqTask')
    .select(['id', 'title', 'deadline', 'reminders', 'remindersSent'])
    .where('status', '=', 'published')
    .where('deadline', '>', now)
    .where('deadline', '<=', until)
    .orderBy('id')
    .execute();
}

// --- people ------------------------------------------------------------------------------------------

export interface Person {
  id: number;
  name: string;
  userNo: string;
  department: string;
}

export async function people(db: Conn, q: { keyword?: string; ids?: number[]; limit: number }): Promise<Person[]> {
  let s = db
    .selectFrom('appUser as u')
    .leftJoin('department as d', 'd.id', 'u.departmentId')
    .select(['u.id', 'u.realName as name', 'u.userNo', 'd.name as department'])
    .where('u.status', '=', 'active');
  if (q.ids) s = s.where('u.id', 'in', q.ids.length ? q.ids : [0]);
  const k = q.keyword?.trim();
  if (k)
    s = s.where((eb) =>
      eb.or([eb('u.realName', 'like', like(k)), eb('u.userNo', 'like', `${k.replace(/[\\%_]/g, '')}%`)]),
    );
  const rows = await s.orderBy('u.id').limit(q.limit).execute();
  return rows.map((r) => ({ ...r, department: r.department ?? '' }));
}

export async function activeUserIds(db: Conn, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const out: number[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('appUser')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .where('status', '=', 'active')
      .execute();
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

export async function allDepartments(db: Conn): Promise<{ id: number; parentId: number | null }[]> {
  return db.selectFrom('department').select(['id', 'parentId']).execute();
}

export async function usersInDepartments(db: Conn, departmentIds: number[]): Promise<number[]> {
  if (!departmentIds.length) return [];
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where('departmentId', 'in', departmentIds)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function usersWithRoles(db: Conn, codes: string[]): Promise<number[]> {
  if (!codes.length) return [];
  const rows = await db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .innerJoin('appUser as u', 'u.id', 'ur.userId')
    .select('u.id')
    .distinct()
    .where('r.code', 'in', codes)
    .where('u.status', '=', 'active')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => r.id);
}

export async function usersByNo(db: Conn, userNos: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < userNos.length; i += 500) {
    const rows = await db
      .selectFrom('appUser')
      .select(['id', 'userNo'])
      .where('userNo', 'in', userNos.slice(i, i + 500))
      .where('status', '=', 'active')
      .execute();
    for (const r of rows) out.set(r.userNo, r.id);
  }
  return out;
}

export async function userBrief(db: Conn, id: number) {
  return db.selectFrom('appUser').select(['id', 'realName', 'isAdmin']).where('id', '=', id).executeTakeFirst();
}

// --- records and assignments -------------------------------------------------------------------------

export async function insertRecord(db: Conn, row: Insertable<AcqRecordTable>): Promise<number> {
  return (await db.insertInto('acqRecord').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertAssignments(db: Conn, rows: Insertable<AcqAssignmentTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 300)
    await db
      .insertInto('acqAssignment')
      .values(rows.slice(i, i + 300))
      .execute();
}

export type RecordRow = NonNullable<Awaited<ReturnType<typeof findRecord>>>;

export async function findRecord(db: Conn, id: number) {
  const r = await db.selectFrom('acqRecord').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    r && {
      ...r,
      state: r.state as RecordState,
      submittedAt: num(r.submittedAt),
      writtenAt: num(r.writtenAt),
      updatedAt: Number(r.updatedAt),
    }
  );
}

/** Changes a record only while it is still in one of `from` (the guard against two actions at once). */
export async function updateRecord(
  db: Conn,
  id: number,
  patch: Updateable<AcqRecordTable>,
  from: readonly RecordState[],
): Promise<boolean> {
  const r = await db
    .updateTable('acqRecord')
    .set(patch)
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type AssignmentRow = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;

export async function findAssignment(db: Conn, id: number) {
  const r = await db.selectFrom('acqAssignment').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    r && { ...r, state: r.state as PartState, fields: r.fields === null ? null : (JSON.parse(r.fields) as string[]) }
  );
}

export async function updateAssignment(db: Conn, id: number, patch: Updateable<AcqAssignmentTable>): Promise<void> {
  await db.updateTable('acqAssignment').set(patch).where('id', '=', id).execute();
}

export async function partsOfRecord(db: Conn, recordId: number) {
  const rows = await db
    .selectFrom('acqAssignment as a')
    .innerJoin('appUser as u', 'u.id', 'a.userId')
    .select(['a.id', 'a.userId', 'u.realName as userName', 'a.fields', 'a.state'])
    .where('a.recordId', '=', recordId)
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    fields: r.fields === null ? null : (JSON.parse(r.fields) as string[]),
    state: r.state as PartState,
  }));
}

export async function setPartsOfRecord(db: Conn, recordId: number, state: PartState): Promise<void> {
  await db.updateTable('acqAssignment').set({ state }).where('recordId', '=', recordId).execute();
}

const progressBase = (db: Conn, q: ProgressQuery) => {
  let b = db
    .selectFrom('acqAssignment as a')
    .innerJoin('acqRecord as r', 'r.id', 'a.recordId')
    .innerJoin('appUser as u', 'u.id', 'a.userId')
    .leftJoin('department as d', 'd.id', 'u.departmentId')
    .where('a.taskId', '=', q.id);
  if (q.state === 'unfilled' || q.state === 'draft' || q.state === 'submitted') b = b.where('a.state', '=', q.state);
  else if (q.state) b = b.where('r.state', '=', q.state);
  const k = q.keyword?.trim();
  if (k)
    b = b.where((eb) =>
      eb.or([eb('u.realName', 'like', like(k)), eb('u.userNo', 'like', like(k)), eb('r.recordLabel', 'like', like(k))]),
    );
  return b;
};

const progressColumns = [
  'a.id as assignmentId',
  'a.recordId',
  'r.recordLabel',
  'a.userId',
  'u.realName as userName',
  'u.userNo',
  'd.name as department',
  'a.state as part',
  'a.fields',
  'r.state as recordState',
  'a.submittedAt',
  'a.remindedAt',
] as const;

type ProgressRaw = {
  assignmentId: number;
  recordId: number;
  recordLabel: string;
  userId: number;
  userName: string;
  userNo: string;
  department: string | null;
  part: string;
  fields: string | null;
  recordState: string;
  submittedAt: number | null;
  remindedAt: number | null;
};
const toProgress = (r: ProgressRaw): ProgressItem => ({
  ...r,
  department: r.department ?? '',
  part: r.part as PartState,
  fields: r.fields === null ? null : (JSON.parse(r.fields) as string[]),
  recordState: r.recordState as RecordState,
  submittedAt: num(r.submittedAt),
  remindedAt: num(r.remindedAt),
});

export async function progressList(db: Conn, q: ProgressQuery): Promise<Page<ProgressItem>> {
  const page = await paginate(progressBase(db, q), (b) => b.select([...progressColumns]).orderBy('a.id'), q);
  return { ...page, list: page.list.map((r) => toProgress(r as ProgressRaw)) };
}

/** The export's keyset pages. */
export async function progressAfter(db: Conn, q: ProgressQuery, afterId: number, limit: number) {
  const rows = await progressBase(db, q)
    .select([...progressColumns])
    .where('a.id', '>', afterId)
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...toProgress(r as ProgressRaw), id: r.assignmentId }));
}

/** Who has not submitted (for reminders): all of the task, or the listed assignments. */
export async function unsubmitted(db: Conn, taskId: number, assignmentIds?: number[]) {
  let q = db
    .selectFrom('acqAssignment as a')
    .innerJoin('acqRecord as r', 'r.id', 'a.recordId')
    .select(['a.id', 'a.userId'])
    .where('a.taskId', '=', taskId)
    .where((eb) => eb.or([eb('a.state', '!=', 'submitted'), eb('r.state', '=', 'returned')]));
  if (assignmentIds) q = q.where('a.id', 'in', assignmentIds);
  return q.orderBy('a.id').execute();
}

export async function markReminded(db: Conn, ids: number[], at: number): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .updateTable('acqAssignment')
      .set({ remindedAt: at })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

export async function collabPeople(db: Conn, taskId: number) {
  const rows = await db
    .selectFrom('acqAssignment as a')
    .innerJoin('appUser as u', 'u.id', 'a.userId')
    .select([
      'a.userId',
      'u.realName as userName',
      (eb) => eb.fn.countAll<number>().as('total'),
      (eb) => eb.fn.sum<number>(eb.case().when('a.state', '=', 'submitted').then(1).else(0).end()).as('submitted'),
    ])
    .where('a.taskId', '=', taskId)
    .groupBy(['a.userId', 'u.realName'])
    .orderBy('a.userId')
    .execute();
  return rows.map((r) => ({
    userId: r.userId,
    userName: r.userName,
    total: Number(r.total),
    submitted: Number(r.submitted ?? 0),
  }));
}

export async function collabRecords(db: Conn, taskId: number, p: { page: number; pageSize: number }) {
  const base = db.selectFrom('acqRecord as r').where('r.taskId', '=', taskId);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'r.id as recordId',
          'r.recordLabel as label',
          'r.state',
          (eb) =>
            eb
              .selectFrom('acqAssignment as a')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('a.recordId', '=', 'r.id')
              .as('parts'),
          (eb) =>
            eb
              .selectFrom('acqAssignment as a')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('a.recordId', '=', 'r.id')
              .where('a.state', '=', 'submitted')
              .as('submittedParts'),
        ])
        .orderBy('r.id'),
    p,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      recordId: r.recordId,
      label: r.label,
      state: r.state as RecordState,
      parts: Number(r.parts ?? 0),
      submittedParts: Number(r.submittedParts ?? 0),
    })),
  };
}

// --- fillers' lists ----------------------------------------------------------------------------------

/** A user's assignments with their task and record: what 数据填报 and 填报记录 list. */
const assignmentsOf = (db: Conn, userId: number) =>
  db
    .selectFrom('acqAssignment as a')
    .innerJoin('acqTask as t', 't.id', 'a.taskId')
    .innerJoin('acqRecord as r', 'r.id', 'a.recordId')
    .where('a.userId', '=', userId);

/** One page of assignments as list items, nearest deadline or latest change first, with form names. */
async function assignmentPage(
  db: Conn,
  base: ReturnType<typeof assignmentsOf>,
  order: 'deadline' | 'changed',
  q: { page: number; pageSize: number },
): Promise<Page<MineItem>> {
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'a.id as assignmentId',
          't.id as taskId',
          't.title',
          't.formId',
          't.deadline',
          't.status as taskStatus',
          'r.recordLabel',
          'a.state as part',
          'r.state as recordState',
          't.collaborative',
          'r.updatedAt',
          'r.note',
        ])
        .orderBy(order === 'deadline' ? 't.deadline' : 'r.updatedAt', order === 'deadline' ? 'asc' : 'desc')
        .orderBy('a.id', 'desc'),
    q,
  );
  const names = await formNames(
    db,
    page.list.map((r) => r.formId),
  );
  return {
    ...page,
    list: page.list.map(({ formId, ...r }) => ({
      ...r,
      formName: names.get(formId) ?? '',
      deadline: Number(r.deadline),
      taskStatus: r.taskStatus as TaskStatus,
      part: r.part as PartState,
      recordState: r.recordState as RecordState,
      collaborative: r.collaborative === 1,
      updatedAt: Number(r.updatedAt),
    })),
  };
}

export async function mine(db: Conn, userId: number, q: MineQuery): Promise<Page<MineItem>> {
  let base = assignmentsOf(db, userId).where('t.status', '!=', 'draft');
  if (q.scope === 'open')
    base = base
      .where('t.status', '=', 'published')
      .where((eb) => eb.or([eb('a.state', '!=', 'submitted'), eb('r.state', '=', 'returned')]));
  if (q.scope === 'done') base = base.where('a.state', '=', 'submitted');
  const k = q.keyword?.trim();
  if (k) base = base.where('t.title', 'like', like(k));
  return assignmentPage(db, base, 'deadline', q);
}

// --- approval centre -----------------------------------------------------------------------------------

const approveColumns = [
  'r.id as recordId',
  't.id as taskId',
  't.title',
  'r.recordLabel',
  'u.realName as applicantName',
  'r.submittedAt',
  'r.state',
  'r.instanceId',
  't.tableId',
] as const;

type ApproveRaw = {
  recordId: number;
  taskId: number;
  title: string;
  recordLabel: string;
  applicantName: string | null;
  submittedAt: number | null;
  state: string;
  instanceId: number | null;
  tableId: number | null;
};
export const toApproveItem = (
  r: ApproveRaw,
): Omit<ApproveItem, 'taskIdOfFlow' | 'nodeName' | 'tableName'> & { tableId: number | null } => ({
  recordId: r.recordId,
  taskId: r.taskId,
  title: r.title,
  recordLabel: r.recordLabel,
  applicantName: r.applicantName ?? '',
  submittedAt: num(r.submittedAt),
  state: r.state as RecordState,
  instanceId: r.instanceId,
  tableId: r.tableId,
});

const approveBase = (db: Conn, keyword?: string) => {
  let b = db
    .selectFrom('acqRecord as r')
    .innerJoin('acqTask as t', 't.id', 'r.taskId')
    .leftJoin('appUser as u', 'u.id', 'r.applicantId');
  const k = keyword?.trim();
  if (k) b = b.where((eb) => eb.or([eb('t.title', 'like', like(k)), eb('u.realName', 'like', like(k))]));
  return b;
};

/** Records in approval on these instances (the caller's pending workflow tasks). */
export async function recordsOnInstances(
  db: Conn,
  instanceIds: number[],
  q: { page: number; pageSize: number; keyword?: string },
) {
  const base = approveBase(db, q.keyword)
    .where('r.instanceId', 'in', instanceIds.length ? instanceIds : [0])
    .where('r.state', '=', 'approving');
  const page = await paginate(
    base,
    (b) =>
      b
        .select([...approveColumns])
        .orderBy('r.submittedAt', 'desc')
        .orderBy('r.id', 'desc'),
    q,
  );
  return { ...page, list: page.list.map((r) => toApproveItem(r as ApproveRaw)) };
}

/** Records waiting for the owner's 入库审批 (all owners' for an administrator: ownerId null). */
export async function recordsToWrite(
  db: Conn,
  ownerId: number | null,
  q: { page: number; pageSize: number; keyword?: string },
) {
  let base = approveBase(db, q.keyword)
    .where('t.reviewWrite', '=', 1)
    .where('r.state', 'in', ['submitted', 'approved']);
  if (ownerId !== null) base = base.where('t.ownerId', '=', ownerId);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([...approveColumns])
        .orderBy('r.submittedAt', 'asc')
        .orderBy('r.id', 'asc'),
    q,
  );
  return { ...page, list: page.list.map((r) => toApproveItem(r as ApproveRaw)) };
}

export async function approveItem(db: Conn, recordId: number) {
  const r = await approveBase(db)
    .select([...approveColumns])
    .where('r.id', '=', recordId)
    .executeTakeFirst();
  return r && toApproveItem(r as ApproveRaw);
}

/** Records whose approval may have moved on without us (approved or returned on the workflow's own pages). */
export async function recordsInFlow(db: Conn, opts: { taskId?: number; recordIds?: number[]; limit: number }) {
  let q = db
    .selectFrom('acqRecord')
    .select(['id', 'instanceId', 'state'])
    .where('state', 'in', ['approving', 'returned'])
    .where('instanceId', 'is not', null);
  if (opts.taskId) q = q.where('taskId', '=', opts.taskId);
  if (opts.recordIds) q = q.where('id', 'in', opts.recordIds.length ? opts.recordIds : [0]);
  return q.orderBy('id').limit(opts.limit).execute();
}

/** What I submitted: records where I am the applicant or one of the parts. */
export async function myRecords(db: Conn, userId: number, q: { page: number; pageSize: number; state?: RecordState }) {
  let base = assignmentsOf(db, userId).where('a.state', '!=', 'unfilled');
  if (q.state) base = base.where('r.state', '=', q.state);
  return assignmentPage(db, base, 'changed', q);
}
