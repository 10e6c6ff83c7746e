import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { datasetSourceKind } from '@/modules/data-sources/server/commands/write-back';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import type { WriteBackConfig } from '../contract';
import * as repo from './repository';

const bad = (m: string, field: string) => new AppError(Codes.oneTableWriteBackConfig, 400, m, { field });

export async function getWriteBack(app: FastifyInstance, id: number): Promise<WriteBackConfig | null> {
  const r = await app.db.selectFrom('dataSync').select('writeBack').where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('同步不存在');
  return r.writeBack ? (JSON.parse(r.writeBack) as WriteBackConfig) : null;
}

/**
 * 一表通 write-back of a sync: only for a database source; the key field and every mapped field
 * must be fields of the sync's data table (the source's table and columns are the owner's word —
 * a wrong one shows as a failed write-back with the database's reason).
 */
export async function saveWriteBack(app: FastifyInstance, id: number, config: WriteBackConfig | null): Promise<void> {
  const sync = await repo.findSync(app.db, id);
  if (!sync) throw notFound('同步不存在');
  if (config) {
    const kind = await datasetSourceKind(app, sync.datasetId);
    if (!kind || kind === 'http') throw bad('只有数据库类数据源可以写回', 'config');
    const def = await getDataTable(app, app.db, sync.tableId);
    if (!def) throw notFound('数据表不存在');
    const names = new Set(def.fields.map((f) => f.name));
    if (!names.has(config.keyField)) throw bad(`数据表没有字段「${config.keyField}」`, 'config.keyField');
    for (const f of Object.keys(config.columns))
      if (!names.has(f)) throw bad(`数据表没有字段「${f}」`, 'config.columns');
    if (!Object.keys(config.columns).length) throw bad('请至少映射一个可写回的字段', 'config.columns');
  }
  await app.db
    .updateTable('dataSync')
    .set({ writeBack: config ? JSON.stringify(config) : null })
    .where('id', '=', id)
    .execute();
}
