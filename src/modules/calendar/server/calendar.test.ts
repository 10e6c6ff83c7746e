import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { CalendarAnswer, FeedCreated } from '../contract';
import { parseIcs } from '../ics-check';
import { REMINDER_JOB } from './jobs';
import { sendDueReminders } from './service';

const C = '/portal/api/v1.calendar';
const S = '/portal/api/v1.schoolCalendar';
const HOUR = 3_600_000;
const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

let app: TestApp;
let staffPlatform: number;
let teacherId: number;
let studentId: number;
let deptId: number;

const as = (who: string) => (who === 'teacher' ? staffPlatform : null);
const get = (who: string, url: string) => app.injectAs(who, { method: 'GET', url }, as(who));
const post = (who: string, url: string, body: unknown) =>
  app.injectAs(who, { method: 'POST', url, ...json(body) }, as(who));
const range = (start: number, end: number) => `${C}/events/?start=${start}&end=${end}`;
const event = (over: Record<string, unknown> = {}) => ({
  scope: 'personal',
  title: '小组讨论',
  location: '图书馆',
  note: '',
  startAt: Date.now() + 2 * HOUR,
  endAt: Date.now() + 3 * HOUR,
  allDay: false,
  ...over,
});

beforeAll(async () => {
  app = await buildTestApp();
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
  ).id;
  const users = await app.db
    .selectFrom('appUser')
    .select(['id', 'username', 'departmentId'])
    .where('username', 'in', ['teacher', 'student'])
    .execute();
  teacherId = users.find((u) => u.username === 'teacher')!.id;
  studentId = users.find((u) => u.username === 'student')!.id;
  deptId = users.find((u) => u.username === 'teacher')!.departmentId!;
});
afterAll(async () => app?.close());

describe('personal events', () => {
  it('saves, lists and keeps them from everyone else', async () => {
    const r = await post('student', `${C}/save/`, event());
    expect(r.json().errorCode).toBe('0x00000000');
    const id = r.json().data.id as number;
    const now = Date.now();
    const mine = (await get('student', range(now, now + 86_400_000))).json().data as CalendarAnswer;
    expect(mine.events.map((e) => e.id)).toContain(id);
    expect(mine.events.find((e) => e.id === id)!.editable).toBe(true);
    // The teacher, in the same college, neither sees nor changes nor deletes it.
    const theirs = (await get('teacher', range(now, now + 86_400_000))).json().data as CalendarAnswer;
    expect(theirs.events.map((e) => e.id)).not.toContain(id);
    const edit = await post('teacher', `${C}/save/`, event({ id, title: '改掉' }));
    expect(edit.statusCode).toBe(404);
    expect((await post('teacher', `${C}/delete/`, { id })).statusCode).toBe(404);
    const row = await app.db.selectFrom('calEvent').select('title').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.title).toBe('小组讨论');
    expect((await post('student', `${C}/delete/`, { id })).json().errorCode).toBe('0x00000000');
  });

  it('refuses an end before the start and a window too wide, with the calendar code', async () => {
    const bad = await post('student', `${C}/save/`, event({ endAt: Date.now() }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe(Codes.calendarBadRange);
    const wide = await get('student', range(0, 100 * 86_400_000));
    expect(wide.json().errorCode).toBe(Codes.calendarBadRange);
    const empty = await post('student', `${C}/save/`, event({ title: '' }));
    expect(empty.statusCode).toBe(400);
  });

  it('is closed to visitors and to administrators outside the user menu', async () => {
    expect((await app.inject({ method: 'GET', url: range(0, 1000) })).statusCode).toBe(401);
  });
});

describe('department events', () => {
  it('only a leader of the department keeps them; its members see them', async () => {
    const refused = await post('teacher', `${C}/save/`, event({ scope: 'department', title: '学院大会' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(Codes.calendarNotDepartmentEditor);

    await app.db.insertInto('departmentLeader').values({ departmentId: deptId, userId: teacherId, sort: 99 }).execute();
    try {
      const ok = await post('teacher', `${C}/save/`, event({ scope: 'department', title: '学院大会' }));
      expect(ok.json().errorCode).toBe('0x00000000');
      const id = ok.json().data.id as number;
      const now = Date.now();
      const seen = (await get('student', range(now, now + 86_400_000))).json().data as CalendarAnswer;
      const e = seen.events.find((x) => x.id === id)!;
      expect(e.scope).toBe('department');
      expect(e.editable).toBe(false);
      expect((await post('student', `${C}/delete/`, { id })).json().errorCode).toBe(Codes.calendarNotDepartmentEditor);
      expect((await post('teacher', `${C}/delete/`, { id })).json().errorCode).toBe('0x00000000');
    } finally {
      await app.db.deleteFrom('departmentLeader').where('userId', '=', teacherId).where('sort', '=', 99).execute();
    }
  });
});

describe('reminders', () => {
  it('sends each due reminder once through the message centre, at its minute', async () => {
    const start = Date.now() + 30 * 60_000;
    const r = await post(
      'student',
      `${C}/save/`,
      event({ title: '提醒测试', startAt: start, endAt: start + HOUR, remindMinutes: 15 }),
    );
    const id = r.json().data.id as number;
    const remindAt = start - 15 * 60_000;
    expect(await sendDueReminders(app.db, remindAt - 60_000)).toBe(0);
    expect(await sendDueReminders(app.db, remindAt)).toBe(1);
    expect(await sendDueReminders(app.db, remindAt + 60_000)).toBe(0);
    const msg = await app.db
      .selectFrom('message')
      .select(['title', 'link'])
      .where('userId', '=', studentId)
      .where('title', '=', '日程提醒：提醒测试')
      .execute();
    expect(msg).toHaveLength(1);
    expect(msg[0]!.link).toMatch(/^\/web\/lightApps\/calendar\?date=\d{4}-\d{2}-\d{2}$/);
    await post('student', `${C}/delete/`, { id });
  });

  it('runs as the scheduled job', async () => {
    const start = Date.now();
    await post(
      'student',
      `${C}/save/`,
      event({ title: '马上开始', startAt: start, endAt: start + HOUR, remindMinutes: 0 }),
    );
    await app.jobs.runNow(REMINDER_JOB);
    await app.jobs.drain(undefined, [REMINDER_JOB]);
    const n = await app.db.selectFrom('message').select('id').where('title', '=', '日程提醒：马上开始').execute();
    expect(n).toHaveLength(1);
  });
});

describe('iCalendar feed', () => {
  it('answers a parseable calendar to its link, and nothing once revoked', async () => {
    await post('admin', `${S}/save/`, {
      kind: 'holiday',
      title: '测试假期',
      startDate: '2026-10-01',
      endDate: '2026-10-07',
      note: '',
    });
    await post('teacher', `${C}/save/`, event({ title: '课题组例会; 第1次' }));
    const created = (await post('teacher', `${C}/feed/create/`, {})).json().data as FeedCreated;
    const path = new URL(created.url).pathname;
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const cal = parseIcs(res.body);
    expect(cal.events.map((e) => e.summary)).toContain('课题组例会; 第1次');
    const holiday = cal.events.find((e) => e.summary === '【假期】测试假期')!;
    expect(holiday).toMatchObject({ dtstart: '20261001', startValue: 'DATE', dtend: '20261008' });
    expect((await get('teacher', `${C}/feed/`)).json().data.active).toBe(true);

    // A new link replaces the old one; revoking stops it at once.
    const again = (await post('teacher', `${C}/feed/create/`, {})).json().data as FeedCreated;
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const path2 = new URL(again.url).pathname;
    expect((await app.inject({ method: 'GET', url: path2 })).statusCode).toBe(200);
    await post('teacher', `${C}/feed/revoke/`, {});
    const gone = await app.inject({ method: 'GET', url: path2 });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorCode).toBe(Codes.calendarFeedRevoked);
    expect(
      (await app.inject({ method: 'GET', url: '/portal/calendar/feed/not-a-real-token-at-all-xx.ics' })).statusCode,
    ).toBe(404);
  });
});

describe('school calendar (back office)', () => {
  it('administrators keep it; users read it in their calendar and cannot change it', async () => {
    const saved = await post('admin', `${S}/save/`, {
      kind: 'term',
      title: '测试学期',
      startDate: '2030-09-02',
      endDate: '2031-01-17',
      note: '',
    });
    expect(saved.json().errorCode).toBe('0x00000000');
    const id = saved.json().data.id as number;
    const list = (await get('admin', `${S}/list/?kind=term&year=2030`)).json().data;
    expect(list.list.map((r: { id: number }) => r.id)).toContain(id);
    const start = Date.UTC(2030, 8, 10);
    const seen = (await get('student', range(start, start + 7 * 86_400_000))).json().data as CalendarAnswer;
    expect(seen.terms.map((t) => t.title)).toContain('测试学期');
    expect(
      (
        await post('student', `${S}/save/`, {
          kind: 'term',
          title: 'x',
          startDate: '2030-01-01',
          endDate: '2030-01-02',
          note: '',
        })
      ).statusCode,
    ).toBe(403);
    const bad = await post('admin', `${S}/save/`, {
      kind: 'exam',
      title: 'x',
      startDate: '2030-02-10',
      endDate: '2030-02-01',
      note: '',
    });
    expect(bad.json().errorCode).toBe(Codes.calendarBadRange);
    const badDay = await post('admin', `${S}/save/`, {
      kind: 'exam',
      title: 'x',
      startDate: '2030-02-31',
      endDate: '2030-03-01',
      note: '',
    });
    expect(badDay.statusCode).toBe(400);
    expect((await post('admin', `${S}/delete/`, { id })).json().errorCode).toBe('0x00000000');
    expect((await post('admin', `${S}/delete/`, { id })).statusCode).toBe(404);
  });
});
