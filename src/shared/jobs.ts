/**
 * What the job runner (src/server/jobs) reports and the back office's 运行记录 page shows: one
 * set of types for both sides.
 */

/** What started a run: its schedule, an administrator (立即运行), a retry after a failure, or a module's queued work. */
export type JobTrigger = 'schedule' | 'manual' | 'retry' | 'queued';
export type JobRunStatus = 'running' | 'ok' | 'fail';

/** One defined job, as the back office lists it. */
export interface JobInfo {
  name: string;
  title: string;
  /** Five-field cron expression (server time), or null when it only runs on demand. */
  cron: string | null;
  nextRunAt: number | null;
  lastStatus: JobRunStatus | null;
  lastStartedAt: number | null;
}

/** One run of a job (history row, kept JOB_HISTORY_DAYS days), with its job's title. */
export interface JobRunRow {
  id: number;
  name: string;
  title: string;
  trigger: JobTrigger;
  attempt: number;
  startedAt: number;
  finishedAt: number | null;
  status: JobRunStatus;
  rowsRead: number;
  rowsWritten: number;
  error: string | null;
}
