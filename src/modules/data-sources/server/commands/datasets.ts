import type { FastifyInstance } from 'fastify';
import type { DatasetField, DatasetInfo } from '../../contract';
import { BULK_LIMITS } from '../connectors';
import { readRows, type DatasetSpec } from '../reader';
import { datasetInfo, requireDataset, requireSource, sourceSpec } from '../service';

export { DataSourceError } from '../source-error';

/** A dataset's name, source and typed fields, or undefined when there is none with this id. */
export function getDataset(app: FastifyInstance, id: number): Promise<DatasetInfo | undefined> {
  return datasetInfo(app.db, id);
}

/**
 * Rows in batches, ordered by `orderBy` ascending (a dataset field; stable and unique for resume),
 * starting strictly after `after` when given (resume point), and only rows with
 * `since.field > since.value` when given (incremental). Values normalised to the fields' types
 * (contract.ts). Read-only, with timeouts; a failure throws DataSourceError { code, message }
 * (message in Chinese, safe to show). The source's connection lives while the iteration does:
 * finish or break out of it (for await … break closes it).
 */
export async function* readDataset(
  app: FastifyInstance,
  id: number,
  opts: {
    batchSize: number;
    orderBy?: string;
    after?: unknown;
    since?: { field: string; value: unknown };
    signal?: AbortSignal;
  },
): AsyncIterable<Record<string, unknown>[]> {
  const row = await requireDataset(app.db, id);
  const source = sourceSpec(app, await requireSource(app.db, row.sourceId));
  const spec: DatasetSpec = { kind: row.kind as DatasetSpec['kind'], table: row.tableName, sql: row.sqlText };
  const fields = JSON.parse(row.fields) as DatasetField[];
  yield* readRows(source, spec, fields, opts, BULK_LIMITS, app.config.dataDir);
}
