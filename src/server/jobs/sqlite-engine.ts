import type { FastifyInstance } from 'fastify';
import { nextSlot } from './cron';
import type { JobEngine, ScheduleInfo } from './engine';
import { retryDelayMs } from './engine';
import { executeRun } from './execute';
import { DEFAULT_TIMEOUT_MS } from './registry';
import {
  advanceSchedule,
  claimNext,
  deleteQueued,
  deleteSchedule,
  insertQueued,
  putSchedule,
  readSchedules,
  releaseAll,
  retryQueued,
} from './sqlite-repository';
import type { JobDefinition, JobTrigger, StartOptions } from './types';

const DEFAULT_POLL_MS = 2000;
/** A slot missed while the server was down still runs when it is back within this long; older slots are skipped. */
export const MISSED_SLOT_GRACE_MS = 60 * 60_000;
/** Runs one drain makes at most before it yields (a job that keeps queueing itself cannot hold the loop). */
const MAX_RUNS_PER_DRAIN = 1000;
const NEVER = Number.MAX_SAFE_INTEGER;

/**
 * The SQLite engine: one process owns the database file, so a runner in that process, with its
 * queue and schedules in tables (they survive a restart), is enough. One unref'd timer polls.
 */
export class SqliteEngine implements JobEngine {
  readonly kind = 'sqlite' as const;
  private timer: NodeJS.Timeout | null = null;
  /** Drains run one at a time (the timer's and a test's). */
  private busy: Promise<number> = Promise.resolve(0);

  constructor(private readonly app: FastifyInstance) {}

  async send(def: JobDefinition, payload: unknown, trigger: JobTrigger, runAt: number): Promise<void> {
    await insertQueued(this.app.db, { name: def.name, payload, trigger, attempt: 1, runAt, now: Date.now() });
  }

  async setSchedule(def: JobDefinition, cron: string | null): Promise<void> {
    if (cron === null) return void (await deleteSchedule(this.app.db, def.name));
    const current = (await readSchedules(this.app.db)).find((s) => s.name === def.name);
    // The same expression keeps its pending slot (a restart must not skip or repeat one).
    if (current?.cron === cron) return;
    await putSchedule(this.app.db, def.name, cron, nextSlot(cron, Date.now()) ?? NEVER);
  }

  async schedules(): Promise<Map<string, ScheduleInfo>> {
    const rows = await readSchedules(this.app.db);
    return new Map(rows.map((r) => [r.name, { cron: r.cron, nextAt: r.nextAt === NEVER ? null : r.nextAt }]));
  }

  async start(defs: JobDefinition[], opts: StartOptions): Promise<void> {
    await releaseAll(this.app.db);
    const poll = () => {
      void this.drain(defs, Date.now()).catch((err: unknown) => this.app.log.error({ err }, 'job runner tick failed'));
    };
    this.timer = setInterval(poll, opts.pollMs ?? DEFAULT_POLL_MS);
    this.timer.unref();
    poll();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy.catch(() => 0);
  }

  drain(defs: JobDefinition[], now: number): Promise<number> {
    const next = this.busy.catch(() => 0).then(() => this.drainNow(defs, now));
    this.busy = next;
    return next;
  }

  private async drainNow(defs: JobDefinition[], now: number): Promise<number> {
    const byName = new Map(defs.map((d) => [d.name, d]));
    const holdMs = new Map(defs.map((d) => [d.name, d.timeoutMs ?? DEFAULT_TIMEOUT_MS]));
    for (const s of await readSchedules(this.app.db)) {
      const def = byName.get(s.name);
      if (!def || s.nextAt > now) continue;
      await advanceSchedule(this.app.db, {
        name: s.name,
        from: s.nextAt,
        to: nextSlot(s.cron, now) ?? NEVER,
        payload: {},
        queue: now - s.nextAt <= MISSED_SLOT_GRACE_MS,
        now,
      });
    }
    let runs = 0;
    while (runs < MAX_RUNS_PER_DRAIN) {
      const row = await claimNext(this.app.db, holdMs, now);
      if (!row) break;
      const def = byName.get(row.name)!;
      runs++;
      const outcome = await executeRun(this.app, def, JSON.parse(row.payload), row.trigger, row.attempt);
      const retry = def.retry ?? { limit: 0, backoffMs: 0 };
      if (outcome.ok || row.attempt > retry.limit) await deleteQueued(this.app.db, row.id);
      else await retryQueued(this.app.db, row.id, row.attempt + 1, now + retryDelayMs(retry.backoffMs, row.attempt));
    }
    return runs;
  }
}
