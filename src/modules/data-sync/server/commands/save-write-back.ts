import type { Db } from '@/server/db/dialect';

/** 一表通 write-back settings of a sync, with the back office's checks (see ../write-back.ts). */
export { saveWriteBack } from '../write-back';

/** The syncs that fill a data table (oldest first). */
export async function syncsIntoTable(db: Db, tableId: number): Promise<number[]> {
  const rows = await db.selectFrom('dataSync').select('id').where('tableId', '=', tableId).orderBy('id').execute();
  return rows.map((r) => r.id);
}
