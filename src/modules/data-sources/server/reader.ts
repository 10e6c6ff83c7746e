import { badInput } from '@/server/errors';
import type { DataFieldType, DatasetField, DatasetKind } from '../contract';
import { badSql } from './source-error';
import { checkReadOnlySql, tableParts } from './sql-guard';
import { inferType, normalizeRow } from './field-values';
import { httpPages } from './connectors/http';
import { openSql, withSql, type Limits, type SourceSpec, type SqlConnection } from './connectors';

/**
 * What a dataset reads and how: field detection, previews and full reads over a source's
 * connector. SQL datasets are wrapped (`SELECT * FROM (<dataset>) AS t …`) so that limits, resume
 * points and incremental filters are added the same way to a table or a query.
 */

export interface DatasetSpec {
  kind: DatasetKind;
  /** A table (or, for HTTP, the path after the source's URL). */
  table: string;
  sql: string;
}

/** Rows a detection samples to guess the types of columns whose source gives none. */
const SAMPLE_ROWS = 200;

/** The dataset's own statement (checked), before wrapping. */
export function baseSql(conn: Pick<SqlConnection, 'quote'>, spec: DatasetSpec): string {
  if (spec.kind === 'table') {
    if (!spec.table.trim()) throw badInput('请选择数据表', { field: 'table' });
    return `SELECT * FROM ${tableParts(spec.table).map(conn.quote).join('.')}`;
  }
  if (!spec.sql.trim()) throw badInput('请填写查询语句', { field: 'sql' });
  return checkReadOnlySql(spec.sql);
}

/** Checks a spec without connecting: a table name's shape, or the read-only rules of an SQL statement. */
export function checkSpec(kind: SourceSpec['kind'], spec: DatasetSpec): void {
  if (kind === 'http') {
    if (spec.kind !== 'table')
      throw badInput('HTTP 接口的数据集不能写 SQL，请填写接口路径（可留空）', { field: 'kind' });
    return;
  }
  baseSql({ quote: (s) => s }, spec);
}

function fieldsFrom(
  columns: { name: string; type: DataFieldType | null }[],
  rows: Record<string, unknown>[],
): DatasetField[] {
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.name)) throw badSql(`查询结果中有重名的列 ${c.name}，请用 AS 起不同的别名`);
    seen.add(c.name);
  }
  return columns.map((c) => ({
    name: c.name,
    label: c.name,
    type: c.type ?? inferType(rows.map((r) => r[c.name])),
    sensitive: false,
    description: '',
  }));
}

async function httpSample(source: SourceSpec, spec: DatasetSpec, limits: Limits, max: number) {
  const rows: Record<string, unknown>[] = [];
  for await (const page of httpPages(source, spec.table, limits, { maxRows: max })) {
    rows.push(...page.slice(0, max - rows.length));
    if (rows.length >= max) break;
  }
  return rows;
}

/** Field names and types of a dataset: the driver's metadata where it has them, else the sample rows'. */
export async function detectFields(
  source: SourceSpec,
  spec: DatasetSpec,
  limits: Limits,
  dataDir: string,
): Promise<DatasetField[]> {
  if (source.kind === 'http') {
    checkSpec('http', spec);
    const rows = await httpSample(source, spec, limits, SAMPLE_ROWS);
    if (!rows.length) throw badSql('接口没有返回任何数据，无法识别字段');
    const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    return fieldsFrom(
      names.map((name) => ({ name, type: null })),
      rows,
    );
  }
  return withSql(source, limits, dataDir, async (conn) => {
    const r = await conn.query(`SELECT * FROM (${baseSql(conn, spec)}) AS t LIMIT ${SAMPLE_ROWS}`, []);
    if (!r.columns.length) throw badSql('查询没有返回任何列');
    return fieldsFrom(r.columns, r.rows);
  });
}

/** The first rows of a dataset in its fields' value shapes. */
export async function previewRows(
  source: SourceSpec,
  spec: DatasetSpec,
  fields: readonly DatasetField[],
  limit: number,
  limits: Limits,
  dataDir: string,
): Promise<Record<string, unknown>[]> {
  const rows =
    source.kind === 'http'
      ? (checkSpec('http', spec), await httpSample(source, spec, limits, limit))
      : await withSql(source, limits, dataDir, async (conn) => {
          const r = await conn.query(`SELECT * FROM (${baseSql(conn, spec)}) AS t LIMIT ${limit}`, []);
          return r.rows;
        });
  return rows.map((r) => normalizeRow(fields, r));
}

export interface ReadOptions {
  batchSize: number;
  orderBy?: string;
  after?: unknown;
  since?: { field: string; value: unknown };
  signal?: AbortSignal;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function localDateTime(ms: number, sep: string): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}${sep}${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
function offset(ms: number): string {
  const m = -new Date(ms).getTimezoneOffset();
  return `${m >= 0 ? '+' : '-'}${pad(Math.floor(Math.abs(m) / 60))}:${pad(Math.abs(m) % 60)}`;
}

/**
 * A comparison `column > value` for a value in the data centre's shape (what readDataset answered),
 * written so each source compares like with like: datetimes (ms) go back to the dialect's text,
 * and on SQLite a column holding epoch numbers is compared as a number.
 */
function greaterThan(
  conn: SqlConnection,
  column: string,
  type: DataFieldType,
  value: unknown,
  params: unknown[],
): string {
  const col = conn.quote(column);
  const ph = () => conn.placeholder(params.length);
  if (value === null || value === undefined) throw badInput(`${column} 的起点不能为空`, { field: column });
  if (type === 'boolean') {
    params.push(value === true || value === 1 ? 1 : 0);
    return `${col} > ${ph()}`;
  }
  if (type === 'datetime' && typeof value === 'number') {
    if (conn.dialect === 'postgres') {
      params.push(localDateTime(value, 'T') + offset(value));
      return `${col} > ${ph()}`;
    }
    if (conn.dialect === 'mysql') {
      params.push(localDateTime(value, ' '));
      return `${col} > ${ph()}`;
    }
    params.push(value);
    const n = ph();
    params.push(localDateTime(value, ' ').slice(0, 19));
    return `(CASE WHEN typeof(${col}) IN ('integer', 'real') THEN ${col} > ${n} ELSE ${col} > ${ph()} END)`;
  }
  params.push(value);
  return `${col} > ${ph()}`;
}

/**
 * All rows of a dataset in batches, normalised to its fields (columns it does not name left out).
 * orderBy: rows ascending by that field (a sync's resume point); after: strictly after that value;
 * since: only rows whose field is greater (incremental). The connection lives as long as the read.
 */
export async function* readRows(
  source: SourceSpec,
  spec: DatasetSpec,
  fields: readonly DatasetField[],
  opts: ReadOptions,
  limits: Limits,
  dataDir: string,
): AsyncGenerator<Record<string, unknown>[]> {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const fieldOf = (name: string, what: string) => {
    const f = byName.get(name);
    if (!f) throw badInput(`${what} ${name} 不是数据集的字段`, { field: what });
    return f;
  };
  const batchSize = Math.max(1, Math.min(50_000, Math.floor(opts.batchSize)));
  const order = opts.orderBy !== undefined ? fieldOf(opts.orderBy, 'orderBy') : null;
  const since = opts.since ? { field: fieldOf(opts.since.field, 'since'), value: opts.since.value } : null;

  if (source.kind === 'http') {
    // An API answers in its own order: the filters apply to what it sends (resume assumes it sends in orderBy order).
    const cmp = (a: unknown, b: unknown) => (a === null || a === undefined ? false : (a as number) > (b as number));
    for await (const page of httpPages(source, spec.table, limits, { signal: opts.signal })) {
      const rows = page
        .map((r) => normalizeRow(fields, r))
        .filter((r) => !since || cmp(r[since.field.name], since.value))
        .filter((r) => !order || opts.after === undefined || cmp(r[order.name], opts.after));
      for (let i = 0; i < rows.length; i += batchSize) yield rows.slice(i, i + batchSize);
    }
    return;
  }

  const conn = await openSql(source, limits, dataDir);
  try {
    const params: unknown[] = [];
    const where: string[] = [];
    if (since) where.push(greaterThan(conn, since.field.name, since.field.type, since.value, params));
    if (order && opts.after !== undefined) where.push(greaterThan(conn, order.name, order.type, opts.after, params));
    const sql =
      `SELECT * FROM (${baseSql(conn, spec)}) AS t` +
      (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
      (order ? ` ORDER BY ${conn.quote(order.name)}` : '');
    for await (const batch of conn.stream(sql, params, batchSize, opts.signal))
      yield batch.map((r) => normalizeRow(fields, r));
  } finally {
    await conn.close();
  }
}
