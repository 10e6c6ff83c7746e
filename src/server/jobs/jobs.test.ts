import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, usePostgres, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { AppError } from '@/server/errors';
import { JOB_HISTORY_DAYS } from './prune-job';
import { dueMinute, sleep, waitFor } from './test-support';
import type { JobContext } from './types';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const Greeting = Type.Object({ to: Type.String({ minLength: 1 }), times: Type.Integer({ minimum: 1, default: 1 }) });

/** A test app with jobs defined at registration, as a module's plugin would. */
async function appWith(define: (app: TestApp) => void): Promise<TestApp> {
  const app = await buildTestApp({ seed: 'none', routes: async (a) => define(a as TestApp) });
  apps.push(app);
  return app;
}

const runsOf = (app: TestApp, name: string) =>
  app.db.selectFrom('jobRun').selectAll().where('name', '=', name).orderBy('id').execute();

/** Drain until a run happens (pg-boss's retry delay runs on the database's clock); answers the time it took. */
async function drainUntilRun(app: TestApp, limitMs: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs) {
    if ((await app.jobs.drain()) > 0) return Date.now() - t0;
    await sleep(100);
  }
  throw new Error('no run came due');
}

describe('job runner', () => {
  it('runs a queued job with its checked payload and records the run with its counts', async () => {
    const seen: unknown[] = [];
    const app = await appWith((a) =>
      a.jobs.define({
        name: 'test.greet',
        title: '问候',
        payload: Greeting,
        async run(ctx: JobContext, p) {
          seen.push({ p, trigger: ctx.trigger, attempt: ctx.attempt });
          return { read: 3, written: p.times };
        },
      }),
    );
    expect(app.jobs.engine).toBe(usePostgres() ? 'pg-boss' : 'sqlite');
    await app.jobs.enqueue('test.greet', { to: '张三' });
    expect(seen).toEqual([]); // queued, not run: the runner is off in tests until drained
    expect(await app.jobs.drain()).toBe(1);
    expect(seen).toEqual([{ p: { to: '张三', times: 1 }, trigger: 'queued', attempt: 1 }]);
    const [run] = await runsOf(app, 'test.greet');
    expect(run).toMatchObject({
      trigger: 'queued',
      attempt: 1,
      status: 'ok',
      rowsRead: 3,
      rowsWritten: 1,
      error: null,
    });
    expect(run!.finishedAt).toBeGreaterThanOrEqual(run!.startedAt);
    expect(await app.jobs.drain()).toBe(0); // done once
  });

  it('refuses a payload its schema does not accept, and an unknown job', async () => {
    const app = await appWith((a) =>
      a.jobs.define({ name: 'test.greet', title: '问候', payload: Greeting, run: async () => undefined }),
    );
    const bad = await app.jobs.enqueue('test.greet', { to: '' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AppError);
    expect((bad as AppError).code).toBe(Codes.inputError);
    expect((bad as AppError).data).toEqual({ field: 'to' });
    expect((bad as AppError).message).toContain('问候');
    const unknown = await app.jobs.enqueue('test.nothing', {}).catch((e: unknown) => e);
    expect((unknown as AppError).code).toBe(Codes.notFound);
    // 立即运行 starts with {}: a job that needs a payload cannot be run that way.
    const needsPayload = await app.jobs.runNow('test.greet').catch((e: unknown) => e);
    expect((needsPayload as AppError).code).toBe(Codes.conflict);
    expect(await app.jobs.drain()).toBe(0);
    expect(await runsOf(app, 'test.greet')).toEqual([]);
  });

  it('refuses bad definitions when a module registers them', async () => {
    const app = await appWith(() => undefined);
    const base = { title: 't', payload: Type.Object({}), run: async () => undefined };
    // Defining after the app is ready would leave the job without a worker.
    expect(() => app.jobs.define({ ...base, name: 'test.late' })).toThrow(/registers/);
    const early = await buildTestApp({
      seed: 'none',
      routes: async (a) => {
        expect(() => a.jobs.define({ ...base, name: 'NoModule' })).toThrow(/module\.job/);
        expect(() => a.jobs.define({ ...base, name: 'test.cron', cron: '0 2 * *' })).toThrow(/five fields/);
        expect(() => a.jobs.define({ ...base, name: 'test.cron', cron: '0 2 L * *' })).toThrow(/numbers/);
        expect(() =>
          a.jobs.define({
            ...base,
            name: 'test.needs',
            payload: Type.Object({ id: Type.Integer() }),
            cron: '0 2 * * *',
          }),
        ).toThrow(/accept \{\}/);
        a.jobs.define({ ...base, name: 'test.once' });
        expect(() => a.jobs.define({ ...base, name: 'test.once' })).toThrow(/twice/);
      },
    });
    apps.push(early);
  });

  it('retries a failed run after its backoff, doubling, until the limit; each try is a history row', async () => {
    let calls = 0;
    const app = await appWith((a) =>
      a.jobs.define({
        name: 'test.flaky',
        title: '不稳定任务',
        payload: Type.Object({ failTimes: Type.Integer() }),
        retry: { limit: 2, backoffMs: 1000 },
        async run(_ctx, p) {
          calls++;
          if (calls <= p.failTimes)
            throw new Error(`源系统连接失败 postgres://sync:s3cret@10.0.0.8/hr\n    at secret (/srv/app/x.ts:1:1)`);
          return { written: 1 };
        },
      }),
    );
    await app.jobs.enqueue('test.flaky', { failTimes: 1 });
    const t0 = Date.now();
    expect(await app.jobs.drain(t0, ['test.flaky'])).toBe(1);
    if (usePostgres()) {
      expect(await app.jobs.drain(undefined, ['test.flaky'])).toBe(0); // pg-boss holds the retry back for its delay
      expect(await drainUntilRun(app, 6000)).toBeGreaterThanOrEqual(800);
    } else {
      expect(await app.jobs.drain(t0 + 999, ['test.flaky'])).toBe(0);
      expect(await app.jobs.drain(t0 + 1000, ['test.flaky'])).toBe(1);
    }
    const rows = await runsOf(app, 'test.flaky');
    expect(rows.map((r) => [r.trigger, r.attempt, r.status])).toEqual([
      ['queued', 1, 'fail'],
      ['retry', 2, 'ok'],
    ]);
    // The message only: no stack lines, no file paths, the password masked.
    expect(rows[0]!.error).toBe('源系统连接失败 postgres://sync:***@10.0.0.8/hr');

    if (usePostgres()) return; // the doubling is exact on the SQLite engine; pg-boss adds jitter
    calls = 0;
    await app.jobs.enqueue('test.flaky', { failTimes: 5 });
    const t1 = Date.now();
    expect(await app.jobs.drain(t1, ['test.flaky'])).toBe(1);
    expect(await app.jobs.drain(t1 + 1000, ['test.flaky'])).toBe(1); // retry 1 after 1 s
    expect(await app.jobs.drain(t1 + 1000 + 1999, ['test.flaky'])).toBe(0); // retry 2 waits 2 s
    expect(await app.jobs.drain(t1 + 1000 + 2000, ['test.flaky'])).toBe(1);
    expect(await app.jobs.drain(t1 + 60_000, ['test.flaky'])).toBe(0); // limit 2: given up
    const last = (await runsOf(app, 'test.flaky')).slice(2);
    expect(last.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'fail'],
      [2, 'fail'],
      [3, 'fail'],
    ]);
  });

  it('lists jobs with schedule, next run and last status; runNow queues a manual run', async () => {
    const app = await appWith((a) => {
      a.jobs.define({
        name: 'test.nightly',
        title: '夜间同步',
        payload: Type.Object({ full: Type.Boolean({ default: true }) }),
        cron: '15 1 * * *',
        run: async (_c, p) => ({ read: p.full ? 10 : 1 }),
      });
      a.jobs.define({ name: 'test.manual', title: '手动任务', payload: Type.Object({}), run: async () => undefined });
    });
    const before = await app.jobs.list();
    const nightly = before.find((j) => j.name === 'test.nightly')!;
    expect(nightly).toMatchObject({ title: '夜间同步', cron: '15 1 * * *', lastStatus: null });
    const next = new Date(nightly.nextRunAt!);
    expect([next.getHours(), next.getMinutes()]).toEqual([1, 15]);
    expect(nightly.nextRunAt!).toBeGreaterThan(Date.now());
    expect(before.find((j) => j.name === 'test.manual')).toMatchObject({ cron: null, nextRunAt: null });
    expect(before.map((j) => j.name)).toContain('jobs.prune-history');

    await app.jobs.runNow('test.nightly');
    expect(await app.jobs.drain()).toBe(1);
    const [run] = await runsOf(app, 'test.nightly');
    expect(run).toMatchObject({ trigger: 'manual', status: 'ok', rowsRead: 10 });
    const after = (await app.jobs.list()).find((j) => j.name === 'test.nightly')!;
    expect(after).toMatchObject({ lastStatus: 'ok', lastStartedAt: run!.startedAt });

    await app.jobs.schedule('test.nightly', null);
    expect((await app.jobs.list()).find((j) => j.name === 'test.nightly')).toMatchObject({ cron: null });
    await expect(app.jobs.schedule('test.manual', '61 * * * *')).rejects.toThrow();
  });

  it.skipIf(usePostgres())('runs a schedule once when its slot is due, then waits for the next slot', async () => {
    const app = await appWith((a) =>
      a.jobs.define({ name: 'test.nightly', title: '夜间同步', payload: Type.Object({}), run: async () => undefined }),
    );
    await app.jobs.schedule('test.nightly', '0 2 * * *');
    const slot = (await app.jobs.list()).find((j) => j.name === 'test.nightly')!.nextRunAt!;
    expect(await app.jobs.drain(slot - 1, ['test.nightly'])).toBe(0);
    expect(await app.jobs.drain(slot + 30_000, ['test.nightly'])).toBe(1);
    expect(await app.jobs.drain(slot + 40_000, ['test.nightly'])).toBe(0);
    const [run] = await runsOf(app, 'test.nightly');
    expect(run).toMatchObject({ trigger: 'schedule', status: 'ok' });
    const next = (await app.jobs.list()).find((j) => j.name === 'test.nightly')!.nextRunAt!;
    expect(next - slot).toBe(86_400_000);
    // Setting the same expression again keeps the pending slot; a server down for days runs no backlog.
    await app.jobs.schedule('test.nightly', '0 2 * * *');
    expect((await app.jobs.list()).find((j) => j.name === 'test.nightly')!.nextRunAt).toBe(next);
    expect(await app.jobs.drain(next + 3 * 86_400_000, ['test.nightly'])).toBe(0);
    expect(await runsOf(app, 'test.nightly')).toHaveLength(1);
  });

  it.skipIf(!usePostgres())('runs a pg-boss schedule once when its minute comes', async () => {
    const slot = await dueMinute();
    let calls = 0;
    const app = await appWith((a) =>
      a.jobs.define({
        name: 'test.minute',
        title: '整分任务',
        payload: Type.Object({}),
        cron: slot.cron,
        async run() {
          calls++;
        },
      }),
    );
    await app.jobs.start({ pollMs: 500, cronCheckMs: 1000 });
    await waitFor(async () => (await runsOf(app, 'test.minute')).some((r) => r.status === 'ok'), 15_000);
    await sleep(2500); // several more cron checks in the same minute
    expect(calls).toBe(1);
    expect((await runsOf(app, 'test.minute')).map((r) => [r.trigger, r.status])).toEqual([['schedule', 'ok']]);
  });

  it('prunes history older than the kept days and closes runs a crash cut off', async () => {
    const app = await appWith(() => undefined);
    const now = Date.now();
    const day = 86_400_000;
    const row = (startedAt: number, status: 'ok' | 'running') => ({
      name: 'test.old',
      trigger: 'schedule' as const,
      attempt: 1,
      startedAt,
      finishedAt: status === 'ok' ? startedAt + 1 : null,
      status,
      error: null,
    });
    await app.db
      .insertInto('jobRun')
      .values([
        row(now - (JOB_HISTORY_DAYS + 1) * day, 'ok'),
        row(now - 2 * day, 'running'),
        row(now - 2 * day, 'ok'),
        row(now - 1000, 'running'),
      ])
      .execute();
    await app.jobs.runNow('jobs.prune-history');
    expect(await app.jobs.drain()).toBe(1);
    const left = await runsOf(app, 'test.old');
    expect(left.map((r) => r.status)).toEqual(['fail', 'ok', 'running']);
    expect(left[0]!.error).toContain('运行中断');
    const [prune] = await runsOf(app, 'jobs.prune-history');
    expect(prune).toMatchObject({ status: 'ok', rowsWritten: 2 });
  });
});
