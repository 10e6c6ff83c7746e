import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@/server/app';
import { testConfig, usePostgres } from '@/server/test/helper';
import { waitFor } from './test-support';

const Payload = Type.Object({ note: Type.String() });

/** The real app on a SQLite file, with one job that records what it ran. */
async function appOnFile(file: string, seen: string[]): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ DATA_DIR: path.dirname(file) }),
    db: { sqliteFile: file },
    startJobs: false,
  });
  await app.register(async (a) =>
    a.jobs.define({
      name: 'test.persist',
      title: '持久任务',
      payload: Payload,
      async run(_ctx, p) {
        seen.push(p.note);
      },
    }),
  );
  await app.ready();
  return app;
}

describe.skipIf(usePostgres())('SQLite job runner', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps queued work in the database: a new app on the same file runs it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-jobs-'));
    dirs.push(dir);
    const file = path.join(dir, 'campus-portal.sqlite');
    const seen: string[] = [];
    const first = await appOnFile(file, seen);
    await first.jobs.enqueue('test.persist', { note: '重启前提交' });
    await first.jobs.enqueue('test.persist', { note: '明天再跑' }, { runAt: Date.now() + 86_400_000 });
    await first.close(); // the process stops before the runner got to it

    const second = await appOnFile(file, seen);
    try {
      await second.jobs.start({ pollMs: 50 });
      await waitFor(async () => seen.length > 0, 5000);
      expect(seen).toEqual(['重启前提交']); // the later one waits for its time
      // Only this job's runs: a module's every-minute schedule may also fire while the test waits.
      const runs = await second.db
        .selectFrom('jobRun')
        .select(['name', 'trigger', 'status'])
        .where('name', '=', 'test.persist')
        .execute();
      expect(runs).toEqual([{ name: 'test.persist', trigger: 'queued', status: 'ok' }]);
      expect(
        await second.db.selectFrom('jobQueue').select('payload').where('name', '=', 'test.persist').execute(),
      ).toEqual([{ payload: JSON.stringify({ note: '明天再跑' }) }]);
    } finally {
      await second.close();
    }
  });

  it('polls on a timer that never keeps the process alive and stops when the app closes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-jobs-'));
    dirs.push(dir);
    const app = await appOnFile(path.join(dir, 'campus-portal.sqlite'), []);
    const setSpy = vi.spyOn(globalThis, 'setInterval');
    const clearSpy = vi.spyOn(globalThis, 'clearInterval');
    await app.jobs.start({ pollMs: 60_000 });
    const timer = setSpy.mock.results.at(-1)!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await app.close();
    expect(clearSpy).toHaveBeenCalledWith(timer);
  });
});
