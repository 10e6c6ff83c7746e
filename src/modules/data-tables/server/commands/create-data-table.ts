import type { FastifyInstance } from 'fastify';
import type { DataTableDef } from '../../contract';
import { createTable } from '../design';
import type * as repo from '../repository';

/**
 * Creates a data table: its definition and the physical table `dt_<code>` with its indexes, in the
 * caller's executor (pass a transaction to commit both at once). Same checks as the designer:
 * 400 for a bad definition, 409 for a code already used.
 */
export async function createDataTable(
  _app: FastifyInstance,
  q: repo.Conn,
  input: Omit<DataTableDef, 'id' | 'version'>,
  actorId: number | null,
): Promise<DataTableDef> {
  return createTable(q, input, actorId);
}
