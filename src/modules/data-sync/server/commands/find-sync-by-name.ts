import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import '../tables';

/** The id of the sync with this name (names are unique), or undefined. */
export async function findSyncIdByName(_app: FastifyInstance, q: Db, name: string): Promise<number | undefined> {
  return (await q.selectFrom('dataSync').select('id').where('name', '=', name).executeTakeFirst())?.id;
}
