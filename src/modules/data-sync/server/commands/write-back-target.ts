import type { Db } from '@/server/db/dialect';
import type { WriteBackConfig } from '../../contract';

/**
 * Where an approved 一表通 correction of this data table goes back to: the first sync into it with
 * write-back configured (its dataset's source, the settings), or undefined. One indexed lookup.
 */
export async function writeBackTarget(
  db: Db,
  tableId: number,
): Promise<{ syncId: number; datasetId: number; config: WriteBackConfig } | undefined> {
  const r = await db
    .selectFrom('dataSync')
    .select(['id', 'datasetId', 'writeBack'])
    .where('tableId', '=', tableId)
    .where('writeBack', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!r?.writeBack) return undefined;
  return { syncId: r.id, datasetId: r.datasetId, config: JSON.parse(r.writeBack) as WriteBackConfig };
}
