import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Page } from '@/shared/envelope';
import type {
  Audience,
  CorrectionItem,
  CorrectionState,
  Evidence,
  LayoutGroup,
  SourceState,
  SummaryView,
  WriteState,
} from '../contract';
import './tables';

export type Conn = Kysely<Database> | Transaction<Database>;
export type Tx = Transaction<Database>;

// --- people and departments (the core's tables, read only) --------------------------------------

export interface Person {
  id: number;
  userNo: string;
  realName: string;
  kind: string;
  departmentId: number | null;
  department: string | null;
}

function people(db: Conn) {
  return db
    .selectFrom('appUser')
    .leftJoin('department', 'department.id', 'appUser.departmentId')
    .select([
      'appUser.id',
      'appUser.userNo',
      'appUser.realName',
      'appUser.kind',
      'appUser.departmentId',
      'department.name as department',
    ]);
}

export async function findPersonByNo(db: Conn, userNo: string): Promise<Person | undefined> {
  const r = await people(db)
    .where('appUser.userNo', '=', userNo)
    .where('appUser.status', '=', 'active')
    .executeTakeFirst();
  return r ? { ...r, department: r.department ?? null } : undefined;
}

export async function findPersonById(db: Conn, id: number): Promise<Person | undefined> {
  const r = await people(db).where('appUser.id', '=', id).executeTakeFirst();
  return r ? { ...r, department: r.department ?? null } : undefined;
}

/** The department and every one above it. */
export async function ancestorsOf(db: Conn, id: number): Promise<number[]> {
  const r = await sql<{ id: number }>`with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from department where id = ${id}
      union all select d.id, d.parent_id, up.depth + 1 from department d join up on d.id = up.parent_id where up.depth < 32)
    select id from up`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/**
 * The owning department's data staff: its active staff whose role grants the 数据纠错审核 page
 * (web menu `oneTable`) — the built-in process's 审核人. At most 20.
 */
export async function dataStaffOf(db: Conn, departmentId: number): Promise<{ id: number; realName: string }[]> {
  return db
    .selectFrom('appUser as u')
    .select(['u.id', 'u.realName'])
    .where('u.departmentId', '=', departmentId)
    .where('u.status', '=', 'active')
    .where('u.kind', '!=', 'student')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('userRole as ur')
          .innerJoin('roleMenu as rm', 'rm.roleId', 'ur.roleId')
          .innerJoin('menu as m', 'm.id', 'rm.menuId')
          .select('m.id')
          .whereRef('ur.userId', '=', 'u.id')
          .where('m.name', '=', 'oneTable')
          .where('m.scope', '=', 'web'),
      ),
    )
    .orderBy('u.id')
    .limit(20)
    .execute();
}

export async function departmentNames(db: Conn, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('department').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

// --- layouts ------------------------------------------------------------------------------------

export async function getLayout(
  db: Conn,
  audience: Audience,
): Promise<{ groups: LayoutGroup[]; updatedAt: number } | undefined> {
  const r = await db
    .selectFrom('oneTableLayout')
    .select(['groups', 'updatedAt'])
    .where('audience', '=', audience)
    .executeTakeFirst();
  return r ? { groups: JSON.parse(r.groups) as LayoutGroup[], updatedAt: Number(r.updatedAt) } : undefined;
}

export async function putLayout(
  db: Conn,
  audience: Audience,
  groups: LayoutGroup[],
  userId: number | null,
  now: number,
): Promise<void> {
  const json = JSON.stringify(groups);
  const done = await db
    .updateTable('oneTableLayout')
    .set({ groups: json, updatedAt: now, updatedBy: userId })
    .where('audience', '=', audience)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0)
    await db
      .insertInto('oneTableLayout')
      .values({ audience, groups: json, updatedAt: now, updatedBy: userId })
      .execute();
}

// --- corrections --------------------------------------------------------------------------------

export type CorrectionRow = Awaited<ReturnType<typeof findCorrection>> & object;

export async function findCorrection(db: Conn, id: number) {
  return db.selectFrom('oneTableCorrection').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The request an instance runs (the completion hook's one indexed lookup). */
export async function findCorrectionOfInstance(db: Conn, instanceId: number) {
  return db.selectFrom('oneTableCorrection').selectAll().where('instanceId', '=', instanceId).executeTakeFirst();
}

export async function setInstance(db: Conn, id: number, instanceId: number): Promise<void> {
  await db.updateTable('oneTableCorrection').set({ instanceId }).where('id', '=', id).execute();
}

/** Queues an approved value for the owning system (tried at once by the write-back job). */
export async function queueWriteBack(db: Conn, id: number, now: number): Promise<void> {
  await db
    .updateTable('oneTableCorrection')
    .set({ sourceState: 'pending', sourceError: '', sourceAttempts: 0, sourceNextAt: now })
    .where('id', '=', id)
    .execute();
}

/** Write-backs due now (the job's batch), oldest first. */
export async function dueWriteBacks(db: Conn, now: number, limit: number) {
  return db
    .selectFrom('oneTableCorrection')
    .selectAll()
    .where('sourceState', '=', 'pending')
    .where('sourceNextAt', '<=', now)
    .orderBy('sourceNextAt')
    .limit(limit)
    .execute();
}

export async function setSourceState(
  db: Conn,
  id: number,
  patch: {
    sourceState: SourceState;
    sourceError: string;
    sourceAttempts: number;
    sourceNextAt: number | null;
    hold?: number;
  },
): Promise<void> {
  await db
    .updateTable('oneTableCorrection')
    .set(patch)
    .where('id', '=', id)
    .where('sourceState', '=', 'pending')
    .execute();
}

/** Approved values held against syncs on these rows (one indexed lookup per sync batch). */
export async function heldOfRows(db: Conn, tableId: number, rowIds: number[]) {
  if (!rowIds.length) return [];
  return db
    .selectFrom('oneTableCorrection')
    .select(['id', 'rowId', 'field', 'newValue', 'conflictValue'])
    .where('tableId', '=', tableId)
    .where('rowId', 'in', rowIds)
    .where('state', '=', 'approved')
    .where('hold', '=', 1)
    .execute();
}

/** Holds the approved value of this request (earlier approved requests of the same value let go). */
export async function holdValue(db: Conn, c: { id: number; tableId: number; rowId: number; field: string }) {
  await db
    .updateTable('oneTableCorrection')
    .set({ hold: 0, conflictValue: null, conflictAt: null })
    .where('tableId', '=', c.tableId)
    .where('rowId', '=', c.rowId)
    .where('field', '=', c.field)
    .where('state', '=', 'approved')
    .where('id', '<>', c.id)
    .execute();
  await db.updateTable('oneTableCorrection').set({ hold: 1 }).where('id', '=', c.id).execute();
}

export async function setHold(
  db: Conn,
  id: number,
  patch: { hold?: number; conflictValue?: string | null; conflictAt?: number | null },
): Promise<void> {
  await db.updateTable('oneTableCorrection').set(patch).where('id', '=', id).execute();
}

export async function pendingFieldsOfRows(db: Conn, tableId: number, rowIds: number[]): Promise<Set<string>> {
  if (!rowIds.length) return new Set();
  const rows = await db
    .selectFrom('oneTableCorrection')
    .select(['rowId', 'field'])
    .where('tableId', '=', tableId)
    .where('rowId', 'in', rowIds)
    .where('state', '=', 'pending')
    .execute();
  return new Set(rows.map((r) => `${r.rowId}:${r.field}`));
}

export interface CorrectionInsert {
  applicantId: number;
  applicantName: string;
  personNo: string;
  tableId: number;
  tableCode: string;
  tableName: string;
  ownerDepartmentId: number | null;
  rowId: number;
  field: string;
  fieldLabel: string;
  oldValue: string;
  newValue: string;
  reason: string;
  evidence: Evidence[];
  createdAt: number;
}

export async function insertCorrection(db: Conn, c: CorrectionInsert): Promise<number> {
  const r = await db
    .insertInto('oneTableCorrection')
    .values({
      ...c,
      evidence: JSON.stringify(c.evidence),
      state: 'pending',
      answer: '',
      deciderId: null,
      deciderName: '',
      writeState: 'none',
      writeError: '',
      decidedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Decides a pending request; false when it was no longer pending (someone else decided). */
export async function decide(
  db: Conn,
  id: number,
  d: { state: CorrectionState; answer: string; deciderId: number | null; deciderName: string; at: number },
): Promise<boolean> {
  const r = await db
    .updateTable('oneTableCorrection')
    .set({ state: d.state, answer: d.answer, deciderId: d.deciderId, deciderName: d.deciderName, decidedAt: d.at })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setWriteState(db: Conn, id: number, state: WriteState, error: string): Promise<void> {
  await db
    .updateTable('oneTableCorrection')
    .set({ writeState: state, writeError: error })
    .where('id', '=', id)
    .execute();
}

type Filter = {
  applicantId?: number;
  /** null = every department (administrators). */
  departments?: number[] | null;
  /** With `departments`: also the requests on these instances (the caller's approval tasks). */
  orInstances?: number[];
  state?: CorrectionState;
  tableCode?: string;
};

function filtered(db: Conn, f: Filter) {
  let q = db.selectFrom('oneTableCorrection');
  if (f.applicantId !== undefined) q = q.where('applicantId', '=', f.applicantId);
  if (f.departments) {
    const depts = f.departments.length ? f.departments : [-1];
    const inst = f.orInstances?.length ? f.orInstances : [-1];
    q = q.where((eb) => eb.or([eb('ownerDepartmentId', 'in', depts), eb('instanceId', 'in', inst)]));
  }
  if (f.state) q = q.where('state', '=', f.state);
  if (f.tableCode) q = q.where('tableCode', '=', f.tableCode);
  return q;
}

export async function listCorrections(
  db: Conn,
  f: Filter,
  page: { page: number; pageSize: number },
): Promise<Page<CorrectionItem>> {
  const [rows, total] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const names = await departmentNames(db, [
    ...new Set(rows.map((r) => r.ownerDepartmentId).filter((x): x is number => x !== null)),
  ]);
  return {
    list: rows.map((r) => toItem(r, names)),
    total: Number(total.n),
    page: page.page,
    pageSize: page.pageSize,
  };
}

export function toItem(r: NonNullable<CorrectionRow>, names: Map<number, string>): CorrectionItem {
  return {
    id: r.id,
    applicantName: r.applicantName,
    personNo: r.personNo,
    tableCode: r.tableCode,
    tableName: r.tableName,
    department: r.ownerDepartmentId === null ? null : (names.get(r.ownerDepartmentId) ?? null),
    rowId: r.rowId,
    field: r.field,
    fieldLabel: r.fieldLabel,
    oldValue: r.oldValue,
    newValue: r.newValue,
    reason: r.reason,
    evidence: JSON.parse(r.evidence) as Evidence[],
    state: r.state as CorrectionState,
    answer: r.answer,
    deciderName: r.deciderName,
    writeState: r.writeState as WriteState,
    writeError: r.writeError,
    createdAt: Number(r.createdAt),
    decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
    instanceId: r.instanceId === null ? null : Number(r.instanceId),
    sourceState: r.sourceState as SourceState,
    sourceError: r.sourceError,
    conflictValue: r.conflictValue,
  };
}

/** Uploads the applicant made for evidence (purpose one-table:evidence), by id. */
export async function ownEvidence(db: Conn, ids: string[], ownerId: number): Promise<Evidence[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('upload')
    .select(['id', 'originalName'])
    .where('id', 'in', ids)
    .where('ownerId', '=', ownerId)
    .where('purpose', '=', 'one-table:evidence')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.originalName, url: `/resource/api/v1.file/${r.id}` }));
}

/** May this user read this evidence file: the applicant, or a decider of a request that cites it. */
export async function evidenceReaders(
  db: Conn,
  fileId: string,
): Promise<{ applicantId: number; ownerDepartmentId: number | null; instanceId: number | null }[]> {
  return db
    .selectFrom('oneTableCorrection')
    .select(['applicantId', 'ownerDepartmentId', 'instanceId'])
    .where('evidence', 'like', `%${fileId}%`)
    .limit(20)
    .execute();
}

export async function summary(
  db: Conn,
  departments: number[] | null,
  since: number,
): Promise<
  Omit<SummaryView, 'byDepartment' | 'trend'> & {
    byDepartmentId: { id: number | null; count: number }[];
    days: number[];
  }
> {
  const base = () => filtered(db, { departments });
  const [byState, byTable, byField, byDept, resolved, recent] = await Promise.all([
    base()
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute(),
    base()
      .select(['tableName', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('tableName')
      .orderBy('n', 'desc')
      .limit(20)
      .execute(),
    base()
      .select(['tableName', 'fieldLabel', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['tableName', 'fieldLabel'])
      .orderBy('n', 'desc')
      .limit(20)
      .execute(),
    base()
      .select(['ownerDepartmentId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('ownerDepartmentId')
      .execute(),
    base()
      .select([(eb) => eb.fn.avg<number>(sql`decided_at - created_at`).as('avg')])
      .where('decidedAt', 'is not', null)
      .executeTakeFirst(),
    base().select('createdAt').where('createdAt', '>=', since).limit(20000).execute(),
  ]);
  const avg = resolved?.avg;
  return {
    byState: byState.map((r) => ({ state: r.state as CorrectionState, count: Number(r.n) })),
    byTable: byTable.map((r) => ({ tableName: r.tableName, count: Number(r.n) })),
    byField: byField.map((r) => ({ tableName: r.tableName, fieldLabel: r.fieldLabel, count: Number(r.n) })),
    byDepartmentId: byDept.map((r) => ({ id: r.ownerDepartmentId, count: Number(r.n) })),
    meanHoursToResolve: avg === null || avg === undefined ? null : Math.round((Number(avg) / 3_600_000) * 10) / 10,
    days: recent.map((r) => Number(r.createdAt)),
  };
}

/** Requests after `afterId` by id (the export's keyset pages). */
export async function correctionsAfter(db: Conn, departments: number[] | null, afterId: number, limit: number) {
  return filtered(db, { departments }).selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
}
