import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { nextSlot, serverTimeZone } from './cron';
import type { JobEngine, ScheduleInfo } from './engine';
import { executeRun } from './execute';
import { DEFAULT_TIMEOUT_MS } from './registry';
import type { JobDefinition, JobTrigger, StartOptions } from './types';

/** What a pg-boss job carries: the payload, and what started it (a retry is told by its retry count). */
interface BossData {
  payload: unknown;
  trigger: JobTrigger;
}

const DEFAULT_POLL_MS = 2000;
const DEFAULT_CRON_CHECK_MS = 30_000;
/** pg-boss throttles cron sends to one per job per minute: the slot a scheduled run belongs to. */
const SCHEDULE_SLOT_SECONDS = 60;
const STOP_TIMEOUT_MS = 10_000;
const DEADLOCK = '40P01';
const QUEUE_CREATE_TRIES = 5;

/** A failed run handed back to pg-boss: the history's message, without a stack for pg-boss to store. */
class RunFailed extends Error {
  constructor(message: string) {
    super(message);
    this.stack = message;
  }
}

/**
 * The PostgreSQL engine: pg-boss 10 in its own schema. Several app servers share the queues;
 * pg-boss hands each job to one worker (SKIP LOCKED), and sends a schedule's slot once: one
 * server a check interval wins the cron timestamp, and the send is throttled per job and minute
 * (singleton key + 60 s) both into its internal queue and into the job's own queue.
 *
 * Until `start`, pg-boss opens without supervision or cron timers (tests drain by hand).
 */
export class PgBossEngine implements JobEngine {
  readonly kind = 'pg-boss' as const;
  private boss: PgBoss | null = null;
  private opening: Promise<PgBoss> | null = null;
  private active = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: { connectionString: string; schema: string; defs: () => JobDefinition[] },
  ) {}

  private async open(active: boolean, start: StartOptions = {}): Promise<PgBoss> {
    const boss = new PgBoss({
      connectionString: this.opts.connectionString,
      schema: this.opts.schema,
      max: 3,
      application_name: 'campus-portal-jobs',
      supervise: active,
      schedule: active,
      migrate: true,
      ...(active
        ? {
            cronMonitorIntervalSeconds: Math.max(1, Math.round((start.cronCheckMs ?? DEFAULT_CRON_CHECK_MS) / 1000)),
            cronWorkerIntervalSeconds: Math.max(1, Math.min(5, Math.round((start.pollMs ?? DEFAULT_POLL_MS) / 1000))),
          }
        : {}),
    });
    boss.on('error', (err) => this.app.log.error({ err }, 'pg-boss error'));
    await boss.start();
    for (const def of this.opts.defs()) await ensureQueue(boss, def);
    return boss;
  }

  /** The pg-boss of this app, opened passive on first use unless `start` opened it active. */
  private async ready(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    this.opening ??= this.open(false).then((b) => (this.boss = b));
    return this.opening;
  }

  async send(def: JobDefinition, payload: unknown, trigger: JobTrigger, runAt: number): Promise<void> {
    const boss = await this.ready();
    const data: BossData = { payload, trigger };
    await boss.send(def.name, data, runAt > Date.now() ? { startAfter: new Date(runAt) } : {});
  }

  async setSchedule(def: JobDefinition, cron: string | null): Promise<void> {
    const boss = await this.ready();
    if (cron === null) return boss.unschedule(def.name);
    const data: BossData = { payload: {}, trigger: 'schedule' };
    await boss.schedule(def.name, cron, data, {
      tz: serverTimeZone(),
      singletonKey: 'schedule',
      singletonSeconds: SCHEDULE_SLOT_SECONDS,
    });
  }

  async schedules(): Promise<Map<string, ScheduleInfo>> {
    const rows = await (await this.ready()).getSchedules();
    const now = Date.now();
    return new Map(rows.map((r) => [r.name, { cron: r.cron, nextAt: nextSlot(r.cron, now) }]));
  }

  async start(defs: JobDefinition[], opts: StartOptions): Promise<void> {
    if (this.active) return;
    const passive = this.boss ?? (this.opening ? await this.opening : null);
    if (passive) await passive.stop({ graceful: false });
    this.active = true;
    this.boss = await this.open(true, opts);
    this.opening = Promise.resolve(this.boss);
    for (const def of defs) {
      await this.boss.work<BossData>(
        def.name,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: Math.max(0.5, (opts.pollMs ?? DEFAULT_POLL_MS) / 1000),
        },
        async ([job]) => {
          const outcome = await this.runJob(def, job!);
          if (!outcome.ok) throw new RunFailed(outcome.error);
        },
      );
    }
  }

  async stop(): Promise<void> {
    const boss = this.boss ?? (this.opening ? await this.opening.catch(() => null) : null);
    this.boss = null;
    this.opening = null;
    this.active = false;
    // Jobs still running past the timeout are failed by pg-boss and retried elsewhere.
    if (boss) await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
  }

  async drain(defs: JobDefinition[]): Promise<number> {
    const boss = await this.ready();
    let runs = 0;
    for (const def of defs) {
      for (;;) {
        const [job] = await boss.fetch<BossData>(def.name, { batchSize: 1, includeMetadata: true });
        if (!job) break;
        runs++;
        const outcome = await this.runJob(def, job);
        if (outcome.ok) await boss.complete(def.name, job.id);
        else await boss.fail(def.name, job.id, { message: outcome.error });
      }
    }
    return runs;
  }

  private runJob(def: JobDefinition, job: PgBoss.JobWithMetadata<BossData>) {
    const trigger: JobTrigger = job.retryCount > 0 ? 'retry' : (job.data?.trigger ?? 'queued');
    return executeRun(this.app, def, job.data?.payload ?? {}, trigger, job.retryCount + 1);
  }
}

/** The job's queue with its retry policy and time limit (also applied to scheduled sends, which take the queue's). */
async function ensureQueue(boss: PgBoss, def: JobDefinition): Promise<void> {
  const retry = def.retry ?? { limit: 0, backoffMs: 0 };
  const delaySeconds = Math.ceil(retry.backoffMs / 1000);
  const queue: PgBoss.Queue = {
    name: def.name,
    policy: 'standard',
    retryLimit: retry.limit,
    retryDelay: delaySeconds,
    retryBackoff: delaySeconds > 0,
    expireInSeconds: Math.ceil((def.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000),
  };
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(def.name))) await boss.createQueue(def.name, queue);
      break;
    } catch (err) {
      // Servers starting together create the same queue (its partition table) at once, and
      // PostgreSQL may pick one as a deadlock victim; the retry finds the queue made.
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= QUEUE_CREATE_TRIES) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
  await boss.updateQueue(def.name, queue);
}
