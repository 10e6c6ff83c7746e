import { Type } from 'typebox';
import type { JobDefinition } from '@/server/jobs/types';
import { MAX_ID } from '@/shared/ids';
import { executeSyncRun } from './engine';
import { RUN_JOB, RUN_RETRY } from './job-names';

const RunPayload = Type.Object({ runId: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

/**
 * data-sync.run: one run of one sync (its row in data_sync_run, queued by runSyncNow or the
 * dispatcher). A crash or a time-out makes the runner try again; the try resumes after the last
 * committed batch. A big source gets an hour.
 */
export const runJob: JobDefinition<typeof RunPayload> = {
  name: RUN_JOB,
  title: '数据同步',
  payload: RunPayload,
  retry: RUN_RETRY,
  timeoutMs: 60 * 60_000,
  async run(ctx, p) {
    return executeSyncRun(ctx.app, p.runId, {
      attempt: ctx.attempt,
      lastAttempt: ctx.attempt > RUN_RETRY.limit,
      log: ctx.log,
    });
  },
};
