import type { FastifyInstance } from 'fastify';
import { notFound } from '@/server/errors';
import * as repo from '../repository';
import { deleteRowsNotInRun as del } from '../rows';

/** Full-sync delete handling: deletes the rows this run did not write or see (`_sync_run` ≠ syncRun). */
export async function deleteRowsNotInRun(
  _app: FastifyInstance,
  q: repo.Conn,
  tableId: number,
  syncRun: number,
): Promise<number> {
  const meta = await repo.findMeta(q, tableId);
  if (!meta) throw notFound('数据表不存在');
  return del(q, repo.toDef(meta), syncRun);
}
