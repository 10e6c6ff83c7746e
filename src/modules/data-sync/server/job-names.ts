/** The jobs of the data-sync module (app.jobs queue names). */
export const RUN_JOB = 'data-sync.run';
/** Minute tick that queues the syncs whose own cron is due (schedules are per sync, the runner's per job). */
export const DISPATCH_JOB = 'data-sync.dispatch';

/** A run's tries: the first and three retries, waiting 30 s, 60 s, 120 s (the runner's backoff). */
export const RUN_RETRY = { limit: 3, backoffMs: 30_000 } as const;
/** Failed runs in a row after which the owner is alerted (once per burst). */
export const ALERT_AFTER_FAILURES = 3;
/** Rows a batch reads and writes in one transaction. */
export const BATCH_SIZE = 1000;
