import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import type { DatasetField } from '../../contract';
import { createDataset as create } from '../service';

/**
 * Registers a dataset of a source: a table or one read-only SELECT (checked like the back office's).
 * Without `fields` they are detected from the source (it is opened); with them, they are stored as
 * given. Runs in the caller's executor. Answers the id.
 */
export function createDataset(
  app: FastifyInstance,
  q: Db,
  input: {
    sourceId: number;
    name: string;
    kind: 'table' | 'query';
    table?: string;
    sql?: string;
    description?: string;
    fields?: DatasetField[];
  },
  actorId: number | null,
): Promise<number> {
  return create(app, q, input, { id: actorId });
}
