import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';

/**
 * Who uses a dataset, asked before it is deleted. Modules that read datasets (data-sync's syncs)
 * register a check through commands/in-use.ts when their plugin registers; data-sources cannot
 * import them (that would make the modules import each other). A check answers a sentence naming
 * the users, e.g. '同步“教务课程”', or null.
 */
export type DatasetUseCheck = (app: FastifyInstance, q: Db, datasetId: number) => Promise<string | null>;

const checks = new Set<DatasetUseCheck>();

export function addDatasetUseCheck(check: DatasetUseCheck): void {
  checks.add(check);
}

/** What uses the dataset, in words (empty: nothing). */
export async function datasetUsers(app: FastifyInstance, q: Db, datasetId: number): Promise<string[]> {
  const out: string[] = [];
  for (const check of checks) {
    const used = await check(app, q, datasetId);
    if (used) out.push(used);
  }
  return out;
}
