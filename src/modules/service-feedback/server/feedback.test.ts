import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { ItemReviews, MyEvaluation, PendingRow, RectifyRow, StatsAnswer, SummaryRow } from '../contract';
import { flagOverdueRectifications } from './service';

const F = '/affairs/api/v1.feedback';
const R = '/affairs/api/v1.rectify';
const A = '/affairs/api/v1.feedbackAdmin';
const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

let app: TestApp;
/** The first staff member of 学生工作处 (the department of the demo's 学生请假 item) and its platform. */
let handler: string;
let staffPlatform: number;
let studentId: number;

const get = (who: string | null, url: string, platformId: number | null = null) =>
  who ? app.injectAs(who, { method: 'GET', url }, platformId) : app.inject({ method: 'GET', url });
const post = (who: string, url: string, body: unknown, platformId: number | null = null) =>
  app.injectAs(who, { method: 'POST', url, ...json(body) }, platformId);

async function labelOf(level: number): Promise<number> {
  const r = await app.db
    .selectFrom('fbLabel')
    .select('id')
    .where('level', '=', level)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

beforeAll(async () => {
  app = await buildTestApp();
  const dept = await app.db
    .selectFrom('department')
    .select('id')
    .where('name', '=', '学生工作处')
    .executeTakeFirstOrThrow();
  const staff = await app.db
    .selectFrom('appUser')
    .select('username')
    .where('departmentId', '=', dept.id)
    .where('kind', '=', 'staff')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  handler = staff.username;
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
  ).id;
  studentId = (
    await app.db.selectFrom('appUser').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => app?.close());

describe('好差评 demo data', () => {
  it('seeds labels of every level and ratings in all five levels with rectifications in every state', async () => {
    const levels = await app.db.selectFrom('fbLabel').select('level').distinct().execute();
    expect(levels.map((l) => l.level).sort()).toEqual([1, 2, 3, 4, 5]);
    const evals = await app.db.selectFrom('fbEvaluation').select(['level']).execute();
    expect(evals.length).toBeGreaterThan(10);
    const states = await app.db.selectFrom('fbRectification').select(['status', 'overdue']).execute();
    expect(new Set(states.map((s) => s.status))).toEqual(new Set(['open', 'replied', 'closed']));
    expect(states.some((s) => s.status === 'open' && s.overdue === 1)).toBe(true);
  });
});

describe('rating an application', () => {
  let pending: PendingRow;

  it('offers the student their ended applications of service items to rate', async () => {
    const res = await get('student', `${F}/pending/?page=1&pageSize=20`);
    expect(res.json().errorCode).toBe(Codes.ok);
    const list = res.json().data.list as PendingRow[];
    expect(list.length).toBeGreaterThan(0);
    pending = list[0]!;
    expect(pending).toMatchObject({ kind: 'instance', itemName: '学生请假', departmentName: '学生工作处' });
  });

  it('refuses a rating of someone else’s application (IDOR) and changes nothing', async () => {
    const before = await app.db
      .selectFrom('fbEvaluation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('teacher', `${F}/rate/`, {
      kind: pending.kind,
      refId: pending.refId,
      level: 5,
      labelIds: [],
      comment: '',
      anonymous: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe(Codes.noPermission);
    const after = await app.db
      .selectFrom('fbEvaluation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a label of another level', async () => {
    const res = await post('student', `${F}/rate/`, {
      kind: 'instance',
      refId: pending.refId,
      level: 1,
      labelIds: [await labelOf(5)],
      comment: '',
      anonymous: false,
    });
    expect(res.json().errorCode).toBe(Codes.feedbackBadLabel);
  });

  it('refuses an application that is still running', async () => {
    const running = await app.db
      .selectFrom('wfInstance')
      .select('id')
      .where('applicantId', '=', studentId)
      .where('status', 'in', ['running', 'returned'])
      .executeTakeFirst();
    expect(running).toBeTruthy();
    const res = await post('student', `${F}/rate/`, {
      kind: 'instance',
      refId: running!.id,
      level: 4,
      labelIds: [],
      comment: '',
      anonymous: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe(Codes.feedbackNotRateable);
  });

  it('a 差评 opens a rectification for the item’s department and tells its staff; a second rating is refused', async () => {
    const res = await post('student', `${F}/rate/`, {
      kind: 'instance',
      refId: pending.refId,
      level: 1,
      labelIds: [await labelOf(1)],
      comment: '三天没人处理😀',
      anonymous: false,
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(res.json().data.rectificationId).toBeGreaterThan(0);
    const again = await post('student', `${F}/rate/`, {
      kind: 'instance',
      refId: pending.refId,
      level: 5,
      labelIds: [],
      comment: '',
      anonymous: false,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe(Codes.feedbackAlreadyRated);

    const mine = (await get('student', `${F}/mine/?page=1&pageSize=5`)).json().data.list as MyEvaluation[];
    expect(mine[0]).toMatchObject({
      refId: pending.refId,
      level: 1,
      comment: '三天没人处理',
      rectification: { status: 'open' },
    });
    const stillPending = (await get('student', `${F}/pending/?page=1&pageSize=200`)).json().data.list as PendingRow[];
    expect(stillPending.some((p) => p.refId === pending.refId)).toBe(false);

    const msg = await app.db
      .selectFrom('message as m')
      .innerJoin('appUser as u', 'u.id', 'm.userId')
      .select('m.link')
      .where('u.username', '=', handler)
      .where('m.title', 'like', '差评整改%')
      .executeTakeFirst();
    expect(msg?.link).toBe('/web/feedback/rectification');
  });

  it('the department sees only its own rectifications, answers, the student sees the answer, the return visit closes it', async () => {
    const list = (await get(handler, `${R}/list/?page=1&pageSize=50&status=open`, staffPlatform)).json();
    expect(list.errorCode).toBe(Codes.ok);
    const task = (list.data.list as RectifyRow[]).find((r) => r.comment === '三天没人处理')!;
    expect(task).toMatchObject({ itemName: '学生请假', applicantName: '李明轩', status: 'open' });
    expect((list.data.list as RectifyRow[]).every((r) => r.departmentName === '学生工作处')).toBe(true);

    // The teacher (计算机学院) may open the page but never sees or answers 学生工作处's task.
    const other = (await get('teacher', `${R}/list/?page=1&pageSize=50`, staffPlatform)).json();
    expect((other.data.list as RectifyRow[]).some((r) => r.id === task.id)).toBe(false);
    const foreign = await post('teacher', `${R}/reply/`, { id: task.id, reply: '已处理' }, staffPlatform);
    expect(foreign.statusCode).toBe(403);
    // A student has no such page at all.
    expect((await get('student', `${R}/list/?page=1&pageSize=10`)).statusCode).toBe(403);

    const visitFirst = await post(
      handler,
      `${R}/visit/`,
      { id: task.id, result: '已回访', satisfied: true },
      staffPlatform,
    );
    expect(visitFirst.json().errorCode).toBe(Codes.feedbackRectifyWrongState);

    const reply = await post(
      handler,
      `${R}/reply/`,
      { id: task.id, reply: '已安排专人每日处理请假审批。' },
      staffPlatform,
    );
    expect(reply.json().errorCode).toBe(Codes.ok);
    // The department's 差评整改 notice is done once answered.
    const notice = await app.db
      .selectFrom('message')
      .select('doneAt')
      .where('subject', '=', `fb_rect:${task.id}`)
      .executeTakeFirstOrThrow();
    expect(notice.doneAt).not.toBeNull();
    const mine = (await get('student', `${F}/mine/?page=1&pageSize=5`)).json().data.list as MyEvaluation[];
    expect(mine[0]!.rectification).toMatchObject({ status: 'replied', reply: '已安排专人每日处理请假审批。' });

    const visit = await post(
      handler,
      `${R}/visit/`,
      { id: task.id, result: '电话回访，表示满意', satisfied: true },
      staffPlatform,
    );
    expect(visit.json().errorCode).toBe(Codes.ok);
    const twice = await post(handler, `${R}/reply/`, { id: task.id, reply: '再次答复' }, staffPlatform);
    expect(twice.json().errorCode).toBe(Codes.feedbackRectifyWrongState);
    const closed = (await get('student', `${F}/mine/?page=1&pageSize=5`)).json().data.list as MyEvaluation[];
    expect(closed[0]!.rectification).toMatchObject({ status: 'closed', visitSatisfied: true });
  });

  it('the overdue job flags an open rectification past its deadline once and tells the department', async () => {
    const open = await app.db
      .selectFrom('fbRectification')
      .select(['id', 'deadline'])
      .where('status', '=', 'open')
      .where('overdue', '=', 0)
      .orderBy('deadline')
      .executeTakeFirstOrThrow();
    const later = Number(open.deadline) + 60_000;
    expect(await flagOverdueRectifications(app.db, later)).toBeGreaterThan(0);
    const row = await app.db
      .selectFrom('fbRectification')
      .select('overdue')
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(row.overdue).toBe(1);
    expect(await flagOverdueRectifications(app.db, later)).toBe(0);
  });
});

describe('rating a booking', () => {
  it('the owner rates an attended booking; another person may not; a cancelled one is not rateable', async () => {
    const rated = await app.db.selectFrom('fbEvaluation').select('refId').where('kind', '=', 'booking').execute();
    const done = new Set(rated.map((r) => r.refId));
    const bookings = await app.db
      .selectFrom('sbBooking as b')
      .innerJoin('appUser as u', 'u.id', 'b.userId')
      .select(['b.id', 'b.status', 'b.slotEnd', 'u.username'])
      .where('b.slotEnd', '<=', Date.now())
      .orderBy('b.slotEnd', 'desc')
      .execute();
    const attended = bookings.find((b) => b.status === 'attended' && !done.has(b.id));
    const cancelled = bookings.find((b) => b.status === 'cancelled');
    expect(attended, 'the booking seed has an attended, unrated booking').toBeTruthy();
    const body = (refId: number) => ({
      kind: 'booking',
      refId,
      level: 4,
      labelIds: [],
      comment: '窗口很快',
      anonymous: true,
    });
    const other = attended!.username === 'student' ? 'teacher' : 'student';
    expect((await post(other, `${F}/rate/`, body(attended!.id))).statusCode).toBe(403);
    const res = await post(attended!.username, `${F}/rate/`, body(attended!.id));
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(res.json().data.rectificationId).toBeNull();
    if (cancelled) {
      const refused = await post(cancelled.username, `${F}/rate/`, body(cancelled.id));
      expect(refused.json().errorCode).toBe(Codes.feedbackNotRateable);
    }
  });
});

describe('one rating each, under concurrency', () => {
  it('of parallel ratings of one application exactly one is stored; the others are told it was rated', async () => {
    // An ended application of the rating window, made unrated again (its rating removed).
    const victim = await app.db
      .selectFrom('fbRateable as r')
      .innerJoin('appUser as u', 'u.id', 'r.userId')
      .select(['r.refId', 'r.evaluationId', 'u.username'])
      .where('r.kind', '=', 'instance')
      .where('r.evaluationId', 'is not', null)
      .where('u.username', '!=', 'student')
      .where('r.endedAt', '>', Date.now() - 60 * 24 * 3600_000)
      .orderBy('r.endedAt', 'desc')
      .executeTakeFirstOrThrow();
    await app.db.deleteFrom('fbRectification').where('evaluationId', '=', victim.evaluationId!).execute();
    await app.db.deleteFrom('fbEvaluationLabel').where('evaluationId', '=', victim.evaluationId!).execute();
    await app.db.deleteFrom('fbEvaluation').where('id', '=', victim.evaluationId!).execute();
    await app.db.deleteFrom('fbRateable').where('kind', '=', 'instance').where('refId', '=', victim.refId).execute();
    const who = victim.username;
    const list = (await get(who, `${F}/pending/?page=1&pageSize=50`)).json().data.list as PendingRow[];
    const target = list.find((p) => p.kind === 'instance' && p.refId === victim.refId);
    expect(target, 'the application is offered again').toBeTruthy();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(who, `${F}/rate/`, {
          kind: 'instance',
          refId: target!.refId,
          level: 5,
          labelIds: [],
          comment: '',
          anonymous: false,
        }),
      ),
    );
    const codes = answers.map((a) => a.json().errorCode);
    expect(codes.filter((c) => c === Codes.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === Codes.feedbackAlreadyRated)).toHaveLength(5);
    const rows = await app.db
      .selectFrom('fbEvaluation')
      .select('id')
      .where('kind', '=', 'instance')
      .where('refId', '=', target!.refId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('public pages', () => {
  it('answers satisfaction per item and per department without a token, searchable', async () => {
    const byItem = (await get(null, `${F}/summary/?by=item&page=1&pageSize=10&keyword=请假`)).json();
    expect(byItem.errorCode).toBe(Codes.ok);
    const leave = (byItem.data.list as SummaryRow[]).find((r) => r.name === '学生请假')!;
    expect(leave.total).toBeGreaterThan(0);
    expect(leave.average).toBeGreaterThan(0);
    expect(leave.satisfiedRate).toBeLessThanOrEqual(1);
    const byDept = (await get(null, `${F}/summary/?by=department&page=1&pageSize=10`)).json();
    expect((byDept.data.list as SummaryRow[]).some((r) => r.name === '学生工作处')).toBe(true);
    const none = (await get(null, `${F}/summary/?by=item&page=1&pageSize=10&keyword=不存在的事项`)).json();
    expect(none.data).toMatchObject({ total: 0, list: [] });
  });

  it('lists to visitors only items visitors may see; signed-in users see every rated item', async () => {
    const leave = await app.db
      .selectFrom('fbEvaluation')
      .select(['itemId', 'itemPublic'])
      .where('itemName', '=', '学生请假')
      .executeTakeFirstOrThrow();
    expect(leave.itemPublic).toBe(1);
    // As if 学生请假 had been a staff-only item when rated.
    await app.db.updateTable('fbEvaluation').set({ itemPublic: 0 }).where('itemId', '=', leave.itemId).execute();
    const url = `${F}/summary/?by=item&page=1&pageSize=50`;
    const names = (res: { json(): { data: { list: SummaryRow[] } } }) => res.json().data.list.map((r) => r.name);
    expect(names(await get(null, url))).not.toContain('学生请假');
    expect(names(await get('student', url))).toContain('学生请假');
    await app.db.updateTable('fbEvaluation').set({ itemPublic: 1 }).where('itemId', '=', leave.itemId).execute();
  });

  it('shows an item’s reviews and distribution; anonymous ones without a name, others masked', async () => {
    const item = await app.db
      .selectFrom('fbEvaluation')
      .select('itemId')
      .where('itemName', '=', '学生请假')
      .executeTakeFirstOrThrow();
    await app.db.updateTable('fbEvaluation').set({ anonymous: 1 }).where('comment', '=', '三天没人处理').execute();
    const res = (await get(null, `${F}/itemReviews/?itemId=${item.itemId}&page=1&pageSize=200`)).json();
    expect(res.errorCode).toBe(Codes.ok);
    const data = res.data as ItemReviews;
    expect(data.distribution.reduce((a, b) => a + b, 0)).toBe(data.total);
    const mine = data.list.find((r) => r.comment === '三天没人处理')!;
    expect(mine.userName).toBe('匿名用户');
    expect(JSON.stringify(data)).not.toContain('李明轩');
    expect(data.list.filter((r) => r.userName !== '匿名用户').every((r) => r.userName.includes('*'))).toBe(true);
    const missing = await get(null, `${F}/itemReviews/?itemId=999999&page=1&pageSize=10`);
    expect(missing.statusCode).toBe(404);
  });

  it('needs a session for my lists and the rating', async () => {
    expect((await get(null, `${F}/pending/?page=1&pageSize=10`)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `${F}/rate/`, ...json({}) })).statusCode).toBe(401);
  });
});

describe('back office', () => {
  it('lists, filters and replies to evaluations; only administrators', async () => {
    expect((await get('student', `${A}/list/?page=1&pageSize=10`)).statusCode).toBe(403);
    const bad = (await get('admin', `${A}/list/?page=1&pageSize=50&bad=true`)).json();
    expect(bad.errorCode).toBe(Codes.ok);
    expect((bad.data.list as MyEvaluation[]).every((e) => e.level <= 2)).toBe(true);
    const first = (bad.data.list as MyEvaluation[])[0]!;
    const reply = await post('admin', `${A}/reply/`, { id: first.id, reply: '已转相关部门整改，感谢监督。' });
    expect(reply.json().errorCode).toBe(Codes.ok);
    const level5 = (await get('admin', `${A}/list/?page=1&pageSize=50&level=5`)).json();
    expect((level5.data.list as MyEvaluation[]).every((e) => e.level === 5)).toBe(true);
  });

  it('manages labels: a duplicate name of a level is refused, a switched-off label cannot be chosen', async () => {
    const made = await post('admin', `${A}/labelSave/`, { level: 4, name: '窗口整洁', sort: 5, enabled: true });
    expect(made.json().errorCode).toBe(Codes.ok);
    const dup = await post('admin', `${A}/labelSave/`, { level: 4, name: '窗口整洁', sort: 6, enabled: true });
    expect(dup.statusCode).toBe(409);
    const id = made.json().data.id as number;
    await post('admin', `${A}/labelSave/`, { id, level: 4, name: '窗口整洁', sort: 5, enabled: false });
    const labels = (await get('student', `${F}/labels/`)).json().data as { id: number }[];
    expect(labels.some((l) => l.id === id)).toBe(false);
    expect((await post('admin', `${A}/labelDelete/`, { id })).json().errorCode).toBe(Codes.ok);
  });

  it('keeps the rectification deadline setting', async () => {
    expect((await post('admin', `${A}/settings/`, { rectifyDays: 0 })).statusCode).toBe(400);
    expect((await post('admin', `${A}/settings/`, { rectifyDays: 5 })).json().errorCode).toBe(Codes.ok);
    expect((await get('admin', `${A}/settings/`)).json().data).toEqual({ rectifyDays: 5 });
  });

  it('groups statistics by item, department and month and exports them', async () => {
    for (const by of ['item', 'department', 'month']) {
      const res = (await get('admin', `${A}/stats/?by=${by}&page=1&pageSize=20`)).json();
      expect(res.errorCode).toBe(Codes.ok);
      const data = res.data as StatsAnswer;
      expect(data.list.length).toBeGreaterThan(0);
      expect(data.list.reduce((a, r) => a + r.total, 0)).toBe(data.overall.total);
    }
    const months = (await get('admin', `${A}/stats/?by=month&page=1&pageSize=20`)).json().data as StatsAnswer;
    expect(months.list[0]!.name).toMatch(/^\d{4}-\d{2}$/);
    const xlsx = await app.injectAs('admin', { method: 'GET', url: `${A}/statsExport/?by=department` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const detail = await app.injectAs('admin', { method: 'GET', url: `${A}/export/?bad=true` });
    expect(detail.statusCode).toBe(200);
    expect(detail.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
