import type { FastifyInstance } from 'fastify';
import type { Conn } from '../repository';

/**
 * Per data table code, a token that changes whenever the table's rows change: its id (a table
 * dropped and made again is another) and the counter every row write bumps. One indexed read of
 * data_table, where counting a big `dt_` table every few minutes would read it whole. Codes with
 * no table are left out.
 */
export async function getChangeVersions(
  _app: FastifyInstance,
  q: Conn,
  codes: readonly string[],
): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await q
    .selectFrom('dataTable')
    .select(['id', 'code', 'rowVersion'])
    .where('code', 'in', [...codes])
    .execute();
  return new Map(rows.map((r) => [r.code, `${r.id}.${Number(r.rowVersion)}`]));
}

/** The tokens of `codes` as one string (a missing table as `-`): the same string means no row changed. */
export async function changeFingerprint(app: FastifyInstance, q: Conn, codes: readonly string[]): Promise<string> {
  const v = await getChangeVersions(app, q, codes);
  return [...new Set(codes)]
    .sort()
    .map((c) => `${c}:${v.get(c) ?? '-'}`)
    .join('|');
}
