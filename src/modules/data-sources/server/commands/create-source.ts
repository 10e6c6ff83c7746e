import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import { createSource } from '../service';

/**
 * Registers a data source (the demo's source systems use it; the same checks as the back office):
 * settings checked per kind (SQLite: a file under DATA_DIR/sources/, config.file relative to it),
 * the secret (password or API token) encrypted at rest. Runs in the caller's executor. Answers the id.
 */
export function createDataSource(
  app: FastifyInstance,
  q: Db,
  input: {
    name: string;
    kind: 'postgres' | 'mysql' | 'sqlite' | 'http';
    config: Record<string, unknown>;
    secret?: string;
    description?: string;
  },
  actorId: number | null,
): Promise<number> {
  return createSource(app, q, input, { id: actorId });
}
