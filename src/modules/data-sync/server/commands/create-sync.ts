import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import type { SyncMapping } from '../../contract';
import { createSync as create } from '../service';

/**
 * Creates a sync of a dataset into a data table, with the same checks as the back office
 * (fields exist, types fit, key mapped, cron valid). Answers its id. Runs in `q` (the caller's
 * transaction when it registers several things at once).
 */
export function createSync(
  app: FastifyInstance,
  q: Db,
  input: {
    name: string;
    datasetId: number;
    tableId: number;
    mapping: SyncMapping[];
    mode: 'full' | 'incremental';
    key: string[];
    sinceField?: string;
    deleteMissing: boolean;
    cron?: string | null;
    ownerId: number | null;
  },
  actorId: number | null,
): Promise<number> {
  return create(app, q, input, actorId);
}
