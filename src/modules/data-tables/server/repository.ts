import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import type { Page } from '@/shared/envelope';
import type {
  ChangeAction,
  ChangeItem,
  ChangeListQuery,
  ChangeSource,
  DataFieldType,
  DataTableDef,
  DataTableField,
  FieldVisibility,
  ReportCycle,
  TableDetail,
  TableListItem,
  TableListQuery,
} from '../contract';
import './tables';

/** The data tables' bookkeeping SQL (definitions, fields, change log). Rows of dt_* tables: rows.ts. */
export type Conn = Db | Transaction<Database>;

const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const contains = (column: Expression<unknown>, keyword: string) =>
  sql<SqlBool>`lower(${column}) like lower(${containsPattern(keyword)}) escape '\\'`;

export interface TableMeta extends TableDetail {
  /** Rows in the physical table, kept by every write in the same transaction. */
  rowCount: number;
  remindedPeriod: string | null;
  lastRowChangeAt: number | null;
  lastReportedBy: number | null;
}

async function fieldsOf(db: Conn, tableIds: number[]): Promise<Map<number, DataTableField[]>> {
  const out = new Map<number, DataTableField[]>();
  if (!tableIds.length) return out;
  const rows = await db
    .selectFrom('dataTableField')
    .selectAll()
    .where('tableId', 'in', tableIds)
    .orderBy('tableId')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.tableId) ?? [];
    list.push({
      name: r.name,
      label: r.label,
      type: r.type as DataFieldType,
      required: r.required === 1,
      indexed: r.indexed === 1,
      visibility: r.visibility as FieldVisibility,
      description: r.description,
      sort: r.sort,
    });
    out.set(r.tableId, list);
  }
  return out;
}

function metaQuery(db: Conn) {
  return db
    .selectFrom('dataTable')
    .leftJoin('department', 'department.id', 'dataTable.ownerDepartmentId')
    .selectAll('dataTable')
    .select('department.name as ownerDepartmentName');
}

type MetaRow = Awaited<ReturnType<ReturnType<typeof metaQuery>['executeTakeFirstOrThrow']>>;

function toMeta(r: MetaRow, fields: DataTableField[]): TableMeta {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    fields,
    uniqueKey: JSON.parse(r.uniqueKey) as string[],
    ownerDepartmentId: r.ownerDepartmentId,
    ownerDepartmentName: r.ownerDepartmentName ?? null,
    scopeField: r.scopeField,
    version: r.version,
    reportCycle: r.reportCycle as ReportCycle,
    reportDeadlineDay: r.reportDeadlineDay,
    isPublic: r.isPublic === 1,
    lastReportedAt: r.lastReportedAt === null ? null : Number(r.lastReportedAt),
    lastReportedBy: r.lastReportedBy,
    lastRowChangeAt: r.lastRowChangeAt === null ? null : Number(r.lastRowChangeAt),
    remindedPeriod: r.remindedPeriod,
    rowCount: Number(r.rowCount),
    updatedAt: Number(r.updatedAt),
  };
}

export async function findMeta(db: Conn, idOrCode: number | string): Promise<TableMeta | undefined> {
  const r = await metaQuery(db)
    .where(typeof idOrCode === 'number' ? 'dataTable.id' : 'dataTable.code', '=', idOrCode as never)
    .executeTakeFirst();
  if (!r) return undefined;
  return toMeta(r, (await fieldsOf(db, [r.id])).get(r.id) ?? []);
}

/** Several tables with their fields (two queries). */
export async function findMetas(db: Conn, filter: (q: ReturnType<typeof metaQuery>) => ReturnType<typeof metaQuery>) {
  const rows = await filter(metaQuery(db)).orderBy('dataTable.name').orderBy('dataTable.id').execute();
  const fields = await fieldsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toMeta(r, fields.get(r.id) ?? []));
}

export const codeTaken = async (db: Conn, code: string) =>
  !!(await db.selectFrom('dataTable').select('id').where('code', '=', code).executeTakeFirst());

export interface MetaWrite {
  code: string;
  name: string;
  description: string;
  uniqueKey: string[];
  ownerDepartmentId: number | null;
  scopeField: string | null;
  reportCycle: ReportCycle;
  reportDeadlineDay: number;
  isPublic: boolean;
}

export async function insertMeta(db: Conn, m: MetaWrite, actorId: number | null): Promise<number> {
  const now = Date.now();
  const r = await db
    .insertInto('dataTable')
    .values({
      code: m.code,
      name: m.name,
      description: m.description,
      uniqueKey: JSON.stringify(m.uniqueKey),
      ownerDepartmentId: m.ownerDepartmentId,
      scopeField: m.scopeField,
      version: 1,
      reportCycle: m.reportCycle,
      reportDeadlineDay: m.reportDeadlineDay,
      isPublic: m.isPublic ? 1 : 0,
      lastReportedAt: null,
      lastReportedBy: null,
      lastRowChangeAt: null,
      remindedPeriod: null,
      rowCount: 0,
      createdAt: now,
      createdBy: actorId,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Saves a design over `version`; false when someone saved in between (the version moved). */
export async function updateMeta(db: Conn, id: number, version: number, m: Omit<MetaWrite, 'code'>): Promise<boolean> {
  const r = await db
    .updateTable('dataTable')
    .set({
      name: m.name,
      description: m.description,
      uniqueKey: JSON.stringify(m.uniqueKey),
      ownerDepartmentId: m.ownerDepartmentId,
      scopeField: m.scopeField,
      reportCycle: m.reportCycle,
      reportDeadlineDay: m.reportDeadlineDay,
      isPublic: m.isPublic ? 1 : 0,
      version: version + 1,
      updatedAt: Date.now(),
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function replaceFields(db: Conn, tableId: number, fields: DataTableField[]): Promise<void> {
  await db.deleteFrom('dataTableField').where('tableId', '=', tableId).execute();
  if (!fields.length) return;
  await db
    .insertInto('dataTableField')
    .values(
      fields.map((f, i) => ({
        tableId,
        name: f.name,
        label: f.label,
        type: f.type,
        required: f.required ? 1 : 0,
        indexed: f.indexed ? 1 : 0,
        visibility: f.visibility,
        description: f.description,
        sort: f.sort ?? i,
      })),
    )
    .execute();
}

export async function deleteMeta(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('dataTableChange').where('tableId', '=', id).execute();
  await db.deleteFrom('dataTableField').where('tableId', '=', id).execute();
  await db.deleteFrom('dataTable').where('id', '=', id).execute();
}

/**
 * Tables, newest change first. `visibleTo` (null = all, for administrators): tables owned by one of
 * the caller's departments (theirs and those above), and tables with a row scope when `scoped`.
 */
export async function listTables(
  db: Conn,
  q: TableListQuery,
  visibleTo: { ancestors: number[]; scoped: boolean } | null = null,
): Promise<Page<TableListItem>> {
  let base = db.selectFrom('dataTable').leftJoin('department', 'department.id', 'dataTable.ownerDepartmentId');
  if (visibleTo) {
    const v = visibleTo;
    base = base.where((eb) =>
      eb.or([
        ...(v.ancestors.length ? [eb('dataTable.ownerDepartmentId', 'in', v.ancestors)] : []),
        ...(v.scoped ? [eb('dataTable.scopeField', 'is not', null)] : []),
        sql<SqlBool>`1 = 0`,
      ]),
    );
  }
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    base = base.where((eb) => eb.or([contains(eb.ref('dataTable.name'), k), contains(eb.ref('dataTable.code'), k)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'dataTable.id',
        'dataTable.code',
        'dataTable.name',
        'dataTable.description',
        'dataTable.ownerDepartmentId',
        'department.name as ownerDepartmentName',
        'dataTable.reportCycle',
        'dataTable.isPublic',
        'dataTable.version',
        'dataTable.updatedAt',
        (eb) =>
          eb
            .selectFrom('dataTableField')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('dataTableField.tableId', '=', 'dataTable.id')
            .as('fieldCount'),
      ])
      .orderBy('dataTable.updatedAt', 'desc')
      .orderBy('dataTable.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      description: r.description,
      ownerDepartmentId: r.ownerDepartmentId,
      ownerDepartmentName: r.ownerDepartmentName ?? null,
      fieldCount: Number(r.fieldCount ?? 0),
      reportCycle: r.reportCycle as ReportCycle,
      isPublic: r.isPublic === 1,
      version: r.version,
      updatedAt: Number(r.updatedAt),
    })),
    total: Number(count?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Rows changed at `at`; `added` rows more (or fewer): the kept count pages show without counting a
 * big table, and the change version after-sync jobs compare.
 */
export async function touchRows(db: Conn, tableId: number, at: number, added: number): Promise<void> {
  await db
    .updateTable('dataTable')
    .set((eb) => ({ lastRowChangeAt: at, rowCount: eb('rowCount', '+', added), rowVersion: eb('rowVersion', '+', 1) }))
    .where('id', '=', tableId)
    .execute();
}

// --- change log ---------------------------------------------------------------------------------

export interface ChangeWrite {
  tableId: number;
  rowId: number;
  action: ChangeAction;
  source: ChangeSource;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actorId: number | null;
  actorName: string;
  createdAt: number;
  /** Why (absent: none). */
  reason?: string;
}

export async function insertChanges(db: Conn, list: ChangeWrite[]): Promise<void> {
  for (let i = 0; i < list.length; i += 500)
    await db
      .insertInto('dataTableChange')
      .values(
        list.slice(i, i + 500).map((c) => ({
          ...c,
          before: c.before ? JSON.stringify(c.before) : null,
          after: c.after ? JSON.stringify(c.after) : null,
        })),
      )
      .execute();
}

export async function actorName(db: Conn, userId: number | null): Promise<string> {
  if (userId === null) return '系统';
  const r = await db.selectFrom('appUser').select('realName').where('id', '=', userId).executeTakeFirst();
  return r?.realName ?? '';
}

export async function listChanges(db: Conn, q: ChangeListQuery): Promise<Page<ChangeItem>> {
  let base = db.selectFrom('dataTableChange').where('tableId', '=', q.id);
  if (q.rowId) base = base.where('rowId', '=', q.rowId);
  if (q.action) base = base.where('action', '=', q.action);
  if (q.actor?.trim()) base = base.where((eb) => contains(eb.ref('actorName'), q.actor!.trim()));
  if (q.from !== undefined) base = base.where('createdAt', '>=', q.from);
  if (q.to !== undefined) base = base.where('createdAt', '<=', q.to);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      rowId: r.rowId,
      action: r.action as ChangeAction,
      source: r.source as ChangeSource,
      before: r.before ? (JSON.parse(r.before) as Record<string, unknown>) : null,
      after: r.after ? (JSON.parse(r.after) as Record<string, unknown>) : null,
      actorName: r.actorName,
      createdAt: Number(r.createdAt),
      reason: r.reason,
      restorable: r.action === 'update' || r.action === 'delete' || r.action === 'restore',
    })),
    total: Number(count?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function findChange(db: Conn, tableId: number, changeId: number) {
  return db
    .selectFrom('dataTableChange')
    .selectAll()
    .where('id', '=', changeId)
    .where('tableId', '=', tableId)
    .executeTakeFirst();
}

export const toDef = (m: TableMeta): DataTableDef => ({
  id: m.id,
  code: m.code,
  name: m.name,
  description: m.description,
  fields: m.fields,
  uniqueKey: m.uniqueKey,
  ownerDepartmentId: m.ownerDepartmentId,
  scopeField: m.scopeField,
  version: m.version,
});

export async function userNames(db: Conn, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('appUser')
    .select(['id', 'realName'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.realName]));
}

export async function markReported(db: Conn, id: number, userId: number, at: number): Promise<void> {
  await db.updateTable('dataTable').set({ lastReportedAt: at, lastReportedBy: userId }).where('id', '=', id).execute();
}

export async function markReminded(db: Conn, id: number, period: string): Promise<void> {
  await db.updateTable('dataTable').set({ remindedPeriod: period }).where('id', '=', id).execute();
}

/** The public catalogue: public tables only, searched by name, code or description. */
export async function listPublic(
  db: Conn,
  q: { page: number; pageSize: number; keyword?: string },
): Promise<Page<TableMeta>> {
  let base = db.selectFrom('dataTable').where('isPublic', '=', 1);
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    base = base.where((eb) =>
      eb.or([
        contains(eb.ref('dataTable.name'), k),
        contains(eb.ref('dataTable.code'), k),
        contains(eb.ref('dataTable.description'), k),
      ]),
    );
  }
  const [ids, count] = await Promise.all([
    base
      .select('id')
      .orderBy('name')
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  const list = ids.length
    ? await findMetas(db, (x) =>
        x.where(
          'dataTable.id',
          'in',
          ids.map((r) => r.id),
        ),
      )
    : [];
  return { list, total: Number(count?.total ?? 0), page: q.page, pageSize: q.pageSize };
}

/** Members of a set of departments (reminders go to the owning department's people). */
export async function activeUsersIn(db: Conn, departmentIds: number[]): Promise<number[]> {
  if (!departmentIds.length) return [];
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where('departmentId', 'in', departmentIds)
    .where('status', '=', 'active')
    .where('kind', '<>', 'student')
    .execute();
  return rows.map((r) => r.id);
}

export async function listDdl(db: Conn, tableId: number) {
  const rows = await db
    .selectFrom('dataTableDdl')
    .select(['id', 'step', 'sqlText', 'dialect', 'actorId', 'createdAt'])
    .where('tableId', '=', tableId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...r, createdAt: Number(r.createdAt) }));
}
