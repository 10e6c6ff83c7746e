import type { FastifyInstance } from 'fastify';
import { notFound } from '@/server/errors';
import * as repo from '../repository';
import { listRowsWhere } from '../rows';

/**
 * Rows for other modules (e.g. acquisition's one record per row): every field plus `_id` and
 * `_version`, ordered by `_id`, paginated in SQL, `where` = equality on fields. No permission
 * filter: the calling module decides who sees what.
 */
export async function listRows(
  _app: FastifyInstance,
  q: repo.Conn,
  tableId: number,
  opts: { page: number; pageSize: number; where?: Record<string, unknown> },
): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const meta = await repo.findMeta(q, tableId);
  if (!meta) throw notFound('数据表不存在');
  return listRowsWhere(q, repo.toDef(meta), opts);
}
