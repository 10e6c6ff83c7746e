import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Page } from '@/shared/envelope';
import type { JobInfo, JobRunRow, JobRunStatus, JobTrigger } from '@/shared/jobs';

export type { JobInfo, JobRunRow, JobRunStatus, JobTrigger };

/** Rows a run reports it read and wrote; shown in the run history. */
export interface JobCounts {
  read?: number;
  written?: number;
}

export interface JobContext {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  trigger: JobTrigger;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  /** The job_run row of this run. */
  runId: number;
}

export interface RetryPolicy {
  /** Retries after the first failure (0 = never retried). */
  limit: number;
  /** Wait before the first retry; each further retry waits twice as long as the one before. */
  backoffMs: number;
}

export interface JobDefinition<S extends TSchema = TSchema> {
  /** '<module>.<job>', lower case: the queue name on both engines. */
  name: string;
  /** What the back office calls it (运行记录). */
  title: string;
  payload: S;
  /**
   * Five-field cron expression in server time; a job with one runs on it with the payload `{}`
   * (after defaults). A function reads it when the runner opens (a schedule kept in a setting;
   * null = none); change it later with `app.jobs.schedule`. Without one, the job runs when queued.
   */
  cron?: string | ((app: FastifyInstance) => Promise<string | null>);
  retry?: RetryPolicy;
  /** A run still going after this long counts as crashed and is tried again (default 15 minutes). */
  timeoutMs?: number;
  /** Idempotent: a retry after a crash may repeat work that half happened. */
  run(ctx: JobContext, payload: Static<S>): Promise<JobCounts | void>;
}

export interface EnqueueOptions {
  /** Not before this time (ms); default now. */
  runAt?: number;
}

export interface StartOptions {
  /** How often idle workers look for due work (default 2 s; tests use less). */
  pollMs?: number;
  /** PostgreSQL: how often pg-boss checks cron schedules (default 30 s; tests use 1 s). */
  cronCheckMs?: number;
}

/** `app.jobs`: the one interface modules use, whichever engine runs underneath. */
export interface Jobs {
  readonly engine: 'pg-boss' | 'sqlite';
  /** Declare a job; call while the app registers (before it is ready). */
  define<S extends TSchema>(def: JobDefinition<S>): void;
  /** Queue a run; the payload is checked against the job's schema (400 naming the field). */
  enqueue(name: string, payload: unknown, opts?: EnqueueOptions): Promise<void>;
  /** Queue a run now with the payload `{}` (立即运行). */
  runNow(name: string): Promise<void>;
  /** Replace the job's cron schedule (null: no schedule). Kept in the database: every app server sees it. */
  schedule(name: string, cron: string | null): Promise<void>;
  /** Every defined job with its schedule, next run and last status. */
  list(): Promise<JobInfo[]>;
  /** The run history, newest first, paged in SQL. */
  runs(q: { name?: string; status?: JobRunStatus; page: number; pageSize: number }): Promise<Page<JobRunRow>>;
  /** Start workers and schedules (done at onReady unless jobs are off, as in tests). */
  start(opts?: StartOptions): Promise<void>;
  stop(): Promise<void>;
  /**
   * Run everything due now, one after another, and answer how many runs it made. Tests call it
   * instead of starting the timers; `now` moves the SQLite engine's clock (pg-boss reads the database's).
   * `only` limits it to those jobs (the modules' own schedules, e.g. a minute dispatcher, fall due
   * too when a test moves the clock).
   */
  drain(now?: number, only?: readonly string[]): Promise<number>;
}
