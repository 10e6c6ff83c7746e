import type { FastifyInstance } from 'fastify';
import type { DataTableDef } from '../../contract';
import * as repo from '../repository';

export type { DataTableDef, DataTableField, DataFieldType } from '../../contract';

/** A data table's definition by id or code (fields in their order), or undefined. */
export async function getDataTable(
  _app: FastifyInstance,
  q: repo.Conn,
  idOrCode: number | string,
): Promise<DataTableDef | undefined> {
  const meta = await repo.findMeta(q, idOrCode);
  return meta ? repo.toDef(meta) : undefined;
}
