import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { JobInfo, JobRunRow } from '../contract';
import { BACKUP_JOB } from './backup-schedule';

const BASE = '/user/api/v1.job';
const PRUNE = 'jobs.prune-history';

describe('job records (运行记录)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });
  const asAdmin = (opts: InjectOptions) => app.injectAs('admin', opts);
  const runs = async (query: Record<string, string> = {}) => {
    const res = await asAdmin({ method: 'GET', url: `${BASE}/runs/`, query });
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data as { list: JobRunRow[]; total: number; page: number; pageSize: number };
  };

  it('refuses every endpoint without a token and to a student, and runs nothing', async () => {
    const endpoints: InjectOptions[] = [
      { method: 'GET', url: `${BASE}/list/` },
      { method: 'GET', url: `${BASE}/runs/` },
      { method: 'POST', url: `${BASE}/runNow/`, payload: { name: PRUNE } },
    ];
    for (const e of endpoints) {
      expect((await app.inject(e)).json().errorCode, String(e.url)).toBe(Codes.notAuthenticated);
      const student = await app.injectAs('student', e);
      expect(student.statusCode, String(e.url)).toBe(403);
      expect(student.json().errorCode, String(e.url)).toBe(Codes.noPermission);
    }
    expect(await app.jobs.drain()).toBe(0);
    expect((await runs()).total).toBe(0);
  });

  it('lists the jobs with their titles and schedules', async () => {
    const res = await asAdmin({ method: 'GET', url: `${BASE}/list/` });
    const jobs = res.json().data as JobInfo[];
    expect(jobs.find((j) => j.name === BACKUP_JOB)).toMatchObject({
      title: '定时备份',
      cron: null, // scheduled backups are off by default
      nextRunAt: null,
      lastStatus: null,
    });
    const prune = jobs.find((j) => j.name === PRUNE)!;
    expect(prune).toMatchObject({ title: '清理运行记录', cron: '40 3 * * *', lastStatus: null });
    expect(prune.nextRunAt).toBeGreaterThan(Date.now());
  });

  it('runs a job now for an administrator: audited, then in the history and the list', async () => {
    const res = await asAdmin({ method: 'POST', url: `${BASE}/runNow/`, payload: { name: PRUNE } });
    expect(res.json()).toEqual({ errorCode: Codes.ok, message: expect.any(String), data: null });
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['actorName', 'target', 'result'])
      .where('action', '=', 'job_run_now')
      .execute();
    expect(audit).toEqual([{ actorName: 'admin', target: PRUNE, result: 'ok' }]);
    expect(await app.jobs.drain()).toBe(1);
    const page = await runs({ name: PRUNE });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      name: PRUNE,
      title: '清理运行记录',
      trigger: 'manual',
      status: 'ok',
      attempt: 1,
    });
    const listed = (await asAdmin({ method: 'GET', url: `${BASE}/list/` })).json().data as JobInfo[];
    expect(listed.find((j) => j.name === PRUNE)).toMatchObject({ lastStatus: 'ok' });
  });

  it('filters the history by job and status, newest first, paged', async () => {
    const now = Date.now();
    await app.db
      .insertInto('jobRun')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          name: 'sync.gone',
          trigger: 'schedule' as const,
          attempt: 1,
          startedAt: now - (i + 1) * 60_000,
          finishedAt: now - (i + 1) * 60_000 + 10,
          status: i % 2 === 0 ? ('fail' as const) : ('ok' as const),
          error: i % 2 === 0 ? '源系统无响应' : null,
        })),
      )
      .execute();
    const failed = await runs({ name: 'sync.gone', status: 'fail', page: '1', pageSize: '2' });
    expect(failed.total).toBe(3);
    expect(failed.list).toHaveLength(2);
    // A job no longer defined keeps its history under its name.
    expect(failed.list.map((r) => [r.title, r.status, r.error])).toEqual([
      ['sync.gone', 'fail', '源系统无响应'],
      ['sync.gone', 'fail', '源系统无响应'],
    ]);
    expect(failed.list[0]!.startedAt).toBeGreaterThan(failed.list[1]!.startedAt);
    expect((await runs({ status: 'ok' })).total).toBe(3); // two of sync.gone, the prune run
    expect((await runs()).total).toBe(6);
  });

  it('answers bad input and unknown jobs with the field or the name', async () => {
    const bad = await asAdmin({ method: 'POST', url: `${BASE}/runNow/`, payload: { name: 'DROP TABLE' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe(Codes.inputError);
    expect(JSON.stringify(bad.json())).toContain('name');
    const unknown = await asAdmin({ method: 'POST', url: `${BASE}/runNow/`, payload: { name: 'sync.gone' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: Codes.notFound, message: '任务不存在：sync.gone' });
    const status = await asAdmin({ method: 'GET', url: `${BASE}/runs/`, query: { status: 'lost' } });
    expect(status.json().errorCode).toBe(Codes.inputError);
    expect(await app.jobs.drain()).toBe(0);
  });
});
