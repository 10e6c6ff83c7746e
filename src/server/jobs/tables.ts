import type { Generated } from 'kysely';
import type { JobRunStatus, JobTrigger } from './types';

/** History of every run on both engines (migration 0011-jobs). Times ms. */
export interface JobRunTable {
  id: Generated<number>;
  name: string;
  trigger: JobTrigger;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  startedAt: number;
  finishedAt: number | null;
  status: JobRunStatus;
  rowsRead: Generated<number>;
  rowsWritten: Generated<number>;
  /** The error's message only (never a stack), credentials in URLs masked. */
  error: string | null;
}

/** The SQLite engine's pending runs. */
export interface JobQueueTable {
  id: Generated<number>;
  name: string;
  /** The payload as JSON. */
  payload: string;
  trigger: JobTrigger;
  attempt: number;
  runAt: number;
  lockedUntil: number | null;
  createdAt: number;
}

/** The SQLite engine's cron schedules: the next slot each job is due at. */
export interface JobScheduleTable {
  name: string;
  cron: string;
  nextAt: number;
}

declare module '../db/schema' {
  interface Database {
    jobRun: JobRunTable;
    jobQueue: JobQueueTable;
    jobSchedule: JobScheduleTable;
  }
}
