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
  METRIC_LIMITS,
  OTHER_DIMENSION,
  type AggregateResult,
  type FilterOp,
  type Grain,
  type Metric,
  type MetricFilter,
} from '../contract';
import type { Conn } from './repository';

/**
 * The aggregate layer: one metric (data table, measure, aggregation, filters, dimension, time grain,
 * window) as one SQL aggregate over `dt_<code>`, the same statement shape on SQLite and PostgreSQL.
 * Identifiers come only from the data table's own design (checked by name, then quoted); every value
 * is a bound parameter. Indicators evaluate through it; dashboards' charts are meant to as well.
 */

const DAY = 86_400_000;
/** China time: dates and periods are Beijing days, like the rest of the platform. */
const CN = 8 * 3_600_000;
const NUMERIC = new Set(['integer', 'decimal']);
const TEMPORAL = new Set(['date', 'datetime']);
const ORDERED: ReadonlySet<FilterOp> = new Set(['gt', 'gte', 'lt', 'lte']);
const SQL_OP: Partial<Record<FilterOp, string>> = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

const fail = (code: (typeof Codes)[keyof typeof Codes], message: string) => new AppError(code, 400, message);

/** A metric checked against its table: the fields it names, resolved. */
export interface ResolvedMetric {
  def: DataTableDef;
  measure: DataTableField | null;
  dimension: DataTableField | null;
  time: DataTableField | null;
  filters: { field: DataTableField; op: FilterOp; values: (string | number)[] }[];
}

function fieldOf(def: DataTableDef, name: string, role: string): DataTableField {
  const f = def.fields.find((x) => x.name === name);
  if (!f) throw fail(Codes.biUnknownField, `${role}「${name}」不是数据表「${def.name}」的字段`);
  return f;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function validDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Start of a China-time day as ms. */
export const dayStartMs = (date: string) => Date.parse(`${date}T00:00:00Z`) - CN;
/** The China-time date of an instant. */
export const chinaDate = (ms: number) => new Date(ms + CN).toISOString().slice(0, 10);

/** One filter value as the column stores it, or undefined when the field's type cannot hold it. */
function normalise(type: string, v: unknown): string | number | undefined {
  if (Array.isArray(v) || v === null || v === undefined) return undefined;
  switch (type) {
    case 'string':
    case 'text':
      return typeof v === 'boolean' ? undefined : String(v);
    case 'integer': {
      const n = typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v) : v;
      return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
    }
    case 'decimal': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      if (v === true || v === 1 || v === 'true' || v === '1' || v === '是') return 1;
      if (v === false || v === 0 || v === 'false' || v === '0' || v === '否') return 0;
      return undefined;
    case 'date':
      return typeof v === 'string' && validDate(v) ? v : undefined;
    case 'datetime': {
      if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
      if (typeof v !== 'string') return undefined;
      if (validDate(v)) return dayStartMs(v);
      const m = DATETIME_RE.exec(v);
      if (!m || !validDate(m[1]!)) return undefined;
      return dayStartMs(m[1]!) + Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000 + Number(m[4] ?? 0) * 1000;
    }
    default:
      return undefined;
  }
}

function resolveFilter(def: DataTableDef, f: MetricFilter): ResolvedMetric['filters'][number] {
  const field = fieldOf(def, f.field, '筛选字段');
  const bad = (why: string) => fail(Codes.biBadFilter, `筛选条件「${field.label}」${why}`);
  if (f.op === 'isNull' || f.op === 'notNull') return { field, op: f.op, values: [] };
  if (f.op === 'contains') {
    if (field.type !== 'string' && field.type !== 'text') throw bad('：只有文本字段可以用“包含”');
    if (typeof f.value !== 'string' || !f.value) throw bad('：请填写要包含的文字');
    return { field, op: f.op, values: [f.value] };
  }
  if (ORDERED.has(f.op) && field.type === 'boolean') throw bad('：是/否字段只能比较等于或不等于');
  const raw = f.op === 'in' ? f.value : [f.value];
  if (!Array.isArray(raw) || !raw.length) throw bad(f.op === 'in' ? '：请至少给出一个值' : '：请填写值');
  if (f.op !== 'in' && Array.isArray(f.value)) throw bad('：只有“属于”可以给出多个值');
  const values = raw.map((v) => {
    const n = normalise(field.type, v);
    if (n === undefined) throw bad(`：值「${String(v)}」不符合字段类型`);
    return n;
  });
  return { field, op: f.op, values };
}

/** Checks a metric against its data table's design: every coded refusal of the aggregate layer. */
export async function resolveMetric(app: FastifyInstance, q: Conn, m: Metric): Promise<ResolvedMetric> {
  const def = await getDataTable(app, q, m.table);
  if (!def) throw fail(Codes.biUnknownTable, `数据表「${m.table}」不存在`);
  let measure: DataTableField | null = null;
  if (m.measure) measure = fieldOf(def, m.measure, '度量字段');
  if (m.aggregation === 'countDistinct' && !measure) throw fail(Codes.biBadMeasure, '去重计数需要选择一个字段');
  if (['sum', 'avg', 'min', 'max'].includes(m.aggregation)) {
    if (!measure) throw fail(Codes.biBadMeasure, '求和、平均、最小、最大需要选择一个数值字段');
    if (!NUMERIC.has(measure.type))
      throw fail(Codes.biBadMeasure, `字段「${measure.label}」不是数值字段，不能求和、平均或取最值`);
  }
  const dimension = m.dimension ? fieldOf(def, m.dimension, '维度字段') : null;
  const time = m.timeField ? fieldOf(def, m.timeField, '时间字段') : null;
  if (time && !TEMPORAL.has(time.type)) throw fail(Codes.biBadTime, `字段「${time.label}」不是日期或日期时间字段`);
  if ((m.grain || m.window) && !time) throw fail(Codes.biBadTime, '时间粒度或时间范围需要选择时间字段');
  const w = m.window;
  if (w) {
    for (const d of [w.from, w.to])
      if (d !== undefined && !validDate(d)) throw fail(Codes.biBadTime, `日期「${d}」不正确`);
    if (w.from && w.to && w.from > w.to) throw fail(Codes.biBadTime, '时间范围的开始晚于结束');
  }
  return { def, measure, dimension, time, filters: m.filters.map((f) => resolveFilter(def, f)) };
}

// --- periods (JS side: the window of the last N periods) ---

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The first day of the period (of a grain) that holds a date. */
export function periodStart(date: string, grain: Grain | null): string {
  if (grain === 'month') return `${date.slice(0, 7)}-01`;
  if (grain === 'year') return `${date.slice(0, 4)}-01-01`;
  if (grain === 'week') {
    const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
    return addDays(date, -((dow + 6) % 7));
  }
  return date;
}

/** The first day of the period n periods before the one that holds a date. */
export function periodsBack(date: string, grain: Grain | null, n: number): string {
  const start = periodStart(date, grain);
  if (grain === 'week') return addDays(start, -7 * n);
  if (grain === 'month' || grain === 'year') {
    const y = Number(start.slice(0, 4));
    const mo = Number(start.slice(5, 7)) - 1;
    const d = grain === 'year' ? new Date(Date.UTC(y - n, 0, 1)) : new Date(Date.UTC(y, mo - n, 1));
    return d.toISOString().slice(0, 10);
  }
  return addDays(start, -n);
}

/** The period key a date falls in (the same text the SQL bucket makes). */
export function periodKey(date: string, grain: Grain | null): string {
  if (grain === 'month') return date.slice(0, 7);
  if (grain === 'year') return date.slice(0, 4);
  return periodStart(date, grain);
}

// --- SQL ---

const id = (name: string) => sql.id(name);
const lit = (n: number) => sql.lit(n);

/** The time field as China-time `YYYY-MM-DD` text. */
function dayText(pg: boolean, f: DataTableField): RawBuilder<unknown> {
  if (f.type === 'date') return sql`${id(f.name)}`;
  return pg
    ? sql`to_char(to_timestamp((${id(f.name)} + ${lit(CN)}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`
    : sql`date((${id(f.name)} + ${lit(CN)}) / 1000, 'unixepoch')`;
}

function bucket(pg: boolean, grain: Grain, d: RawBuilder<unknown>): RawBuilder<unknown> {
  switch (grain) {
    case 'day':
      return d;
    case 'month':
      return sql`substr(${d}, 1, 7)`;
    case 'year':
      return sql`substr(${d}, 1, 4)`;
    case 'week':
      // The Monday of the week (ISO weeks, as the period keys in JS).
      return pg
        ? sql`to_char(cast(${d} as date) - (cast(extract(isodow from cast(${d} as date)) as integer) - 1), 'YYYY-MM-DD')`
        : sql`date(${d}, 'weekday 0', '-6 days')`;
  }
}

function aggregateExpr(m: Metric, measure: DataTableField | null): RawBuilder<unknown> {
  const c = measure ? id(measure.name) : null;
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

function filterExpr(f: ResolvedMetric['filters'][number]): RawBuilder<unknown> {
  const c = id(f.field.name);
  switch (f.op) {
    case 'isNull':
      return sql`${c} is null`;
    case 'notNull':
      return sql`${c} is not null`;
    case 'in':
      return sql`${c} in (${sql.join(f.values.map((v) => sql`${v}`))})`;
    case 'contains': {
      // LIKE with the pattern's own wildcards escaped: the value is text to find, never a pattern.
      const pattern = `%${String(f.values[0]).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return sql`${c} like ${pattern} escape '\\'`;
    }
    default:
      return sql`${c} ${sql.raw(SQL_OP[f.op]!)} ${f.values[0]}`;
  }
}

/** The window's date range [from, to] (inclusive), the last-N form anchored at the newest row. */
async function windowRange(q: Conn, r: ResolvedMetric, m: Metric): Promise<{ from?: string; to?: string } | null> {
  const w = m.window;
  if (!w || !r.time) return null;
  if (!w.lastPeriods) return { from: w.from, to: w.to };
  const { rows } = await sql<{ m: unknown }>`select max(${id(r.time.name)}) as m from ${sql.table(
    `dt_${r.def.code}`,
  )}`.execute(q.withoutPlugins());
  const newest = rows[0]?.m;
  if (newest === null || newest === undefined) return null;
  const to = r.time.type === 'date' ? String(newest) : chinaDate(Number(newest));
  return { from: periodsBack(to, m.grain, w.lastPeriods - 1), to };
}

function windowExprs(r: ResolvedMetric, range: { from?: string; to?: string } | null): RawBuilder<unknown>[] {
  if (!range || !r.time) return [];
  const c = id(r.time.name);
  const out: RawBuilder<unknown>[] = [];
  if (r.time.type === 'date') {
    if (range.from) out.push(sql`${c} >= ${range.from}`);
    if (range.to) out.push(sql`${c} <= ${range.to}`);
  } else {
    if (range.from) out.push(sql`${c} >= ${dayStartMs(range.from)}`);
    if (range.to) out.push(sql`${c} < ${dayStartMs(range.to) + DAY}`);
  }
  return out;
}

const round = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n * 10_000) / 10_000 : null;
};

/**
 * Runs a metric: rows of (period, dimension, value), oldest period first, dimension values by value.
 * Without grain and dimension: exactly one row. The dimension keeps its top METRIC_LIMITS.topDimensions
 * values over the whole window and folds the rest into 其他 (aggregated properly, in the same SQL).
 */
export async function runAggregate(app: FastifyInstance, q: Conn, m: Metric): Promise<AggregateResult> {
  const r = await resolveMetric(app, q, m);
  return runResolved(q, r, m);
}

export async function runResolved(q: Conn, r: ResolvedMetric, m: Metric): Promise<AggregateResult> {
  const raw = q.withoutPlugins();
  const pg = isPostgres(raw as never);
  const table = sql.table(`dt_${r.def.code}`);
  const conds = [...r.filters.map(filterExpr), ...windowExprs(r, await windowRange(q, r, m))];
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const agg = aggregateExpr(m, r.measure);
  const grain = m.grain && r.time ? m.grain : null;
  const period = grain ? bucket(pg, grain, dayText(pg, r.time!)) : null;
  const dimText = r.dimension ? sql`coalesce(cast(${id(r.dimension.name)} as text), '')` : null;

  const select: RawBuilder<unknown>[] = [];
  const groups: RawBuilder<unknown>[] = [];
  if (period) {
    select.push(sql`${period} as p`);
    groups.push(sql.lit(select.length));
  }
  if (dimText) {
    select.push(sql`case when ${dimText} in (select d from top_dims) then ${dimText} else ${OTHER_DIMENSION} end as g`);
    groups.push(sql.lit(select.length));
  }
  select.push(sql`${agg} as v`);
  const withTop = dimText
    ? sql`with top_dims as (select ${dimText} as d from ${table} ${where} group by 1
        order by ${agg} desc, 1 limit ${sql.lit(METRIC_LIMITS.topDimensions)}) `
    : sql``;
  const groupBy = groups.length ? sql`group by ${sql.join(groups)}` : sql``;
  // Newest periods first, so the cap drops the oldest; the answer is turned back to oldest first.
  const order = [period ? sql`1 desc` : null, sql`${sql.lit(select.length)} desc`].filter(Boolean);
  const { rows } = await sql<{ p?: unknown; g?: unknown; v: unknown }>`${withTop}select ${sql.join(select)}
    from ${table} ${where} ${groupBy} order by ${sql.join(order as RawBuilder<unknown>[])}
    limit ${sql.lit(METRIC_LIMITS.rows + 1)}`.execute(raw);
  const truncated = rows.length > METRIC_LIMITS.rows;
  const kept = rows.slice(0, METRIC_LIMITS.rows);
  const out = kept.map((x) => ({
    period: period ? String(x.p) : null,
    dim: dimText ? String(x.g) : null,
    value: round(x.v),
  }));
  // Oldest period first; within one, biggest value first, then the dimension by code point (the two
  // databases' collations order Chinese text differently, the answer must not).
  const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  out.sort(
    (a, b) =>
      cmp(a.period, b.period) ||
      (a.value === b.value ? 0 : a.value === null ? 1 : b.value === null ? -1 : b.value - a.value) ||
      cmp(a.dim, b.dim),
  );
  return { rows: out, truncated };
}
