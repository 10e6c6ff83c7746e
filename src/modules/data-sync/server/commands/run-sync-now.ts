import type { FastifyInstance } from 'fastify';
import { queueRun } from '../service';

/**
 * Queues a run of the sync now through app.jobs (job data-sync.run) and answers the run's id —
 * the id of the run already queued or running when there is one (a sync never runs twice at once).
 */
export async function runSyncNow(
  app: FastifyInstance,
  syncId: number,
  trigger: 'manual' | 'first-start',
): Promise<number> {
  return (await queueRun(app, syncId, trigger, null)).runId;
}
