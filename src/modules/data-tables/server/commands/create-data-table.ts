import type { FastifyInstance } from 'fastify';
import type { DataTableDef, ReportCycle } from '../../contract';
import { createTable } from '../design';
import type * as repo from '../repository';

/** The definition plus what the designer sets beside it (absent: no reporting duty, not public). */
export interface CreateDataTableInput extends Omit<DataTableDef, 'id' | 'version'> {
  reportCycle?: ReportCycle;
  /** Day of the period by which the table must be confirmed: weekday 1–7, day of month 1–28, day of term 1–140. */
  reportDeadlineDay?: number;
  /** Listed in the public data catalogue (dataServiceIndex). */
  isPublic?: boolean;
}

/**
 * Creates a data table: its definition and the physical table `dt_<code>` with its indexes, in the
 * caller's executor (pass a transaction to commit both at once). Same checks as the designer:
 * 400 for a bad definition, 409 for a code already used.
 */
export async function createDataTable(
  _app: FastifyInstance,
  q: repo.Conn,
  input: CreateDataTableInput,
  actorId: number | null,
): Promise<DataTableDef> {
  return createTable(q, input, actorId);
}
