import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { Message, UserMessageCount } from '../contract';
import { sendMessage, SendMessageError } from './commands/send-message';

const M = '/message/api/v1.message';

describe('message service', () => {
  let app: TestApp;
  let ids: { student: number; teacher: number; other: number };
  let tokens: { student: string; teacher: string; other: string; admin: string };

  beforeAll(async () => {
    app = await buildTestApp();
    const idOf = async (username: string) =>
      (await app.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const other = await createTestUser(app, { username: 'msg_other', password: 'Other@2026x' });
    ids = { student: await idOf('student'), teacher: await idOf('teacher'), other };
    tokens = {
      student: await app.tokenFor('student'),
      teacher: await app.tokenFor('teacher'),
      other: await app.tokenFor('msg_other'),
      admin: await app.tokenFor('admin'),
    };
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: { authorization: token } });
  const read = (body: object, token: string) =>
    app.inject({ method: 'POST', url: `${M}/read_message/`, payload: body, headers: { authorization: token } });
  const list = async (token: string, qs = '') => {
    const res = await get(`${M}/list/${qs ? `?${qs}` : ''}`, token);
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data as { list: Message[]; total: number; page: number; pageSize: number };
  };
  const unread = async (token: string) => (await get(`${M}/message_count/`, token)).json().data.unread as number;

  it('seeds the demo student and teacher with messages that open real notices', async () => {
    const mine = await list(tokens.student, 'pageSize=50');
    expect(mine.total).toBeGreaterThanOrEqual(4);
    expect(mine.list.some((m) => m.readAt === null)).toBe(true);
    expect(mine.list.some((m) => m.readAt !== null)).toBe(true);
    for (const m of mine.list.filter((x) => x.link.startsWith('/home/notice/'))) {
      const id = Number(m.link.split('/').pop());
      expect(await app.db.selectFrom('notice').select('status').where('id', '=', id).executeTakeFirst()).toEqual({
        status: 'published',
      });
    }
    expect((await list(tokens.teacher)).total).toBeGreaterThanOrEqual(4);
    // The administrator only meets the demo as the fallback approver of nodes nobody else holds; those
    // tasks are handled by the seed, so nothing is left waiting for them.
    expect((await list(tokens.admin, 'pageSize=50')).list.every((m) => m.doneAt !== null)).toBe(true);
  });

  it('lists only the caller’s own messages, newest first, paged in SQL', async () => {
    const base = Date.now() + 10_000;
    for (let i = 0; i < 5; i++) {
      await sendMessage(app.db, {
        userIds: [ids.other],
        kind: 'task',
        title: `待办 ${i}`,
        body: `第 ${i} 条`,
        link: `/web/taskCenter/taskWorkBench?i=${i}`,
        at: base + i,
      });
    }
    await sendMessage(app.db, { userIds: [ids.student], kind: 'copy', title: '抄送给学生', at: base });
    const page1 = await list(tokens.other, 'page=1&pageSize=2');
    expect(page1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page1.list.map((m) => m.title)).toEqual(['待办 4', '待办 3']);
    const page3 = await list(tokens.other, 'page=3&pageSize=2');
    expect(page3.list.map((m) => m.title)).toEqual(['待办 0']);
    expect(page3.list[0]).toMatchObject({
      kind: 'task',
      body: '第 0 条',
      link: '/web/taskCenter/taskWorkBench?i=0',
      readAt: null,
      createdAt: base,
    });
    expect((await list(tokens.other, 'pageSize=50')).list.some((m) => m.title === '抄送给学生')).toBe(false);
  });

  it('filters by unread and by kind', async () => {
    await sendMessage(app.db, { userIds: [ids.other], kind: 'urge', title: '请尽快处理', at: Date.now() + 20_000 });
    expect((await list(tokens.other, 'kind=urge')).list.map((m) => m.title)).toEqual(['请尽快处理']);
    expect((await list(tokens.other, 'status=unread')).total).toBe(6);
    const bad = await get(`${M}/list/?kind=spam`, tokens.other);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe(Codes.inputError);
  });

  it('counts unread messages and marks one read, once', async () => {
    expect(await unread(tokens.other)).toBe(6);
    const target = (await list(tokens.other, 'kind=urge')).list[0]!;
    const first = await read({ id: target.id }, tokens.other);
    expect(first.json()).toMatchObject({ errorCode: Codes.ok, data: { updated: 1, unread: 5 } });
    const readAt = (await list(tokens.other, 'kind=urge')).list[0]!.readAt;
    expect(readAt).toEqual(expect.any(Number));
    // Reading it again changes nothing, and keeps the first read time.
    expect((await read({ id: target.id }, tokens.other)).json().data).toEqual({ updated: 0, unread: 5 });
    expect((await list(tokens.other, 'kind=urge')).list[0]!.readAt).toBe(readAt);
    expect((await list(tokens.other, 'status=unread')).list.map((m) => m.id)).not.toContain(target.id);
  });

  it("refuses to mark another user's message (answered as missing) and leaves it unread", async () => {
    const theirs = (await list(tokens.student, 'status=unread')).list[0]!;
    const before = await unread(tokens.student);
    const res = await read({ id: theirs.id }, tokens.other);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe(Codes.notFound);
    expect(await unread(tokens.student)).toBe(before);
    expect((await read({ id: 999_999 }, tokens.other)).json().errorCode).toBe(Codes.notFound);
  });

  it('marks all of the caller’s messages read and nobody else’s', async () => {
    const studentBefore = await unread(tokens.student);
    const res = await read({ all: true }, tokens.other);
    expect(res.json().data).toEqual({ updated: 5, unread: 0 });
    expect(await unread(tokens.other)).toBe(0);
    expect(await unread(tokens.student)).toBe(studentBefore);
    expect((await read({}, tokens.other)).statusCode).toBe(400);
    expect((await read({ id: 1, all: true }, tokens.other)).statusCode).toBe(400);
  });

  it('answers per-user counts to administrators only', async () => {
    const student = await get(`${M}/user_message_count/?userId=${ids.student}`, tokens.student);
    expect(student.statusCode).toBe(403);
    const one = (await get(`${M}/user_message_count/?userId=${ids.other}`, tokens.admin)).json().data;
    expect(one).toMatchObject({ total: 1, list: [{ userId: ids.other, username: 'msg_other', unread: 0, total: 6 }] });
    const adminId = (
      await app.db.selectFrom('appUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    expect((await get(`${M}/user_message_count/?userId=${adminId}`, tokens.admin)).json().data.list[0]).toMatchObject({
      unread: 0,
    });
    expect((await get(`${M}/user_message_count/?userId=999999`, tokens.admin)).json().errorCode).toBe(Codes.notFound);

    const all = (await get(`${M}/user_message_count/?pageSize=100`, tokens.admin)).json().data as {
      list: UserMessageCount[];
      total: number;
    };
    // student, teacher, msg_other and the approvers and copy recipients of the demo's sample leave requests.
    const withMessages = await app.db
      .selectFrom('message')
      .select((eb) => eb.fn.count<number>('userId').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(withMessages.n)).toBeGreaterThan(3);
    expect(all.total).toBe(Number(withMessages.n));
    const byName = new Map(all.list.map((r) => [r.username, r]));
    expect(byName.get('msg_other')).toMatchObject({ unread: 0, total: 6 });
    expect(byName.get('student')!.unread).toBe(await unread(tokens.student));
    // Most unread first.
    expect(all.list.map((r) => r.unread)).toEqual([...all.list.map((r) => r.unread)].sort((a, b) => b - a));
  });

  it('refuses every message route without a session', async () => {
    for (const [method, url] of [
      ['GET', `${M}/list/`],
      ['POST', `${M}/read_message/`],
      ['GET', `${M}/message_count/`],
      ['GET', `${M}/user_message_count/`],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().errorCode).toBe(Codes.notAuthenticated);
    }
  });
});

describe('sendMessage', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const count = async (userId: number) =>
    Number(
      (
        await app.db
          .selectFrom('message')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes one row per distinct recipient in batches, stripping emoji', async () => {
    const many: number[] = [];
    for (let i = 0; i < 3; i++)
      many.push(await createTestUser(app, { username: `batch_${i}`, password: 'Batch@2026x' }));
    expect(
      await sendMessage(app.db, { userIds: [...many, many[0]!], kind: 'notice', title: '新通知😀', body: '正文' }),
    ).toBe(3);
    for (const id of many) expect(await count(id)).toBe(1);
    const row = await app.db.selectFrom('message').selectAll().where('userId', '=', many[0]!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'notice', title: '新通知', body: '正文', link: '', readAt: null });
  });

  it('sends nothing when the caller’s transaction rolls back', async () => {
    const id = await createTestUser(app, { username: 'rollback_user', password: 'Roll@2026x' });
    await expect(
      app.db.transaction().execute(async (trx) => {
        await sendMessage(trx, { userIds: [id], kind: 'result', title: '审批通过' });
        throw new Error('the approval failed');
      }),
    ).rejects.toThrow('the approval failed');
    expect(await count(id)).toBe(0);
  });

  it('refuses outside links, unknown kinds and empty titles', async () => {
    await expect(
      sendMessage(app.db, { userIds: [1], kind: 'task', title: 'x', link: 'https://evil.example' }),
    ).rejects.toBeInstanceOf(SendMessageError);
    await expect(
      sendMessage(app.db, { userIds: [1], kind: 'task', title: 'x', link: '//evil.example' }),
    ).rejects.toBeInstanceOf(SendMessageError);
    await expect(sendMessage(app.db, { userIds: [1], kind: 'spam' as 'task', title: 'x' })).rejects.toBeInstanceOf(
      SendMessageError,
    );
    await expect(sendMessage(app.db, { userIds: [1], kind: 'task', title: ' 😀 ' })).rejects.toBeInstanceOf(
      SendMessageError,
    );
    expect(await sendMessage(app.db, { userIds: [], kind: 'task', title: '无人' })).toBe(0);
  });
});
