import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { DataTableDef } from '../../contract';
import { physicalName, qi, rawOf } from '../ddl';
import * as repo from '../repository';
import { DataTableRowError } from '../row-error';
import { selectRows } from '../rows';
import { normalise } from '../values';

/**
 * A filter on one data table for other modules' per-person pages (the personal centre's card
 * transactions, loans, payslips): equality and lists of values on fields plus half-open ranges [from, to) on
 * others, values checked against the fields' types. No permission filter: the caller decides.
 */
export interface RowFilter {
  eq?: Record<string, unknown>;
  /** Field in a list of values (an empty list matches nothing). */
  in?: Record<string, unknown[]>;
  range?: { field: string; from?: unknown; to?: unknown }[];
}

function conditions(def: DataTableDef, f: RowFilter): RawBuilder<unknown>[] {
  const byName = new Map(def.fields.map((x) => [x.name, x]));
  const field = (name: string) => {
    const d = byName.get(name);
    if (!d) throw new DataTableRowError(0, name, '不是数据表的字段（查询条件）');
    return d;
  };
  const value = (name: string, v: unknown) => {
    const d = field(name);
    const n = normalise(d.type, v);
    if (!n.ok) throw new DataTableRowError(0, name, n.message, d.label);
    return n.value;
  };
  const out: RawBuilder<unknown>[] = [];
  for (const [k, v] of Object.entries(f.eq ?? {})) {
    const n = value(k, v);
    out.push(n === null ? sql`${sql.raw(qi(k))} is null` : sql`${sql.raw(qi(k))} = ${n}`);
  }
  for (const [k, vs] of Object.entries(f.in ?? {})) {
    if (!vs.length) out.push(sql`1 = 0`);
    else out.push(sql`${sql.raw(qi(k))} in (${sql.join(vs.map((v) => value(k, v)))})`);
  }
  for (const r of f.range ?? []) {
    if (r.from !== undefined) out.push(sql`${sql.raw(qi(r.field))} >= ${value(r.field, r.from)}`);
    if (r.to !== undefined) out.push(sql`${sql.raw(qi(r.field))} < ${value(r.field, r.to)}`);
  }
  return out;
}

const whereOf = (w: RawBuilder<unknown>[]) => (w.length ? sql`where ${sql.join(w, sql` and `)}` : sql``);

/**
 * One page of rows matching the filter, ordered by a field (then `_id`), paginated in SQL. A value
 * the field's type cannot hold throws DataTableRowError (the caller usually answers "none").
 */
export async function queryRows(
  _app: FastifyInstance,
  q: repo.Conn,
  def: DataTableDef,
  opts: { filter: RowFilter; orderBy?: { field: string; desc: boolean }; page: number; pageSize: number },
): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const where = conditions(def, opts.filter);
  if (opts.orderBy && !def.fields.some((x) => x.name === opts.orderBy!.field))
    throw new DataTableRowError(0, opts.orderBy.field, '不是数据表的字段（排序）');
  const t = sql.raw(qi(physicalName(def.code)));
  const [list, total] = await Promise.all([
    selectRows(q, def, {
      where,
      fields: def.fields,
      orderBy: opts.orderBy,
      limit: opts.pageSize,
      offset: (opts.page - 1) * opts.pageSize,
    }),
    sql<{ n: number }>`select count(*) as n from ${t} ${whereOf(where)}`.execute(rawOf(q)),
  ]);
  return { list, total: Number(total.rows[0]?.n ?? 0) };
}

/** Sum of a numeric field and the row count over the filter (monthly totals, balances), in SQL. */
export async function sumRows(
  _app: FastifyInstance,
  q: repo.Conn,
  def: DataTableDef,
  filter: RowFilter,
  field: string,
): Promise<{ sum: number; count: number }> {
  const d = def.fields.find((x) => x.name === field);
  if (!d || (d.type !== 'integer' && d.type !== 'decimal')) throw new DataTableRowError(0, field, '不是数值字段');
  const t = sql.raw(qi(physicalName(def.code)));
  const r = await sql<{ s: number | string | null; n: number | string }>`select sum(${sql.raw(qi(field))}) as s,
    count(*) as n from ${t} ${whereOf(conditions(def, filter))}`.execute(rawOf(q));
  return { sum: Number(r.rows[0]?.s ?? 0), count: Number(r.rows[0]?.n ?? 0) };
}
