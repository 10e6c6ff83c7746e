import type { JobDefinition, JobTrigger, StartOptions } from './types';

/** A job's schedule as the engine keeps it. */
export interface ScheduleInfo {
  cron: string;
  nextAt: number | null;
}

/** What each engine provides underneath `app.jobs` (pg-boss-engine.ts, sqlite-engine.ts). */
export interface JobEngine {
  readonly kind: 'pg-boss' | 'sqlite';
  send(def: JobDefinition, payload: unknown, trigger: JobTrigger, runAt: number): Promise<void>;
  /** Replace (cron) or remove (null) the job's schedule. */
  setSchedule(def: JobDefinition, cron: string | null): Promise<void>;
  schedules(): Promise<Map<string, ScheduleInfo>>;
  start(defs: JobDefinition[], opts: StartOptions): Promise<void>;
  stop(): Promise<void>;
  drain(defs: JobDefinition[], now: number): Promise<number>;
}

/** Wait before retry n (1 = the first retry): the backoff, doubled for each retry before it. */
export const retryDelayMs = (backoffMs: number, retry: number) => backoffMs * 2 ** (retry - 1);
