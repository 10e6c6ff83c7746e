import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { AppError, badInput, notFound } from '@/server/errors';
import { readSheet } from '@/server/excel/read';
import type { AuthContext } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import type { Page } from '@/shared/envelope';
import type {
  CatalogItem,
  CatalogQuery,
  DataTableDef,
  DataTableField,
  DutyItem,
  ImportResult,
  RestoreBody,
  RowListQuery,
  RowPage,
  TableListItem,
  TableListQuery,
  TableView,
} from '../contract';
import { ownerAccess, tableAccess, viewerOf, type TableAccess, type Viewer } from './access';
import { qi } from './ddl';
import { dutyStatus, periodOf } from './duties';
import * as repo from './repository';
import { DataTableRowError } from './row-error';
import * as rows from './rows';
import { normalise } from './values';

/** Counts stay exact up to this many matching rows; beyond, the page shows an estimate ("about N"). */
export const ROW_COUNT_EXACT_LIMIT = 10_000;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Row conditions for what the caller may see (row scope) and the filters they typed. */
export function rowConditions(access: TableAccess, filtersJson: string | undefined): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (access.level === 'scoped') {
    const col = sql.raw(qi(access.meta.scopeField!));
    where.push(access.departments.length ? sql`${col} in (${sql.join(access.departments)})` : sql`1 = 0`);
  }
  if (!filtersJson) return where;
  let filters: unknown;
  try {
    filters = JSON.parse(filtersJson);
  } catch {
    throw badInput('筛选条件格式有误', { field: 'filters' });
  }
  if (!filters || typeof filters !== 'object' || Array.isArray(filters))
    throw badInput('筛选条件格式有误', { field: 'filters' });
  const byName = new Map(access.fields.map((f) => [f.name, f]));
  for (const [name, raw] of Object.entries(filters as Record<string, unknown>)) {
    const f = byName.get(name);
    // A column the caller may not see cannot be filtered on either (it would leak its values).
    if (!f) throw badInput(`不能按「${name}」筛选`, { field: 'filters' });
    if (raw === null || raw === undefined || String(raw).trim() === '') continue;
    where.push(fieldCondition(f, String(raw).trim()));
  }
  return where;
}

function fieldCondition(f: DataTableField, text: string): RawBuilder<unknown> {
  const col = sql.raw(qi(f.name));
  if (f.type === 'string' || f.type === 'text')
    return sql`lower(${col}) like lower(${likePattern(text.slice(0, 200))}) escape '\\'`;
  // Numbers and dates: "a~b" is a range (either side may be empty), anything else equality.
  const [lo, hi] = text.includes('~') ? text.split('~', 2).map((s) => s.trim()) : [text, text];
  const bound = (s: string | undefined) => {
    if (!s) return null;
    const n = normalise(f.type, s);
    if (!n.ok || n.value === null)
      throw badInput(`「${f.label}」的筛选值${n.ok ? '为空' : n.message}`, { field: 'filters' });
    return n.value;
  };
  const a = bound(lo);
  const b = bound(hi);
  if (f.type === 'boolean' || (!text.includes('~') && f.type !== 'datetime'))
    return a === null ? sql`1 = 1` : sql`${col} = ${a}`;
  // A datetime given as a day (no ~) means that whole day.
  const upper = f.type === 'datetime' && b !== null && !/\d:\d/.test(hi ?? '') ? Number(b) + 86_399_999 : b;
  const parts: RawBuilder<unknown>[] = [];
  if (a !== null) parts.push(sql`${col} >= ${a}`);
  if (upper !== null) parts.push(sql`${col} <= ${upper}`);
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`1 = 1`;
}

export function viewOf(access: TableAccess): TableView {
  const m = access.meta;
  return {
    id: m.id,
    code: m.code,
    name: m.name,
    description: m.description,
    ownerDepartmentName: m.ownerDepartmentName,
    fields: access.fields,
    uniqueKey: m.uniqueKey,
    canEdit: access.level === 'owner',
  };
}

export async function browse(app: FastifyInstance, auth: AuthContext, q: RowListQuery): Promise<RowPage> {
  const access = await tableAccess(app.db, await viewerOf(app.db, auth), q.id);
  const def = repo.toDef(access.meta);
  const where = rowConditions(access, q.filters);
  let orderBy: { field: string; desc: boolean } | undefined;
  if (q.sortField) {
    if (!access.fields.some((f) => f.name === q.sortField))
      throw badInput(`不能按「${q.sortField}」排序`, { field: 'sortField' });
    orderBy = { field: q.sortField, desc: q.sortOrder === 'desc' };
  }
  // The whole table: its kept row count (exact, no counting). Narrowed by filters or row scope: counted
  // up to ROW_COUNT_EXACT_LIMIT matching rows, so the count never costs more than that many index entries.
  const [list, counted] = await Promise.all([
    rows.selectRows(app.db, def, {
      where,
      fields: access.fields,
      orderBy,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    }),
    where.length
      ? rows.countRowsBounded(app.db, def, where, ROW_COUNT_EXACT_LIMIT)
      : Promise.resolve(access.meta.rowCount),
  ]);
  const totalExact = !where.length || counted <= ROW_COUNT_EXACT_LIMIT;
  const total = totalExact ? counted : ROW_COUNT_EXACT_LIMIT;
  return { list, total, totalExact, page: q.page, pageSize: q.pageSize };
}

/** Tables the department data centre lists for the caller (the same rules as tableAccess). */
export async function visibleTables(app: FastifyInstance, v: Viewer, q: TableListQuery): Promise<Page<TableListItem>> {
  return repo.listTables(app.db, q, v.isAdmin ? null : { ancestors: v.ancestors, scoped: v.departmentId !== null });
}

export async function saveRow(
  app: FastifyInstance,
  auth: AuthContext,
  body: { id: number; rowId?: number; version?: number; values: Record<string, unknown> },
) {
  const access = await ownerAccess(app.db, await viewerOf(app.db, auth), body.id);
  const def = repo.toDef(access.meta);
  if (body.rowId !== undefined && body.version === undefined) throw badInput('缺少行版本号', { field: 'version' });
  return app.db
    .transaction()
    .execute((trx) => rows.saveRowChecked(trx, def, body, { id: auth.userId, name: auth.realName }));
}

export async function deleteRow(
  app: FastifyInstance,
  auth: AuthContext,
  body: { id: number; rowId: number; version: number },
) {
  const access = await ownerAccess(app.db, await viewerOf(app.db, auth), body.id);
  await app.db.transaction().execute((trx) =>
    rows.deleteRowChecked(trx, repo.toDef(access.meta), body.rowId, body.version, {
      id: auth.userId,
      name: auth.realName,
    }),
  );
}

/**
 * Writes a change's `before` back: the row as it was (re-inserted when it was deleted). Refused
 * (409) when the row changed since that record, unless it is the row's latest change: a restore
 * never silently overwrites someone's newer edit.
 */
export async function restore(app: FastifyInstance, auth: AuthContext, body: RestoreBody) {
  const access = await ownerAccess(app.db, await viewerOf(app.db, auth), body.id);
  const def = repo.toDef(access.meta);
  return app.db.transaction().execute(async (trx) => {
    const change = await repo.findChange(trx, def.id, body.changeId);
    if (!change) throw notFound('操作记录不存在');
    if (!change.before) throw badInput('新增记录没有可恢复的原值');
    const before = JSON.parse(change.before) as Record<string, unknown>;
    // Fields dropped since the change cannot come back; fields added since stay as they are.
    const values = Object.fromEntries(def.fields.filter((f) => f.name in before).map((f) => [f.name, before[f.name]]));
    const current = await rows.findRow(trx, def, change.rowId);
    const actor = { id: auth.userId, name: auth.realName };
    if (!current) return rows.saveRowChecked(trx, def, { values }, actor, 'restore');
    return rows.saveRowChecked(
      trx,
      def,
      { rowId: change.rowId, version: Number(current._version), values },
      actor,
      'restore',
    );
  });
}

// --- reporting duties ---------------------------------------------------------------------------

export async function duties(app: FastifyInstance, v: Viewer, now = Date.now()): Promise<DutyItem[]> {
  const metas = await repo.findMetas(app.db, (q) => {
    let x = q.where('dataTable.reportCycle', '<>', 'none');
    if (!v.isAdmin)
      x = v.ancestors.length ? x.where('dataTable.ownerDepartmentId', 'in', v.ancestors) : x.where(sql<boolean>`1 = 0`);
    return x;
  });
  const names = await repo.userNames(
    app.db,
    metas.map((m) => m.lastReportedBy).filter((x): x is number => x !== null),
  );
  return metas.map((m) => {
    const p = periodOf(m.reportCycle, m.reportDeadlineDay, now)!;
    return {
      tableId: m.id,
      tableName: m.name,
      code: m.code,
      cycle: m.reportCycle,
      deadlineDay: m.reportDeadlineDay,
      deadline: p.deadline,
      lastReportedAt: m.lastReportedAt,
      lastReportedBy: m.lastReportedBy !== null ? (names.get(m.lastReportedBy) ?? null) : null,
      lastUpdatedAt: m.lastRowChangeAt,
      status: dutyStatus(p, m.lastReportedAt, now),
    };
  });
}

export async function report(app: FastifyInstance, auth: AuthContext, id: number): Promise<void> {
  const access = await ownerAccess(app.db, await viewerOf(app.db, auth), id);
  if (access.meta.reportCycle === 'none') throw badInput('该数据表没有报送要求');
  await repo.markReported(app.db, id, auth.userId, Date.now());
}

// --- public catalogue ---------------------------------------------------------------------------

export async function catalogue(app: FastifyInstance, q: CatalogQuery): Promise<Page<CatalogItem>> {
  const page = await repo.listPublic(app.db, q);
  return {
    ...page,
    list: page.list.map((m) => ({
      id: m.id,
      name: m.name,
      code: m.code,
      description: m.description,
      ownerDepartmentName: m.ownerDepartmentName,
      updatedAt: m.updatedAt,
      // Owner-only columns are not advertised to the public either.
      fields: m.fields
        .filter((f) => f.visibility === 'all')
        .map((f) => ({ name: f.name, label: f.label, type: f.type, description: f.description })),
    })),
  };
}

// --- import -------------------------------------------------------------------------------------

export const IMPORT_MAX_ROWS = 50_000;
const IMPORT_BATCH = 500;

/**
 * Reads a sheet whose headers are field labels (or names), checks every row and writes the good
 * ones in one transaction (upsert by the unique key); bad rows are reported with their row number
 * and left out. The route answers 0x00000106 when some rows were refused.
 */
export async function importRows(
  app: FastifyInstance,
  auth: AuthContext,
  tableId: number,
  input: Readable,
): Promise<ImportResult> {
  const meta = await repo.findMeta(app.db, tableId);
  if (!meta) {
    input.resume();
    throw notFound('数据表不存在');
  }
  const def = repo.toDef(meta);
  const sheet = await readSheet(input, IMPORT_MAX_ROWS);
  const byHeader = new Map<string, DataTableField>();
  for (const f of def.fields) {
    byHeader.set(f.label, f);
    byHeader.set(f.name, f);
  }
  const used = sheet.headers.filter((h) => byHeader.has(h));
  if (!used.length)
    throw new AppError(
      Codes.importError,
      400,
      `表头与数据表字段不符，请使用导出的表格作为模板（字段：${def.fields.map((f) => f.label).join('、')}）`,
    );
  if (!sheet.rows.length) throw new AppError(Codes.importError, 400, '表格中没有数据行');
  const errors: ImportResult['errors'] = [];
  const good: Record<string, unknown>[] = [];
  for (const { rowNumber, cells } of sheet.rows) {
    const values: Record<string, unknown> = {};
    for (const h of used) if (h in cells) values[byHeader.get(h)!.name] = cells[h];
    try {
      // One row at a time through the same checks writeRows makes (types, required, key), without writing.
      rows.checkRow(def, values);
      good.push(values);
    } catch (e) {
      if (!(e instanceof DataTableRowError)) throw e;
      const f = def.fields.find((x) => x.name === e.field);
      errors.push({ row: rowNumber, field: f?.label ?? e.field, message: e.reason });
    }
  }
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  if (good.length)
    await app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < good.length; i += IMPORT_BATCH) {
        const c = await rows.writeRows(trx, def, good.slice(i, i + IMPORT_BATCH), {
          actorId: auth.userId,
          source: 'import',
        });
        counts.inserted += c.inserted;
        counts.updated += c.updated;
        counts.unchanged += c.unchanged;
      }
    });
  return { ...counts, errors };
}

// --- export -------------------------------------------------------------------------------------

/** Rows for an export, keyset by _id, with the caller's row scope and filters. */
export function exportRows(app: FastifyInstance, access: TableAccess, filters: string | undefined) {
  const def: DataTableDef = repo.toDef(access.meta);
  const where = rowConditions(access, filters);
  return (after: number, limit: number) =>
    rows
      .selectRows(app.db, def, { where: [...where, sql`"_id" > ${after}`], fields: access.fields, limit, offset: 0 })
      .then((list) => list.map((r) => ({ ...r, id: Number(r._id) })));
}
