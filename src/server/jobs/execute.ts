import type { FastifyInstance } from 'fastify';
import { finishRun, startRun } from './history';
import { runErrorText } from './run-error';
import type { JobDefinition, JobTrigger } from './types';

export type RunOutcome = { ok: true } | { ok: false; error: string };

const count = (n: number | undefined) => (Number.isFinite(n) && n! > 0 ? Math.floor(n!) : 0);

/**
 * One run of a job, whichever engine picked it: a history row when it starts, the job, and the
 * row finished with its counts or its error. The engine decides about retries from the outcome.
 */
export async function executeRun(
  app: FastifyInstance,
  def: JobDefinition,
  payload: unknown,
  trigger: JobTrigger,
  attempt: number,
): Promise<RunOutcome> {
  const runId = await startRun(app.db, { name: def.name, trigger, attempt, startedAt: Date.now() });
  const log = app.log.child({ job: def.name, runId, attempt });
  try {
    const counts = (await def.run({ app, log, trigger, attempt, runId }, payload as never)) ?? {};
    await finishRun(app.db, runId, {
      status: 'ok',
      finishedAt: Date.now(),
      read: count(counts.read),
      written: count(counts.written),
      error: null,
    });
    return { ok: true };
  } catch (err) {
    const error = runErrorText(err);
    log.error({ err }, 'job failed');
    await finishRun(app.db, runId, { status: 'fail', finishedAt: Date.now(), read: 0, written: 0, error });
    return { ok: false, error };
  }
}
