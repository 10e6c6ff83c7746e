import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { cronProblem } from './cron';
import type { JobEngine } from './engine';
import { latestRuns, listRuns } from './history';
import { JobRegistry } from './registry';
import type { Page } from '@/shared/envelope';
import type { EnqueueOptions, JobDefinition, JobRunStatus, JobRunRow, Jobs, JobInfo, StartOptions } from './types';

/** `app.jobs` over an engine: definitions and payload checks here, queues and schedules in the engine. */
export class JobRunner implements Jobs {
  private readonly registry = new JobRegistry();
  private opened: Promise<void> | null = null;
  private started = false;
  private ready = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly engineImpl: JobEngine,
  ) {}

  get engine() {
    return this.engineImpl.kind;
  }

  /** For the engine: every definition (pg-boss makes a queue of each when it opens). */
  definitions(): JobDefinition[] {
    return this.registry.all();
  }

  /** Called once the app is ready: no definitions after that (a job defined late would have no worker). */
  seal(): void {
    this.ready = true;
  }

  define<S extends TSchema>(def: JobDefinition<S>): void {
    if (this.ready) throw new Error(`job "${def.name}" must be defined while the app registers its plugins`);
    this.registry.define(def);
  }

  async enqueue(name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<void> {
    const def = this.registry.get(name);
    const value = this.registry.payloadOf(def, payload);
    await this.open();
    await this.engineImpl.send(def, value, 'queued', opts.runAt ?? Date.now());
  }

  async runNow(name: string): Promise<void> {
    const def = this.registry.get(name);
    const value = this.registry.emptyPayloadOf(def);
    await this.open();
    await this.engineImpl.send(def, value, 'manual', Date.now());
  }

  async schedule(name: string, cron: string | null): Promise<void> {
    const def = this.registry.get(name);
    const problem = cron === null ? null : cronProblem(cron);
    if (problem) throw new Error(`job "${name}": ${problem}`);
    await this.open();
    await this.engineImpl.setSchedule(def, cron);
  }

  async list(): Promise<JobInfo[]> {
    await this.open();
    const [schedules, latest] = await Promise.all([this.engineImpl.schedules(), latestRuns(this.app.db)]);
    return this.registry.all().map((def) => {
      const s = schedules.get(def.name);
      const last = latest.get(def.name);
      return {
        name: def.name,
        title: def.title,
        cron: s?.cron ?? null,
        nextRunAt: s?.nextAt ?? null,
        lastStatus: last?.status ?? null,
        lastStartedAt: last?.startedAt ?? null,
      };
    });
  }

  async runs(q: { name?: string; status?: JobRunStatus; page: number; pageSize: number }): Promise<Page<JobRunRow>> {
    const page = await listRuns(this.app.db, q);
    const titles = new Map(this.registry.all().map((d) => [d.name, d.title]));
    // A job no longer defined keeps its history under its name.
    return { ...page, list: page.list.map((r) => ({ ...r, title: titles.get(r.name) ?? r.name })) };
  }

  async start(opts: StartOptions = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    // The engine first: on PostgreSQL it opens pg-boss with its timers, then the schedules are written through it.
    await this.engineImpl.start(this.registry.all(), opts);
    await this.open();
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.engineImpl.stop();
  }

  async drain(now = Date.now(), only?: readonly string[]): Promise<number> {
    await this.open();
    const defs = this.registry.all();
    return this.engineImpl.drain(only ? defs.filter((d) => only.includes(d.name)) : defs, now);
  }

  /** Once per app: every job's declared schedule is written where the engine keeps schedules. */
  private open(): Promise<void> {
    this.opened ??= (async () => {
      for (const def of this.registry.all()) {
        if (def.cron === undefined) continue;
        const cron = typeof def.cron === 'string' ? def.cron : await def.cron(this.app);
        const problem = cron === null ? null : cronProblem(cron);
        if (problem) throw new Error(`job "${def.name}": ${problem}`);
        await this.engineImpl.setSchedule(def, cron);
      }
    })().catch((e: unknown) => {
      this.opened = null;
      throw e;
    });
    return this.opened;
  }
}
