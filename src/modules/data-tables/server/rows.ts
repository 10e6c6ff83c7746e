import { sql, type RawBuilder } from 'kysely';
import { conflict } from '@/server/errors';
import type { ChangeSource, DataTableDef, DataTableField } from '../contract';
import { physicalName, qi, rawOf } from './ddl';
import * as repo from './repository';
import { DataTableRowError } from './row-error';
import { applySyncHolds } from './sync-holds';
import { normalise, sameStored, toJson } from './values';

/**
 * Rows of the physical tables dt_<code>: validated against the field definitions, written in the
 * caller's transaction, each change recorded (unless a sync keeps its own counts). SQL is plain
 * and dialect-neutral; identifiers come from checked field names only.
 */

type Stored = Record<string, string | number | null>;
type Q = repo.Conn;

export interface WriteOptions {
  key?: string[];
  actorId: number | null;
  source: ChangeSource;
  syncRun?: number;
  log?: boolean;
  /** Why the rows change, kept on their change records (e.g. "数据纠错 #12：…"). */
  reason?: string;
}

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Values of one incoming row, normalised; throws DataTableRowError for the first bad one. */
function normaliseRow(
  def: DataTableDef,
  byName: Map<string, DataTableField>,
  row: Record<string, unknown>,
  i: number,
): Stored {
  if (!row || typeof row !== 'object' || Array.isArray(row)) throw new DataTableRowError(i, '', '不是一行数据');
  const out: Stored = {};
  for (const [k, v] of Object.entries(row)) {
    const f = byName.get(k);
    if (!f) {
      if (k.startsWith('_')) continue; // system columns a caller read back (e.g. _id) are not written
      throw new DataTableRowError(i, k, `不是数据表「${def.name}」的字段`);
    }
    const n = normalise(f.type, v);
    if (!n.ok) throw new DataTableRowError(i, f.name, n.message, f.label);
    out[k] = n.value;
  }
  return out;
}

function requireFields(def: DataTableDef, values: Stored, i: number, onlyGiven: boolean): void {
  for (const f of def.fields)
    if (f.required && (onlyGiven ? f.name in values && values[f.name] === null : values[f.name] == null))
      throw new DataTableRowError(i, f.name, '不能为空', f.label);
}

const keyOf = (values: Stored, key: string[]) =>
  JSON.stringify(
    key.map((k) =>
      values[k] === null || values[k] === undefined
        ? null
        : typeof values[k] === 'number'
          ? values[k]
          : String(values[k]),
    ),
  );

const fieldsJson = (def: DataTableDef, stored: Record<string, unknown>) =>
  Object.fromEntries(def.fields.map((f) => [f.name, toJson(f.type, stored[f.name])]));

/** Existing rows whose key is among `keys`, keyed like keyOf. */
async function findByKeys(
  q: Q,
  def: DataTableDef,
  key: string[],
  rows: Stored[],
): Promise<Map<string, Record<string, unknown>>> {
  const db = rawOf(q);
  const out = new Map<string, Record<string, unknown>>();
  const cols = ['_id', '_version', '_sync_run', ...def.fields.map((f) => f.name)];
  const t = physicalName(def.code);
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    let query = db.selectFrom(t).select(cols);
    if (key.length === 1) {
      query = query.where(
        key[0]!,
        'in',
        chunk.map((r) => r[key[0]!]),
      );
    } else {
      query = query.where((eb) => eb.or(chunk.map((r) => eb.and(key.map((k) => eb(k, '=', r[k]))))));
    }
    for (const r of await query.execute()) out.set(keyOf(r as Stored, key), r);
  }
  return out;
}

/**
 * The writeRows command's body: upsert by key (insert when the key is empty). Every row is checked
 * before anything is written, so a bad row leaves the table as it was.
 */
export async function writeRows(
  q: Q,
  def: DataTableDef,
  rows: Record<string, unknown>[],
  opts: WriteOptions,
): Promise<WriteCounts> {
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const key = opts.key ?? def.uniqueKey;
  for (const k of key) if (!byName.has(k)) throw new DataTableRowError(0, k, '不是数据表的字段（更新依据）');
  const incoming = rows.map((r, i) => normaliseRow(def, byName, r, i));
  const counts: WriteCounts = { inserted: 0, updated: 0, unchanged: 0 };
  const now = Date.now();
  const inserts: { values: Stored; index: number }[] = [];
  const updates: { id: number; version: number; before: Record<string, unknown>; set: Stored }[] = [];
  const touched: number[] = [];

  if (!key.length) {
    incoming.forEach((v, i) => {
      requireFields(def, v, i, false);
      inserts.push({ values: v, index: i });
    });
  } else {
    incoming.forEach((v, i) => {
      for (const k of key)
        if (v[k] === null || v[k] === undefined)
          throw new DataTableRowError(i, k, '是更新依据，不能为空', byName.get(k)!.label);
    });
    // A key seen twice in one call: the later row wins, as if the rows were written one by one.
    const last = new Map<string, number>();
    incoming.forEach((v, i) => last.set(keyOf(v, key), i));
    const existing = await findByKeys(
      q,
      def,
      key,
      [...last.values()].map((i) => incoming[i]!),
    );
    for (const [k, i] of last) {
      const v = incoming[i]!;
      const old = existing.get(k);
      if (!old) {
        requireFields(def, v, i, false);
        inserts.push({ values: v, index: i });
        continue;
      }
      requireFields(def, v, i, true);
      const set: Stored = {};
      for (const [name, value] of Object.entries(v)) if (!sameStored(old[name], value)) set[name] = value;
      if (Object.keys(set).length)
        updates.push({ id: Number(old._id), version: Number(old._version), before: old, set });
      else {
        counts.unchanged++;
        if (opts.syncRun !== undefined && Number(old._sync_run) !== opts.syncRun) touched.push(Number(old._id));
      }
    }
    counts.unchanged += incoming.length - last.size;
  }

  // A value an owner approved (一表通) is not silently undone by a sync: hooks take held fields out.
  if (opts.source === 'sync' && updates.length) {
    await applySyncHolds(q, def, updates, now);
    for (let i = updates.length - 1; i >= 0; i--) {
      if (Object.keys(updates[i]!.set).length) continue;
      counts.unchanged++;
      if (opts.syncRun !== undefined) touched.push(updates[i]!.id);
      updates.splice(i, 1);
    }
  }

  const db = rawOf(q);
  const t = physicalName(def.code);
  const system = {
    _created_at: now,
    _updated_at: now,
    _updated_by: opts.actorId,
    _sync_run: opts.syncRun ?? null,
    _version: 1,
  };
  const log = opts.log !== false;
  const changes: repo.ChangeWrite[] = [];
  const name = log ? await repo.actorName(q, opts.actorId) : '';

  // Parameters per statement stay far under SQLite's 32,766 and PostgreSQL's 65,535.
  const perInsert = Math.max(1, Math.floor(8000 / (def.fields.length + 5)));
  for (let i = 0; i < inserts.length; i += perInsert) {
    const chunk = inserts.slice(i, i + perInsert);
    const values = chunk.map(({ values: v }) => ({
      ...Object.fromEntries(def.fields.map((f) => [f.name, v[f.name] ?? null])),
      ...system,
    }));
    const ids = await db.insertInto(t).values(values).returning('_id').execute();
    counts.inserted += chunk.length;
    if (log)
      ids.forEach((r, j) =>
        changes.push({
          tableId: def.id,
          rowId: Number(r._id),
          action: 'insert',
          source: opts.source,
          before: null,
          after: fieldsJson(def, values[j]!),
          actorId: opts.actorId,
          actorName: name,
          createdAt: now,
          reason: opts.reason ?? '',
        }),
      );
  }

  for (const u of updates) {
    await db
      .updateTable(t)
      .set({
        ...u.set,
        _version: sql`"_version" + 1`,
        _updated_at: now,
        _updated_by: opts.actorId,
        ...(opts.syncRun !== undefined ? { _sync_run: opts.syncRun } : {}),
      })
      .where('_id', '=', u.id)
      .execute();
    counts.updated++;
    if (log)
      changes.push({
        tableId: def.id,
        rowId: u.id,
        action: 'update',
        source: opts.source,
        before: fieldsJson(def, u.before),
        after: fieldsJson(def, { ...u.before, ...u.set }),
        actorId: opts.actorId,
        actorName: name,
        createdAt: now,
        reason: opts.reason ?? '',
      });
  }

  for (let i = 0; i < touched.length; i += 500)
    await db
      .updateTable(t)
      .set({ _sync_run: opts.syncRun! })
      .where('_id', 'in', touched.slice(i, i + 500))
      .execute();

  if (changes.length) await repo.insertChanges(q, changes);
  if (counts.inserted || counts.updated) await repo.touchRows(q, def.id, now, counts.inserted);
  return counts;
}

export async function deleteRowsNotInRun(q: Q, def: DataTableDef, syncRun: number): Promise<number> {
  const t = qi(physicalName(def.code));
  const r = await sql`delete from ${sql.raw(t)} where "_sync_run" is null or "_sync_run" <> ${syncRun}`.execute(
    rawOf(q),
  );
  const n = Number(r.numAffectedRows ?? 0);
  if (n) await repo.touchRows(q, def.id, Date.now(), -n);
  return n;
}

/** One row with its system columns, as JSON answers give it. */
export const rowJson = (def: DataTableDef, r: Record<string, unknown>, fields = def.fields) => ({
  _id: Number(r._id),
  _version: Number(r._version),
  _updated_at: r._updated_at === undefined ? undefined : Number(r._updated_at),
  ...Object.fromEntries(fields.map((f) => [f.name, toJson(f.type, r[f.name])])),
});

export interface RowQuery {
  /** Extra conditions (ANDed). */
  where: RawBuilder<unknown>[];
  fields: DataTableField[];
  orderBy?: { field: string; desc: boolean };
  limit: number;
  offset: number;
}

const whereSql = (where: RawBuilder<unknown>[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);

export async function selectRows(q: Q, def: DataTableDef, rq: RowQuery): Promise<Record<string, unknown>[]> {
  const t = sql.raw(qi(physicalName(def.code)));
  const cols = sql.raw(['_id', '_version', '_updated_at', ...rq.fields.map((f) => f.name)].map(qi).join(', '));
  const order = rq.orderBy
    ? sql.raw(`${qi(rq.orderBy.field)} ${rq.orderBy.desc ? 'desc' : 'asc'}, "_id" ${rq.orderBy.desc ? 'desc' : 'asc'}`)
    : sql.raw('"_id" asc');
  const r = await sql<
    Record<string, unknown>
  >`select ${cols} from ${t} ${whereSql(rq.where)} order by ${order} limit ${rq.limit} offset ${rq.offset}`.execute(
    rawOf(q),
  );
  return r.rows.map((x) => rowJson(def, x, rq.fields));
}

/**
 * Counts up to `limit` + 1 matching rows: the count costs the same on a thousand rows and on a
 * million (a page of a big table must not be dominated by counting it). Beyond the limit the
 * caller shows an estimate.
 */
export async function countRowsBounded(
  q: Q,
  def: DataTableDef,
  where: RawBuilder<unknown>[],
  limit: number,
): Promise<number> {
  const t = sql.raw(qi(physicalName(def.code)));
  const r = await sql<{
    n: number;
  }>`select count(*) as n from (select 1 as x from ${t} ${whereSql(where)} limit ${limit + 1}) c`.execute(rawOf(q));
  return Number(r.rows[0]?.n ?? 0);
}

export async function findRow(q: Q, def: DataTableDef, rowId: number): Promise<Record<string, unknown> | undefined> {
  const cols = [
    '_id',
    '_version',
    '_created_at',
    '_updated_at',
    '_updated_by',
    '_sync_run',
    ...def.fields.map((f) => f.name),
  ];
  return (await rawOf(q)
    .selectFrom(physicalName(def.code))
    .select(cols)
    .where('_id', '=', rowId)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
}

/** Whole-table read for other modules, paginated in SQL, with equality conditions on fields. */
export async function listRowsWhere(
  q: Q,
  def: DataTableDef,
  opts: { page: number; pageSize: number; where?: Record<string, unknown> },
) {
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const where: RawBuilder<unknown>[] = [];
  for (const [k, v] of Object.entries(opts.where ?? {})) {
    const f = byName.get(k);
    if (!f) throw new DataTableRowError(0, k, '不是数据表的字段（查询条件）');
    const n = normalise(f.type, v);
    if (!n.ok) throw new DataTableRowError(0, k, n.message, f.label);
    where.push(n.value === null ? sql`${sql.raw(qi(k))} is null` : sql`${sql.raw(qi(k))} = ${n.value}`);
  }
  const t = sql.raw(qi(physicalName(def.code)));
  const [list, total] = await Promise.all([
    selectRows(q, def, { where, fields: def.fields, limit: opts.pageSize, offset: (opts.page - 1) * opts.pageSize }),
    sql<{ n: number }>`select count(*) as n from ${t} ${whereSql(where)}`.execute(rawOf(q)),
  ]);
  return { list, total: Number(total.rows[0]?.n ?? 0) };
}

/**
 * One row written by a person (dataTableEdit, restore): checked against `version` (a stale edit is
 * refused with 409 and nothing written), recorded in the change log.
 */
export async function saveRowChecked(
  q: Q,
  def: DataTableDef,
  input: { rowId?: number; version?: number; values: Record<string, unknown> },
  actor: { id: number | null; name: string },
  action: 'edit' | 'restore' = 'edit',
): Promise<Record<string, unknown>> {
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const values = normaliseRow(def, byName, input.values, 0);
  const db = rawOf(q);
  const t = physicalName(def.code);
  const now = Date.now();
  if (input.rowId === undefined) {
    requireFields(def, values, 0, false);
    await checkUnique(q, def, values, null);
    const row = {
      ...Object.fromEntries(def.fields.map((f) => [f.name, values[f.name] ?? null])),
      _created_at: now,
      _updated_at: now,
      _updated_by: actor.id,
      _sync_run: null,
      _version: 1,
    };
    const r = await db.insertInto(t).values(row).returning('_id').executeTakeFirstOrThrow();
    const id = Number(r._id);
    await repo.insertChanges(q, [
      {
        tableId: def.id,
        rowId: id,
        action: action === 'restore' ? 'restore' : 'insert',
        source: 'edit',
        before: null,
        after: fieldsJson(def, row),
        actorId: actor.id,
        actorName: actor.name,
        createdAt: now,
      },
    ]);
    await repo.touchRows(q, def.id, now, 1);
    return rowJson(def, (await findRow(q, def, id))!);
  }
  const old = await findRow(q, def, input.rowId);
  if (!old) throw conflict('该行已被删除，请刷新后重试');
  if (input.version !== undefined && Number(old._version) !== input.version)
    throw conflict('该行已被他人修改，请刷新后重新编辑（您的修改未保存）');
  requireFields(def, values, 0, true);
  await checkUnique(q, def, { ...old, ...values } as Stored, input.rowId);
  const set: Stored = {};
  for (const [k, v] of Object.entries(values)) if (!sameStored(old[k], v)) set[k] = v;
  if (!Object.keys(set).length) return rowJson(def, old);
  const r = await db
    .updateTable(t)
    .set({ ...set, _version: sql`"_version" + 1`, _updated_at: now, _updated_by: actor.id })
    .where('_id', '=', input.rowId)
    .where('_version', '=', Number(old._version))
    .executeTakeFirst();
  // Someone wrote between our read and this update: refuse rather than overwrite.
  if (Number(r.numUpdatedRows) !== 1) throw conflict('该行已被他人修改，请刷新后重新编辑（您的修改未保存）');
  await repo.insertChanges(q, [
    {
      tableId: def.id,
      rowId: input.rowId,
      action: action === 'restore' ? 'restore' : 'update',
      source: 'edit',
      before: fieldsJson(def, old),
      after: fieldsJson(def, { ...old, ...set }),
      actorId: actor.id,
      actorName: actor.name,
      createdAt: now,
    },
  ]);
  await repo.touchRows(q, def.id, now, 0);
  return rowJson(def, (await findRow(q, def, input.rowId))!);
}

/** The unique key would be broken: a clear 409 instead of the database's error. */
async function checkUnique(q: Q, def: DataTableDef, values: Stored, exceptId: number | null): Promise<void> {
  if (!def.uniqueKey.length || def.uniqueKey.some((k) => values[k] === null || values[k] === undefined)) return;
  let query = rawOf(q).selectFrom(physicalName(def.code)).select('_id');
  for (const k of def.uniqueKey) query = query.where(k, '=', values[k]);
  if (exceptId !== null) query = query.where('_id', '<>', exceptId);
  if (await query.executeTakeFirst()) {
    const labels = def.uniqueKey.map((k) => def.fields.find((f) => f.name === k)?.label ?? k).join('、');
    throw conflict(`已存在相同「${labels}」的行`);
  }
}

export async function deleteRowChecked(
  q: Q,
  def: DataTableDef,
  rowId: number,
  version: number,
  actor: { id: number | null; name: string },
): Promise<void> {
  const old = await findRow(q, def, rowId);
  if (!old) throw conflict('该行已被删除，请刷新');
  if (Number(old._version) !== version) throw conflict('该行已被他人修改，请刷新后再删除');
  const r = await rawOf(q)
    .deleteFrom(physicalName(def.code))
    .where('_id', '=', rowId)
    .where('_version', '=', version)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw conflict('该行已被他人修改，请刷新后再删除');
  const now = Date.now();
  await repo.insertChanges(q, [
    {
      tableId: def.id,
      rowId,
      action: 'delete',
      source: 'edit',
      before: fieldsJson(def, old),
      after: null,
      actorId: actor.id,
      actorName: actor.name,
      createdAt: now,
    },
  ]);
  await repo.touchRows(q, def.id, now, -1);
}

/** The checks writeRows makes on one row (types, required fields, key), without writing: the import reports each bad row. */
export function checkRow(def: DataTableDef, values: Record<string, unknown>): void {
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const v = normaliseRow(def, byName, values, 0);
  requireFields(def, v, 0, false);
  for (const k of def.uniqueKey)
    if (v[k] === null || v[k] === undefined)
      throw new DataTableRowError(0, k, '是唯一键，不能为空', byName.get(k)!.label);
}
