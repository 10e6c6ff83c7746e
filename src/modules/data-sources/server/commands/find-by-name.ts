import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import * as repo from '../repository';

/** The id of the data source with this name (names are unique), or undefined. The demo's registration reuses one. */
export async function findDataSourceIdByName(_app: FastifyInstance, q: Db, name: string): Promise<number | undefined> {
  return (await repo.findSourceByName(q, name))?.id;
}

/** The id of the dataset with this name (names are unique), or undefined. */
export async function findDatasetIdByName(_app: FastifyInstance, q: Db, name: string): Promise<number | undefined> {
  return (await repo.findDatasetByName(q, name))?.id;
}
