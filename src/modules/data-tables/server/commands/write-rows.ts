import type { FastifyInstance } from 'fastify';
import { notFound } from '@/server/errors';
import * as repo from '../repository';
import { writeRows as write, type WriteCounts, type WriteOptions } from '../rows';

export { DataTableRowError } from '../row-error';

/**
 * Upsert by `opts.key` (default the table's unique key), plain insert when the key is empty. Every
 * row is validated first: a bad one throws DataTableRowError { rowIndex, field, message } and nothing
 * is written. One call = one batch, in the caller's executor.
 */
export async function writeRows(
  _app: FastifyInstance,
  q: repo.Conn,
  tableId: number,
  rows: Record<string, unknown>[],
  opts: WriteOptions,
): Promise<WriteCounts> {
  const meta = await repo.findMeta(q, tableId);
  if (!meta) throw notFound('数据表不存在');
  return write(q, repo.toDef(meta), rows, opts);
}
