import type { FastifyInstance } from 'fastify';
import { INTERACTIVE_LIMITS } from '../connectors';
import { writeBackValue, type WriteBackValue } from '../connectors/write-back';
import { requireDataset, requireSource, sourceSpec } from '../service';

export type { WriteBackValue };

/** The kind of a dataset's source ('postgres' | 'mysql' | 'sqlite' | 'http'), or undefined. */
export async function datasetSourceKind(app: FastifyInstance, datasetId: number): Promise<string | undefined> {
  const d = await requireDataset(app.db, datasetId).catch(() => undefined);
  if (!d) return undefined;
  return (await requireSource(app.db, d.sourceId)).kind;
}

/**
 * Puts one approved value back into the dataset's source database (一表通 write-back): one
 * parameterised UPDATE of one column of exactly one row, in a transaction on the source. Throws
 * AppError 0x00000847 with a message safe to show (no SQL, no password).
 */
export async function writeBackToDataset(app: FastifyInstance, datasetId: number, v: WriteBackValue): Promise<void> {
  const d = await requireDataset(app.db, datasetId);
  const source = sourceSpec(app, await requireSource(app.db, d.sourceId));
  await writeBackValue(source, INTERACTIVE_LIMITS, app.config.dataDir, v);
}
