import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { SearchAnswer } from '../contract';
import { indexSearchDocs } from './commands/search-index';

const S = '/portal/api/v1.search';

describe('portal search endpoints', () => {
  let app: TestApp;
  let staffRole: number;
  beforeAll(async () => {
    app = await buildTestApp();
    const rolesOf = async (username: string) =>
      (
        await app.db
          .selectFrom('appUser')
          .innerJoin('userRole', 'userRole.userId', 'appUser.id')
          .select('userRole.roleId')
          .where('appUser.username', '=', username)
          .execute()
      ).map((r) => Number(r.roleId));
    const studentRoles = await rolesOf('student');
    staffRole = (await rolesOf('teacher')).find((r) => !studentRoles.includes(r))!;
    await indexSearchDocs(app.db, [
      {
        kind: 'item',
        refId: 9001,
        title: '天文台观测预约',
        body: '观测',
        path: '/web/eventService/online?id=9001',
        audience: ['public'],
      },
      {
        kind: 'item',
        refId: 9002,
        title: '天文台夜间观测预约',
        body: '仅教职工',
        path: '/x',
        audience: [`role:${staffRole}`],
      },
      {
        kind: 'form',
        refId: 9003,
        title: '天文台观测申请表',
        body: '',
        path: '/web/eventService/formWrite?id=9003',
        audience: ['user'],
      },
    ]);
  });
  afterAll(() => app.close());

  const get = async (url: string, as?: string) => {
    const res = as ? await app.injectAs(as, { method: 'GET', url }) : await app.inject({ method: 'GET', url });
    return res.json() as { errorCode: string; data: unknown };
  };

  it('answers a visitor only public documents, with counts per kind', async () => {
    // (the demo FAQ and notices of the seed answer too: look at the items)
    const r = (await get(`${S}/search/?q=${encodeURIComponent('观测预约')}&kind=item`)).data as SearchAnswer;
    expect(r.list.map((h) => h.refId)).toEqual([9001]);
    expect(r.counts.find((c) => c.kind === 'item')!.count).toBe(1);
    const initials = (await get(`${S}/search/?q=twtgc&kind=item`)).data as SearchAnswer;
    expect(initials.list.map((h) => h.refId)).toEqual([9001]);
    expect(r.total).toBe(1);
    const staff = (await get(`${S}/search/?q=${encodeURIComponent('观测预约')}`, 'teacher')).data as SearchAnswer;
    expect(staff.total).toBe(staff.counts.reduce((n, c) => n + c.count, 0));
    expect(staff.total).toBeGreaterThanOrEqual(2);
  });

  it('a staff-only document never reaches a student, but reaches staff', async () => {
    const student = (await get(`${S}/search/?q=${encodeURIComponent('观测预约')}`, 'student')).data as SearchAnswer;
    expect(student.list.map((h) => h.refId)).not.toContain(9002);
    const staff = (await get(`${S}/search/?q=${encodeURIComponent('观测预约')}`, 'teacher')).data as SearchAnswer;
    expect(staff.list.map((h) => h.refId)).toContain(9002);
  });

  it('findSearchForm searches forms only, for signed-in users here', async () => {
    expect(((await get(`${S}/findSearchForm/?q=twtgc`)).data as { total: number }).total).toBe(0);
    const r = (await get(`${S}/findSearchForm/?q=twtgc`, 'student')).data as { list: { refId: number }[] };
    expect(r.list.map((h) => h.refId)).toEqual([9003]);
  });

  it('keeps at most 10 recent words per user, newest first, and counts hot words', async () => {
    for (let i = 0; i < 12; i++) await get(`${S}/search/?q=${encodeURIComponent(`观测${i}`)}`, 'student');
    await get(`${S}/search/?q=${encodeURIComponent('天文台')}`, 'student');
    const recent = (await get(`${S}/recentWords/`, 'student')).data as string[];
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe('天文台');
    expect(recent).not.toContain('观测0');
    const hot = (await get(`${S}/hotWords/?limit=20`)).data as { word: string; count: number }[];
    expect(hot.map((h) => h.word)).toContain('观测预约');
    // words that found nothing are not counted as hot
    expect(hot.map((h) => h.word)).not.toContain('观测11');
    const cleared = await app.injectAs('student', { method: 'POST', url: `${S}/clearRecentWords/`, payload: {} });
    expect(cleared.json().errorCode).toBe(Codes.ok);
    expect((await get(`${S}/recentWords/`, 'student')).data).toEqual([]);
  });

  it('refuses a bad kind and an over-long query with the coded envelope; recent words need a session', async () => {
    expect((await get(`${S}/search/?q=a&kind=bad`)).errorCode).toBe(Codes.inputError);
    expect((await get(`${S}/search/?q=${'x'.repeat(61)}`)).errorCode).toBe(Codes.inputError);
    expect((await get(`${S}/recentWords/`)).errorCode).not.toBe(Codes.ok);
  });
});
