import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '@/server/errors';
import { isPostgres } from '@/server/db/migrations/helpers';
import { Codes } from '@/shared/errors';
import {
  getDataTable,
  type DataTableDef,
  type DataTableField,
} from '@/modules/data-tables/server/commands/get-data-table';
import {
  REPORT_LIMITS,
  type GroupGrain,
  type ParamValue,
  type ReportAggregation,
  type ReportDesign,
  type ReportParam,
} from '../contract';
import type { Conn } from './repository';

/**
 * The SQL of a report over its data table `dt_<code>` (our own small builder: bi's aggregate layer
 * answers one metric, not nested groups with subtotals, and its helpers are not a public face).
 * Identifiers come only from the table's own design (checked by name, then quoted with `sql.id`);
 * every value — parameters, page keys — is a bound parameter. The same statements run on SQLite and
 * PostgreSQL.
 */

const DAY = 86_400_000;
/** China time: date groups and date parameters are Beijing days, like the rest of the platform. */
const CN = 8 * 3_600_000;
const NUMERIC = new Set(['integer', 'decimal']);
const TEMPORAL = new Set(['date', 'datetime']);

type Fail = (typeof Codes)[keyof typeof Codes];
const fail = (code: Fail, message: string) => new AppError(code, 400, message);

export interface KeyLevel {
  field: DataTableField;
  grain: GroupGrain | null;
  label: string;
  /** A declared group (with header and subtotal rows), not a plain column. */
  group: boolean;
}
export interface Measure {
  aggregation: ReportAggregation;
  field: DataTableField | null;
  label: string;
  decimals: number;
  thousands: boolean;
}
export interface ResolvedParam {
  param: ReportParam;
  field: DataTableField;
}
export interface ResolvedDesign {
  design: ReportDesign;
  def: DataTableDef;
  keys: KeyLevel[];
  measures: Measure[];
  params: ResolvedParam[];
  /** Index into measures, or -1 (by the keys). */
  sortMeasure: number;
  desc: boolean;
}

function fieldOf(def: DataTableDef, name: string, role: string): DataTableField {
  const f = def.fields.find((x) => x.name === name);
  if (!f) throw fail(Codes.biReportUnknownField, `${role}「${name}」不是数据表「${def.name}」的字段`);
  return f;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
function validDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
const dayStartMs = (date: string) => Date.parse(`${date}T00:00:00Z`) - CN;

/** One parameter value as the column stores it, or undefined when the field's type cannot hold it. */
function normalise(type: string, v: string): string | number | undefined {
  const t = v.trim();
  switch (type) {
    case 'string':
    case 'text':
      return v;
    case 'integer':
      return /^-?\d{1,15}$/.test(t) ? Number(t) : undefined;
    case 'decimal':
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(t) ? Number(t) : undefined;
    case 'boolean':
      if (['true', '1', '是'].includes(t)) return 1;
      if (['false', '0', '否'].includes(t)) return 0;
      return undefined;
    case 'date':
      return validDate(t) ? t : undefined;
    case 'datetime':
      // A datetime parameter is given as a China-time day (the form's date pickers).
      return validDate(t) ? dayStartMs(t) : undefined;
    default:
      return undefined;
  }
}

const TYPE_WORDS: Record<string, string> = {
  integer: '整数',
  decimal: '数字',
  boolean: '是/否',
  date: '日期（YYYY-MM-DD）',
  datetime: '日期（YYYY-MM-DD）',
};

/** The values a parameter's op takes: a list for `in`, two ends for `range`, one value otherwise. */
function shapeOf(op: ReportParam['op'], v: ParamValue): string[] | undefined {
  if (op === 'in') return Array.isArray(v) ? v : v === '' ? [] : [v];
  if (op === 'range') return Array.isArray(v) ? (v.length <= 2 ? v : undefined) : v === '' ? [] : undefined;
  return Array.isArray(v) ? undefined : [v];
}

/** A parameter's value checked against its field: [] when not applied; a coded refusal otherwise. */
function checkValue(p: ReportParam, field: DataTableField, v: ParamValue, code: Fail): (string | number | null)[] {
  const bad = (why: string) => fail(code, `参数「${p.label}」${why}`);
  const parts = shapeOf(p.op, v);
  if (!parts) throw bad(p.op === 'range' ? '应给出开始和结束两个值' : '只能有一个值');
  if (p.op === 'range') {
    const ends = [parts[0] ?? '', parts[1] ?? ''];
    if (ends.every((x) => x.trim() === '')) return [];
    const out = ends.map((x) => {
      if (x.trim() === '') return null;
      const n = normalise(field.type, x);
      if (n === undefined) throw bad(`的值「${x}」不是有效的${TYPE_WORDS[field.type] ?? '值'}`);
      return n;
    });
    if (out[0] !== null && out[1] !== null && out[0]! > out[1]!) throw bad('的开始晚于结束');
    return out;
  }
  const given = parts.filter((x) => x !== '');
  if (p.op === 'contains') return given.length ? [given[0]!] : [];
  if (given.length > REPORT_LIMITS.inValues) throw bad(`最多选择 ${REPORT_LIMITS.inValues} 个值`);
  return given.map((x) => {
    const n = normalise(field.type, x);
    if (n === undefined) throw bad(`的值「${x}」不是有效的${TYPE_WORDS[field.type] ?? '值'}`);
    return n;
  });
}

/** Checks a design against its data table: every coded refusal of a report's shape. */
export async function resolveDesign(app: FastifyInstance, q: Conn, d: ReportDesign): Promise<ResolvedDesign> {
  const def = await getDataTable(app, q, d.table);
  if (!def) throw fail(Codes.biReportUnknownTable, `数据表「${d.table}」不存在`);
  const badDesign = (m: string) => fail(Codes.biReportBadDesign, m);

  const keys: KeyLevel[] = [];
  const seen = new Set<string>();
  for (const g of d.groups) {
    const field = fieldOf(def, g.field, '分组字段');
    if (g.grain && !TEMPORAL.has(field.type))
      throw badDesign(`分组「${g.label}」：只有日期或日期时间字段可以按日、月、年分组`);
    const k = `${g.field}:${g.grain ?? ''}`;
    if (seen.has(k)) throw badDesign(`分组「${g.label}」重复`);
    seen.add(k);
    keys.push({ field, grain: g.grain, label: g.label, group: true });
  }
  const measures: Measure[] = [];
  const measureIndex = new Map<number, number>();
  d.columns.forEach((c, i) => {
    if (c.aggregation === null) {
      if (!c.field) throw badDesign(`列「${c.label}」：请选择字段`);
      const field = fieldOf(def, c.field, '列字段');
      const k = `${c.field}:`;
      if (seen.has(k)) throw badDesign(`列「${c.label}」的字段已是分组或其他列`);
      seen.add(k);
      keys.push({ field, grain: null, label: c.label, group: false });
      return;
    }
    const field = c.field ? fieldOf(def, c.field, '汇总字段') : null;
    if (c.aggregation !== 'count' && !field)
      throw badDesign(`列「${c.label}」：去重计数、求和、平均、最值需要选择字段`);
    if (['sum', 'avg', 'min', 'max'].includes(c.aggregation) && !NUMERIC.has(field!.type))
      throw badDesign(`列「${c.label}」：字段「${field!.label}」不是数值字段，不能求和、平均或取最值`);
    measureIndex.set(i, measures.length);
    measures.push({ aggregation: c.aggregation, field, label: c.label, decimals: c.decimals, thousands: c.thousands });
  });
  if (!measures.length) throw badDesign('报表至少需要一个汇总列（计数、求和等）');

  const names = new Set<string>();
  const params = d.params.map((p) => {
    if (names.has(p.name)) throw badDesign(`参数名「${p.name}」重复`);
    names.add(p.name);
    const field = fieldOf(def, p.field, '参数字段');
    if (p.op === 'range' && !TEMPORAL.has(field.type) && !NUMERIC.has(field.type))
      throw badDesign(`参数「${p.label}」：范围只适用于日期、日期时间或数值字段`);
    if (p.op === 'contains' && field.type !== 'string' && field.type !== 'text')
      throw badDesign(`参数「${p.label}」：“包含”只适用于文本字段`);
    // The default must be a value the viewer could have given.
    checkValue(p, field, p.defaultValue, Codes.biReportBadDesign);
    return { param: p, field };
  });

  let sortMeasure = -1;
  if (d.sort.column >= 0) {
    const m = measureIndex.get(d.sort.column);
    if (m === undefined) throw badDesign('排序列必须是一个汇总列');
    sortMeasure = m;
  }
  return { design: d, def, keys, measures, params, sortMeasure, desc: d.sort.desc };
}

/** The viewer's values (defaults for those not given) checked: bound conditions and how they read. */
export function paramConditions(
  r: ResolvedDesign,
  given: Record<string, ParamValue>,
): { where: RawBuilder<unknown>[]; used: { label: string; text: string }[] } {
  for (const k of Object.keys(given))
    if (!r.params.some((p) => p.param.name === k)) throw fail(Codes.biReportBadParam, `报表没有名为「${k}」的参数`);
  const where: RawBuilder<unknown>[] = [];
  const used: { label: string; text: string }[] = [];
  for (const { param: p, field } of r.params) {
    const raw = Object.prototype.hasOwnProperty.call(given, p.name) ? given[p.name]! : p.defaultValue;
    const vals = checkValue(p, field, raw, Codes.biReportBadParam);
    if (!vals.length) {
      if (p.required) throw fail(Codes.biReportBadParam, `请填写参数「${p.label}」`);
      used.push({ label: p.label, text: '全部' });
      continue;
    }
    const c = sql.id(field.name);
    const shown = (Array.isArray(raw) ? raw : [raw]).filter((x) => x !== '');
    switch (p.op) {
      case 'eq':
        where.push(sql`${c} = ${vals[0]}`);
        used.push({ label: p.label, text: shown[0]! });
        break;
      case 'in':
        where.push(sql`${c} in (${sql.join(vals.map((v) => sql`${v}`))})`);
        used.push({ label: p.label, text: shown.join('、') });
        break;
      case 'contains': {
        // LIKE with the pattern's own wildcards escaped: the value is text to find, never a pattern.
        const pattern = `%${String(vals[0]).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
        where.push(sql`${c} like ${pattern} escape '\\'`);
        used.push({ label: p.label, text: `包含“${shown[0]}”` });
        break;
      }
      case 'range': {
        const [from, to] = vals;
        if (from !== null && from !== undefined) where.push(sql`${c} >= ${from}`);
        if (to !== null && to !== undefined)
          where.push(field.type === 'datetime' ? sql`${c} < ${Number(to) + DAY}` : sql`${c} <= ${to}`);
        const ends = Array.isArray(raw) ? raw : [];
        used.push({ label: p.label, text: `${ends[0] || '不限'} 至 ${ends[1] || '不限'}` });
        break;
      }
    }
  }
  return { where, used };
}

// --- SQL pieces ---

function dayText(pg: boolean, f: DataTableField): RawBuilder<unknown> {
  const c = sql.id(f.name);
  if (f.type === 'date') return sql`${c}`;
  return pg
    ? sql`to_char(to_timestamp((${c} + ${sql.lit(CN)}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`
    : sql`date((${c} + ${sql.lit(CN)}) / 1000, 'unixepoch')`;
}

/** A key's expression: the field, or its date bucket as text (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`). */
export function keyExpr(pg: boolean, k: KeyLevel): RawBuilder<unknown> {
  if (!k.grain) return sql`${sql.id(k.field.name)}`;
  const d = dayText(pg, k.field);
  if (k.grain === 'month') return sql`substr(${d}, 1, 7)`;
  if (k.grain === 'year') return sql`substr(${d}, 1, 4)`;
  return d;
}

const isText = (k: KeyLevel) => !!k.grain || ['string', 'text', 'date'].includes(k.field.type);

/** Text keys order by code point on both databases (their default collations order Chinese differently). */
function orderKey(pg: boolean, k: KeyLevel, e: RawBuilder<unknown>): RawBuilder<unknown> {
  return pg && isText(k) ? sql`${e} collate "C"` : e;
}

function measureExpr(m: Measure): RawBuilder<unknown> {
  const c = m.field ? sql.id(m.field.name) : null;
  switch (m.aggregation) {
    case 'count':
      return c ? sql`count(${c})` : sql`count(*)`;
    case 'countDistinct':
      return sql`count(distinct ${c!})`;
    case 'sum':
      return sql`sum(${c!})`;
    case 'avg':
      return sql`avg(${c!})`;
    case 'min':
      return sql`min(${c!})`;
    case 'max':
      return sql`max(${c!})`;
  }
}

const whereOf = (w: RawBuilder<unknown>[]) => (w.length ? sql`where ${sql.join(w, sql` and `)}` : sql``);

export interface AggRow {
  keys: unknown[];
  values: (number | null)[];
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

function toAggRows(rows: Record<string, unknown>[], nKeys: number, nMeasures: number): AggRow[] {
  return rows.map((x) => ({
    keys: Array.from({ length: nKeys }, (_, i) => x[`k${i}`] ?? null),
    values: Array.from({ length: nMeasures }, (_, j) => num(x[`m${j}`])),
  }));
}

/** The report's SQL, bound to one set of parameter conditions. */
export function reportSql(q: Conn, r: ResolvedDesign, where: RawBuilder<unknown>[]) {
  const raw = q.withoutPlugins();
  const pg = isPostgres(raw as never);
  const table = sql.table(`dt_${r.def.code}`);
  const keyExprs = r.keys.map((k) => keyExpr(pg, k));
  const ms = r.measures.map((m, j) => sql`${measureExpr(m)} as ${sql.id(`m${j}`)}`);

  /** Aggregates grouped by the first `n` keys, restricted to extra conditions, ordered, limited. */
  async function grouped(n: number, extra: RawBuilder<unknown>[], limit: number, offset = 0): Promise<AggRow[]> {
    const ks = keyExprs.slice(0, n).map((e, i) => sql`${e} as ${sql.id(`k${i}`)}`);
    const order: RawBuilder<unknown>[] = [];
    if (r.sortMeasure >= 0) {
      const m = measureExpr(r.measures[r.sortMeasure]!);
      order.push(sql`case when ${m} is null then 1 else 0 end`, r.desc ? sql`${m} desc` : sql`${m} asc`);
    }
    keyExprs.slice(0, n).forEach((e, i) => {
      order.push(sql`case when ${e} is null then 1 else 0 end`);
      const o = orderKey(pg, r.keys[i]!, e);
      order.push(r.sortMeasure < 0 && r.desc ? sql`${o} desc` : sql`${o} asc`);
    });
    const groupBy = n ? sql`group by ${sql.join(keyExprs.slice(0, n))}` : sql``;
    const orderBy = order.length ? sql`order by ${sql.join(order)}` : sql``;
    const { rows } = await sql<Record<string, unknown>>`select ${sql.join([...ks, ...ms])} from ${table}
      ${whereOf([...where, ...extra])} ${groupBy} ${orderBy}
      limit ${sql.lit(limit)} offset ${sql.lit(offset)}`.execute(raw);
    return toAggRows(rows, n, r.measures.length);
  }

  /** Groups (distinct key tuples) of the first `n` keys. */
  async function countGroups(n: number): Promise<number> {
    if (n === 0) return 1;
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from (select ${sql.join(
      keyExprs.slice(0, n),
    )} from ${table} ${whereOf(where)} group by ${sql.join(keyExprs.slice(0, n))}) g`.execute(raw);
    return Number(rows[0]?.n ?? 0);
  }

  /** `key0 in (page keys)`, with the empty key too when the page holds it. */
  function topIn(keys: unknown[]): RawBuilder<unknown>[] {
    const present = keys.filter((k) => k !== null);
    const parts: RawBuilder<unknown>[] = [];
    if (present.length) parts.push(sql`${keyExprs[0]!} in (${sql.join(present.map((k) => sql`${k}`))})`);
    if (present.length < keys.length) parts.push(sql`${keyExprs[0]!} is null`);
    return parts.length ? [sql`(${sql.join(parts, sql` or `)})`] : [sql`1 = 0`];
  }

  /** Distinct values of a field (a select parameter's options), code-point order. */
  async function distinctValues(field: DataTableField, limit: number): Promise<unknown[]> {
    const c = sql.id(field.name);
    const o = pg && ['string', 'text', 'date'].includes(field.type) ? sql`${c} collate "C"` : c;
    const { rows } = await sql<{ v: unknown }>`select ${c} as v from ${table} where ${c} is not null
      group by ${c} order by ${o} limit ${sql.lit(limit)}`.execute(raw);
    return rows.map((x) => x.v);
  }

  return { grouped, countGroups, topIn, distinctValues };
}
