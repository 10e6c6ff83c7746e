import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createPgSchema, dropPgSchema, usePostgres, type TestApp } from '@/server/test/helper';
import { dueMinute, sleep, waitFor } from './test-support';

describe.skipIf(!usePostgres())('pg-boss job runner on several app servers', () => {
  const apps: TestApp[] = [];
  let schema: string | null = null;
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    if (schema) await dropPgSchema(schema);
    schema = null;
  });

  it('two app servers on one database run a scheduled job exactly once', async () => {
    schema = await createPgSchema();
    const slot = await dueMinute();
    const ranOn: string[] = [];
    const server = (id: string) =>
      buildTestApp({
        pgSchema: schema!,
        seed: 'none',
        routes: async (app) =>
          app.jobs.define({
            name: 'test.sync',
            title: '同步',
            payload: Type.Object({}),
            cron: slot.cron,
            async run() {
              ranOn.push(id);
              await sleep(300); // long enough for the other server's worker to look for the same work
              return { read: 5, written: 5 };
            },
          }),
      });
    apps.push(await server('a'));
    apps.push(await server('b'));
    // Both servers check the schedule every second and poll every half second.
    await Promise.all(apps.map((a) => a.jobs.start({ pollMs: 500, cronCheckMs: 1000 })));
    // Only this job's runs: the modules' own schedules (e.g. the sync dispatcher, every minute) run too.
    const runs = () =>
      apps[0]!.db
        .selectFrom('jobRun')
        .select(['trigger', 'status', 'rowsRead'])
        .where('name', '=', 'test.sync')
        .execute();
    await waitFor(async () => (await runs()).some((r) => r.status === 'ok'), 20_000);
    await sleep(3000); // several more checks by both servers within the same minute
    expect(ranOn).toHaveLength(1);
    expect(await runs()).toEqual([{ trigger: 'schedule', status: 'ok', rowsRead: 5 }]);
    // Both servers see the one schedule and its last run.
    for (const app of apps) {
      const job = (await app.jobs.list()).find((j) => j.name === 'test.sync')!;
      expect(job).toMatchObject({ cron: slot.cron, lastStatus: 'ok' });
    }
  });

  it('a job queued on one server is run by a worker of either, once', async () => {
    schema = await createPgSchema();
    const ranOn: string[] = [];
    const server = (id: string) =>
      buildTestApp({
        pgSchema: schema!,
        seed: 'none',
        routes: async (app) =>
          app.jobs.define({
            name: 'test.once',
            title: '一次',
            payload: Type.Object({ n: Type.Integer() }),
            async run(_c, p) {
              ranOn.push(`${id}:${p.n}`);
            },
          }),
      });
    apps.push(await server('a'));
    apps.push(await server('b'));
    await Promise.all(apps.map((a) => a.jobs.start({ pollMs: 500 })));
    for (let n = 1; n <= 6; n++) await apps[n % 2]!.jobs.enqueue('test.once', { n });
    await waitFor(async () => ranOn.length >= 6, 15_000);
    await sleep(1000);
    expect(ranOn.map((r) => Number(r.split(':')[1])).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
