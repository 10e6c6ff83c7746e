import { sql, type Kysely } from 'kysely';
import { isPostgres } from '@/server/db/migrations/helpers';
import { badInput } from '@/server/errors';
import type { DataFieldType, DataTableDef, DataTableField, DdlChange, DdlPlan } from '../contract';
import type { Conn } from './repository';
import { FIELD_TYPE_LABELS } from '../contract';
import { normalise, toJson } from './values';

/**
 * The dynamic DDL engine: the platform writes its own migrations for the physical tables
 * `dt_<code>`, the same steps on SQLite and PostgreSQL (ADD/DROP/RENAME COLUMN and indexes, which
 * both accept; a type change is a new column filled in batches, so SQLite needs no table rebuild).
 * Every step runs in the caller's transaction and is recorded in data_table_ddl.
 */

type Raw = Kysely<Record<string, Record<string, unknown>>>;
/** Plugin-free: dynamic tables are named exactly as the database spells them (no camelCase mapping). */
export const rawOf = (q: Conn): Raw => (q as unknown as Raw).withoutPlugins();
export const onPostgres = (q: Conn) => isPostgres(q as unknown as Kysely<unknown>);

export const physicalName = (code: string) => `dt_${code}`;

/** System columns of every data table, in order. */
export const SYSTEM_COLUMNS = ['_id', '_version', '_created_at', '_updated_at', '_updated_by', '_sync_run'] as const;

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;
/** A quoted identifier; names are checked by pattern first, so nothing else reaches SQL text. */
export function qi(name: string): string {
  if (!IDENT.test(name)) throw new Error(`bad identifier ${name}`);
  return `"${name}"`;
}

export function columnType(pg: boolean, type: DataFieldType): string {
  switch (type) {
    case 'string':
    case 'text':
    case 'date':
      return 'text';
    case 'integer':
    case 'datetime':
    case 'boolean':
      return 'bigint';
    case 'decimal':
      return pg ? 'double precision' : 'real';
  }
}

// Index names go by table id: `dt_<code>_<field>` could pass PostgreSQL's 63 characters.
const fieldIndex = (tableId: number, field: string) => `dti_${tableId}_${field}`;
const uniqueIndex = (tableId: number) => `dtu_${tableId}`;
const tmpColumn = (field: string) => `_tmp_${field}`;

export type DdlStep =
  | { step: string; sql: string }
  | { step: string; convert: { field: string; from: DataFieldType; to: DataFieldType } };

export function createSteps(pg: boolean, def: Pick<DataTableDef, 'id' | 'code' | 'fields' | 'uniqueKey'>): DdlStep[] {
  const t = qi(physicalName(def.code));
  const id = pg ? '"_id" serial primary key' : '"_id" integer primary key autoincrement';
  const cols = [
    id,
    '"_version" integer not null default 1',
    '"_created_at" bigint not null',
    '"_updated_at" bigint not null',
    '"_updated_by" integer',
    '"_sync_run" integer',
    ...def.fields.map((f) => `${qi(f.name)} ${columnType(pg, f.type)}`),
  ];
  const steps: DdlStep[] = [
    { step: `创建数据表 ${physicalName(def.code)}`, sql: `create table ${t} (${cols.join(', ')})` },
  ];
  for (const f of def.fields.filter((x) => x.indexed))
    steps.push({
      step: `为字段 ${f.name} 建索引`,
      sql: `create index ${qi(fieldIndex(def.id, f.name))} on ${t} (${qi(f.name)})`,
    });
  if (def.uniqueKey.length)
    steps.push({
      step: `建唯一键 (${def.uniqueKey.join(', ')})`,
      sql: `create unique index ${qi(uniqueIndex(def.id))} on ${t} (${def.uniqueKey.map(qi).join(', ')})`,
    });
  return steps;
}

export function dropSteps(def: Pick<DataTableDef, 'code'>): DdlStep[] {
  return [{ step: `删除数据表 ${physicalName(def.code)}`, sql: `drop table if exists ${qi(physicalName(def.code))}` }];
}

const sameKey = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The steps that turn `old` into `next` and what they mean for the data: rows a dropped field or a
 * type change would lose are counted; a unique key the data breaks or a required field with empty
 * rows is refused outright (400), since no confirmation can make them hold.
 */
export async function planChanges(
  q: Conn,
  old: DataTableDef,
  next: Pick<DataTableDef, 'fields' | 'uniqueKey' | 'name' | 'description' | 'ownerDepartmentId' | 'scopeField'>,
): Promise<{ plan: DdlPlan; steps: DdlStep[] }> {
  const pg = onPostgres(q);
  const db = rawOf(q);
  const t = qi(physicalName(old.code));
  const before = new Map(old.fields.map((f) => [f.name, f]));
  const after = new Map(next.fields.map((f) => [f.name, f]));
  const dropped = old.fields.filter((f) => !after.has(f.name));
  const added = next.fields.filter((f) => !before.has(f.name));
  const retyped = next.fields.filter((f) => before.has(f.name) && before.get(f.name)!.type !== f.type);
  const retypedNames = new Set(retyped.map((f) => f.name));
  const droppedNames = new Set(dropped.map((f) => f.name));
  const changes: DdlChange[] = [];
  const steps: DdlStep[] = [];

  const keyChanged = !sameKey(old.uniqueKey, next.uniqueKey);
  const keyTouched = keyChanged || old.uniqueKey.some((k) => droppedNames.has(k) || retypedNames.has(k));

  // 1. indexes that stand in the way of dropping or retyping a column, or are no longer wanted
  if (keyTouched && old.uniqueKey.length)
    steps.push({ step: '删除原唯一键', sql: `drop index if exists ${qi(uniqueIndex(old.id))}` });
  for (const f of old.fields) {
    const n = after.get(f.name);
    if (f.indexed && (!n || !n.indexed || retypedNames.has(f.name))) {
      steps.push({ step: `删除字段 ${f.name} 的索引`, sql: `drop index if exists ${qi(fieldIndex(old.id, f.name))}` });
      if (n && !n.indexed)
        changes.push({ kind: 'dropIndex', field: f.name, text: `取消索引：${f.label}`, lostRows: 0 });
    }
  }

  // 2. dropped fields
  for (const f of dropped) {
    const lost = await countNotNull(db, t, f.name);
    changes.push({
      kind: 'dropField',
      field: f.name,
      text: `删除字段：${f.label}（${f.name}）${lost ? `，${lost} 行的值将丢失` : ''}`,
      lostRows: lost,
    });
    steps.push({ step: `删除字段 ${f.name}`, sql: `alter table ${t} drop column ${qi(f.name)}` });
  }

  // 3. added fields
  for (const f of added) {
    changes.push({
      kind: 'addField',
      field: f.name,
      text: `新增字段：${f.label}（${f.name}，${FIELD_TYPE_LABELS[f.type]}）`,
      lostRows: 0,
    });
    steps.push({
      step: `新增字段 ${f.name}`,
      sql: `alter table ${t} add column ${qi(f.name)} ${columnType(pg, f.type)}`,
    });
  }

  // 4. type changes: a new column filled value by value, then swapped in
  for (const f of retyped) {
    const from = before.get(f.name)!.type;
    const lost = await countUnconvertible(db, t, f.name, from, f.type);
    changes.push({
      kind: 'changeType',
      field: f.name,
      text: `修改类型：${f.label} ${FIELD_TYPE_LABELS[from]} → ${FIELD_TYPE_LABELS[f.type]}${lost ? `，${lost} 行的值无法转换将被清空` : ''}`,
      lostRows: lost,
    });
    const tmp = qi(tmpColumn(f.name));
    steps.push({
      step: `新增临时字段 ${tmpColumn(f.name)}`,
      sql: `alter table ${t} add column ${tmp} ${columnType(pg, f.type)}`,
    });
    steps.push({ step: `转换字段 ${f.name} 的值`, convert: { field: f.name, from, to: f.type } });
    steps.push({ step: `删除原字段 ${f.name}`, sql: `alter table ${t} drop column ${qi(f.name)}` });
    steps.push({ step: `临时字段改名为 ${f.name}`, sql: `alter table ${t} rename column ${tmp} to ${qi(f.name)}` });
  }

  // 5. required: checked against the rows now (empty values cannot be confirmed away)
  for (const f of next.fields) {
    const o = before.get(f.name);
    if (f.required && o && !o.required) {
      const empty = await countNull(db, t, f.name);
      if (empty) throw badInput(`字段「${f.label}」有 ${empty} 行为空，补全后才能设为必填`);
      changes.push({ kind: 'requireField', field: f.name, text: `设为必填：${f.label}`, lostRows: 0 });
    }
  }

  // 6. indexes wanted now
  for (const f of next.fields) {
    const o = before.get(f.name);
    if (f.indexed && (!o || !o.indexed || retypedNames.has(f.name))) {
      steps.push({
        step: `为字段 ${f.name} 建索引`,
        sql: `create index ${qi(fieldIndex(old.id, f.name))} on ${t} (${qi(f.name)})`,
      });
      if (o && !o.indexed) changes.push({ kind: 'addIndex', field: f.name, text: `建索引：${f.label}`, lostRows: 0 });
    }
  }

  // 7. the unique key, checked against the rows first
  if (keyTouched && next.uniqueKey.length) {
    if (keyChanged) {
      const dup = await countDuplicateKeys(
        db,
        t,
        next.uniqueKey.filter((k) => before.has(k) && !retypedNames.has(k)),
        next.uniqueKey,
      );
      if (dup) throw badInput(`唯一键（${next.uniqueKey.join('、')}）在现有数据中有 ${dup} 组重复值，无法设为唯一`);
      changes.push({
        kind: 'uniqueKey',
        field: null,
        text: `唯一键改为：${next.uniqueKey.map((k) => after.get(k)?.label ?? k).join('、')}`,
        lostRows: 0,
      });
    }
    steps.push({
      step: `建唯一键 (${next.uniqueKey.join(', ')})`,
      sql: `create unique index ${qi(uniqueIndex(old.id))} on ${t} (${next.uniqueKey.map(qi).join(', ')})`,
    });
  } else if (keyChanged) {
    changes.push({ kind: 'uniqueKey', field: null, text: '取消唯一键', lostRows: 0 });
  }

  // Everything else is a change of the definition only.
  const metaChanged =
    old.name !== next.name ||
    old.description !== next.description ||
    old.ownerDepartmentId !== next.ownerDepartmentId ||
    old.scopeField !== next.scopeField ||
    next.fields.some((f) => {
      const o = before.get(f.name);
      return (
        o &&
        (o.label !== f.label ||
          o.visibility !== f.visibility ||
          o.description !== f.description ||
          o.sort !== f.sort ||
          (o.required && !f.required))
      );
    });
  if (metaChanged) changes.push({ kind: 'meta', field: null, text: '修改名称、说明、负责部门或字段属性', lostRows: 0 });

  return { plan: { changes, losesData: changes.some((c) => c.lostRows > 0) }, steps };
}

async function countNotNull(db: Raw, t: string, col: string): Promise<number> {
  const r = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.raw(t)} where ${sql.raw(qi(col))} is not null`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

async function countNull(db: Raw, t: string, col: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from ${sql.raw(t)} where ${sql.raw(qi(col))} is null`.execute(
    db,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Duplicate groups of the new key. Only columns that exist already can hold duplicates; new ones are all empty (distinct). */
async function countDuplicateKeys(db: Raw, t: string, existing: string[], key: string[]): Promise<number> {
  if (existing.length < key.length) return 0;
  const cols = existing.map(qi).join(', ');
  const notNull = existing.map((c) => `${qi(c)} is not null`).join(' and ');
  const r = await sql<{
    n: number;
  }>`select count(*) as n from (select 1 as x from ${sql.raw(t)} where ${sql.raw(notNull)} group by ${sql.raw(cols)} having count(*) > 1) d`.execute(
    db,
  );
  return Number(r.rows[0]?.n ?? 0);
}

const BATCH = 2000;

/** Rows of a column, keyset by _id, non-empty values only. */
async function* columnValues(db: Raw, t: string, col: string): AsyncGenerator<{ id: number; v: unknown }[]> {
  let after = 0;
  for (;;) {
    const r = await sql<{
      _id: number;
      v: unknown;
    }>`select "_id", ${sql.raw(qi(col))} as v from ${sql.raw(t)} where "_id" > ${after} and ${sql.raw(qi(col))} is not null order by "_id" limit ${BATCH}`.execute(
      db,
    );
    if (!r.rows.length) return;
    yield r.rows.map((x) => ({ id: Number(x._id), v: x.v }));
    after = Number(r.rows[r.rows.length - 1]!._id);
  }
}

async function countUnconvertible(
  db: Raw,
  t: string,
  col: string,
  from: DataFieldType,
  to: DataFieldType,
): Promise<number> {
  let lost = 0;
  for await (const batch of columnValues(db, t, col)) for (const { v } of batch) if (!convert(from, to, v).ok) lost++;
  return lost;
}

function convert(from: DataFieldType, to: DataFieldType, stored: unknown) {
  const json = toJson(from, stored);
  // A datetime read as a date keeps its day; a boolean read as text is 是/否.
  if (from === 'datetime' && to === 'date') return normalise('date', new Date(Number(json)));
  if (from === 'boolean' && (to === 'string' || to === 'text')) return normalise(to, json ? '是' : '否');
  return normalise(to, json);
}

/** Runs the steps in the caller's transaction and records each in the DDL history. */
export async function runSteps(
  q: Conn,
  table: { id: number; code: string },
  steps: DdlStep[],
  actorId: number | null,
): Promise<void> {
  const db = rawOf(q);
  const dialect = onPostgres(q) ? 'postgres' : 'sqlite';
  const t = qi(physicalName(table.code));
  for (const s of steps) {
    let text: string;
    if ('sql' in s) {
      await sql.raw(s.sql).execute(db);
      text = s.sql;
    } else {
      const { field, from, to } = s.convert;
      const tmp = qi(tmpColumn(field));
      for await (const batch of columnValues(db, t, field))
        for (const { id, v } of batch) {
          const c = convert(from, to, v);
          if (c.ok && c.value !== null)
            await sql`update ${sql.raw(t)} set ${sql.raw(tmp)} = ${c.value} where "_id" = ${id}`.execute(db);
        }
      text = `update ${t} set ${tmp} = convert_${from}_to_${to}(${qi(field)}) -- 按批转换，无法转换的值留空`;
    }
    await db
      .insertInto('data_table_ddl')
      .values({
        table_id: table.id,
        table_code: table.code,
        step: s.step,
        sql_text: text,
        dialect,
        actor_id: actorId,
        created_at: Date.now(),
      })
      .execute();
  }
}

/** Field names a definition may use: checked before any DDL (the pattern also keeps SQL text safe). */
export function checkDefinition(def: Pick<DataTableDef, 'code' | 'fields' | 'uniqueKey' | 'scopeField'>): void {
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(def.code))
    throw badInput('表编码应以小写字母开头，只含小写字母、数字和下划线，最长 40 个字符');
  if (!def.fields.length) throw badInput('数据表至少需要一个字段');
  const names = new Set<string>();
  for (const f of def.fields) {
    if (!/^[a-z][a-z0-9_]{0,47}$/.test(f.name))
      throw badInput(`字段名「${f.name}」应以小写字母开头，只含小写字母、数字和下划线`);
    if (names.has(f.name)) throw badInput(`字段名「${f.name}」重复`);
    names.add(f.name);
  }
  for (const k of def.uniqueKey) if (!names.has(k)) throw badInput(`唯一键中的字段「${k}」不存在`);
  if (new Set(def.uniqueKey).size !== def.uniqueKey.length) throw badInput('唯一键中的字段重复');
  if (def.scopeField) {
    const f = def.fields.find((x) => x.name === def.scopeField);
    if (!f) throw badInput(`行范围字段「${def.scopeField}」不存在`);
    if (f.type !== 'integer') throw badInput('行范围字段应为整数类型（存放部门编号）');
  }
}

export type { DataTableField };
