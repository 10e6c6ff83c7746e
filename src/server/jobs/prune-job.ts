import { Type } from 'typebox';
import { failStaleRuns, pruneRuns } from './history';
import type { JobDefinition } from './types';

/** Run history is kept this many days. */
export const JOB_HISTORY_DAYS = 30;
/** A run still 'running' after this long was cut off (its server died): it is marked failed. */
const STALE_RUN_MS = 24 * 3_600_000;

const PruneJobPayload = Type.Object({});

/** The runner's own daily job: history older than JOB_HISTORY_DAYS goes; runs cut off by a crash are closed. */
export const pruneHistoryJob: JobDefinition<typeof PruneJobPayload> = {
  name: 'jobs.prune-history',
  title: '清理运行记录',
  payload: PruneJobPayload,
  cron: '40 3 * * *',
  retry: { limit: 2, backoffMs: 60_000 },
  async run({ app }) {
    const now = Date.now();
    const closed = await failStaleRuns(app.db, now - STALE_RUN_MS, now, '运行中断（服务重启或超时）');
    const deleted = await pruneRuns(app.db, now - JOB_HISTORY_DAYS * 86_400_000);
    return { written: closed + deleted };
  },
};
