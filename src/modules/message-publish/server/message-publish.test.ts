import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, usePostgres, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { xlsxOf } from '@/server/excel/test-xlsx';
import { Codes } from '@/shared/errors';
import { pending } from '@/modules/workflow/server/testing';
import type { ReleaseDetail, ReleaseItem, ReleaseView, TemplateItem } from '../contract';
import { DISPATCH_JOB } from './jobs';
import { DELIVER_JOB } from './service';

const T = '/message/api/v1.publishTemplate';
const R = '/message/api/v1.publish';
const M = '/message/api/v1.message';

let app: TestApp;
let publisher: string;
let other: string;
let approver: string;
let college: { id: number; users: number };
let collegeStudent: string;
let outsider: string;

const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});
// Staff sign in on 教职工服务平台 (they have two platforms): the publisher pages are in its menu.
let staffPlatform: number;
const as = (who: string, opts: Parameters<TestApp['injectAs']>[1]) => app.injectAs(who, opts, staffPlatform);
const post = (who: string, url: string, body: unknown) => as(who, { method: 'POST', url, ...json(body) });
const get = (who: string, url: string) => as(who, { method: 'GET', url });
async function data<T>(res: { json(): { errorCode: string; message: string; data: unknown } }): Promise<T> {
  const b = res.json();
  expect(b.errorCode, b.message).toBe(Codes.ok);
  return b.data as T;
}
const none = { all: false, departmentIds: [], classIds: [], roleCodes: [], platformIds: [], userIds: [] };
const usernamesWithRole = async (code: string) =>
  (
    await app.db
      .selectFrom('appUser')
      .innerJoin('userRole', 'userRole.userId', 'appUser.id')
      .innerJoin('role', 'role.id', 'userRole.roleId')
      .select('appUser.username')
      .where('role.code', '=', code)
      .orderBy('appUser.id')
      .execute()
  ).map((u) => u.username);

beforeAll(async () => {
  app = await buildTestApp();
  staffPlatform = (
    await app.db
      .selectFrom('menu')
      .select('platformId')
      .where('name', '=', 'PublishMessageIndex')
      .executeTakeFirstOrThrow()
  ).platformId!;
  const publishers = await usernamesWithRole('msg_publisher');
  [publisher, other] = [publishers[0]!, publishers[1]!];
  approver = (await usernamesWithRole('msg_approver'))[0]!;
  const c = await app.db.selectFrom('department').select('id').where('code', '=', 'C02').executeTakeFirstOrThrow();
  const people = await app.db
    .selectFrom('appUser')
    .select(['username', 'kind'])
    .where('departmentId', '=', c.id)
    .where('status', '=', 'active')
    .where('isAdmin', '=', 0)
    .execute();
  college = { id: c.id, users: people.length };
  collegeStudent = people.find((p) => p.kind === 'student')!.username;
  outsider = 'student'; // 计算机科学与技术学院 (C01)
});
afterAll(async () => {
  await app?.close();
});

async function inbox(who: string) {
  return data<{ list: { id: number; title: string; link: string; readAt: number | null }[] }>(
    await get(who, `${M}/list/?status=all&page=1&pageSize=50`),
  );
}

describe('消息发布', () => {
  it('grants the pages to office staff (消息发布员) and administrators only', async () => {
    expect(publisher).toBeTruthy();
    expect(approver).toBeTruthy();
    expect((await get('teacher', `${T}/list/?page=1&pageSize=10`)).json().errorCode).toBe(Codes.noPermission);
    expect((await get('student', `${R}/mine/?page=1&pageSize=10`)).json().errorCode).toBe(Codes.noPermission);
    await data(await get('admin', `${T}/list/?page=1&pageSize=10`));
    await data(await get(publisher, `${R}/audienceOptions/`));
  });

  it('keeps templates with their variables; only the author (or an administrator) changes one', async () => {
    const { id } = await data<{ id: number }>(
      await post(publisher, `${T}/save/`, {
        name: '停课通知',
        category: '教学通知',
        title: '{{日期}}停课通知',
        content: '<p>因{{原因}}，{{日期}}停课一天。</p><script>alert(1)</script>',
      }),
    );
    const page = await data<{ list: TemplateItem[] }>(await get(other, `${T}/list/?page=1&pageSize=20&keyword=停课`));
    const t = page.list.find((x) => x.id === id)!;
    expect(t.variables).toEqual(['日期', '原因']);
    expect(t.content).not.toContain('script');
    expect(t.mine).toBe(false);
    const foreign = await post(other, `${T}/save/`, { id, name: 'x', category: 'x', title: 'x', content: '<p>x</p>' });
    expect(foreign.statusCode).toBe(404);
    expect((await post(other, `${T}/delete/`, { id })).statusCode).toBe(404);
    await data(await post(publisher, `${T}/delete/`, { id }));
  });

  it('refuses an empty audience, a past time and a template variable left blank, with their codes', async () => {
    const base = { title: '测试', content: '<p>内容</p>', audience: { ...none, departmentIds: [college.id] } };
    expect((await post(publisher, `${R}/create/`, { ...base, audience: none })).json().errorCode).toBe(
      Codes.messageAudienceEmpty,
    );
    expect(
      (await post(publisher, `${R}/create/`, { ...base, publishAt: Date.now() - 3600_000 })).json().errorCode,
    ).toBe(Codes.messageBadSchedule);
    const v = await post(publisher, `${R}/create/`, { ...base, title: '{{日期}}停课', variables: { 原因: '停电' } });
    expect(v.json().errorCode).toBe(Codes.messageTemplateVariable);
    expect(v.json().message).toContain('日期');
    expect(await app.db.selectFrom('mpRelease').select('id').execute()).toEqual([]);
  });

  let releaseId: number;
  it('delivers a scheduled release to one college at its minute, once, with read receipts', async () => {
    const count = await data<{ count: number }>(
      await post(publisher, `${R}/audienceCount/`, { ...none, departmentIds: [college.id] }),
    );
    expect(count.count).toBe(college.users);
    // PostgreSQL's runner reads the database's clock: there the release is due at once.
    const publishAt = usePostgres() ? Date.now() : Date.now() + 10 * 60_000;
    const created = await data<{ id: number; status: string }>(
      await post(publisher, `${R}/create/`, {
        title: '{{学院}}停电通知',
        content: '<p>{{学院}}明日停电</p>',
        variables: { 学院: '机械工程学院' },
        audience: { ...none, departmentIds: [college.id] },
        publishAt,
      }),
    );
    releaseId = created.id;
    expect(created.status).toBe('scheduled');
    if (!usePostgres()) {
      await app.jobs.drain(publishAt - 60_000, [DELIVER_JOB]);
      expect((await inbox(collegeStudent)).list.some((m) => m.title === '机械工程学院停电通知')).toBe(false);
      await app.jobs.drain(publishAt, [DELIVER_JOB]);
    } else await app.jobs.drain(undefined, [DELIVER_JOB]);
    const mine = (await inbox(collegeStudent)).list.filter((m) => m.title === '机械工程学院停电通知');
    expect(mine).toHaveLength(1);
    expect((await inbox(outsider)).list.some((m) => m.title === '机械工程学院停电通知')).toBe(false);

    // A second delivery (a retry, the minute's safety net) sends nothing more.
    await app.jobs.enqueue(DELIVER_JOB, { releaseId });
    await app.jobs.drain(usePostgres() ? undefined : publishAt + 60_000, [DELIVER_JOB]);
    expect((await inbox(collegeStudent)).list.filter((m) => m.title === '机械工程学院停电通知')).toHaveLength(1);

    await data(await post(collegeStudent, `${M}/read_message/`, { id: mine[0]!.id }));
    const view = await data<ReleaseView>(await get(collegeStudent, `${R}/view/?id=${releaseId}`));
    expect(view.content).toContain('机械工程学院明日停电');
    expect((await get(outsider, `${R}/view/?id=${releaseId}`)).statusCode).toBe(404);

    const d = await data<ReleaseDetail>(await get(publisher, `${R}/detail/?id=${releaseId}`));
    expect(d.status).toBe('sent');
    expect(d.recipients).toBe(college.users);
    expect(d.read).toBe(1);
    expect(d.byDepartment.reduce((n, x) => n + x.total, 0)).toBe(college.users);
    const unread = await data<{ total: number }>(
      await get(publisher, `${R}/unread/?id=${releaseId}&page=1&pageSize=20`),
    );
    expect(unread.total).toBe(college.users - 1);
    const list = await data<{ list: ReleaseItem[] }>(await get(publisher, `${R}/mine/?page=1&pageSize=20`));
    expect(list.list[0]).toMatchObject({ id: releaseId, read: 1, recipients: college.users });
  });

  it('answers 404 for another publisher’s release (detail, unread list, withdraw)', async () => {
    expect((await get(other, `${R}/detail/?id=${releaseId}`)).statusCode).toBe(404);
    expect((await get(other, `${R}/unread/?id=${releaseId}&page=1&pageSize=20`)).statusCode).toBe(404);
    expect((await post(other, `${R}/withdraw/`, { id: releaseId })).statusCode).toBe(404);
    expect((await get('admin', `${R}/detail/?id=${releaseId}`)).statusCode).toBe(404);
  });

  it('withdraws: the messages leave every recipient’s list and the release cannot be withdrawn twice', async () => {
    const r = await data<{ removed: number }>(await post(publisher, `${R}/withdraw/`, { id: releaseId }));
    expect(r.removed).toBe(college.users);
    expect((await inbox(collegeStudent)).list.some((m) => m.title === '机械工程学院停电通知')).toBe(false);
    expect((await get(collegeStudent, `${R}/view/?id=${releaseId}`)).statusCode).toBe(404);
    expect((await post(publisher, `${R}/withdraw/`, { id: releaseId })).json().errorCode).toBe(
      Codes.messageReleaseWrongState,
    );
  });

  it('sends a whole-school release only after its approval in the approval centre', async () => {
    const created = await data<{ id: number; status: string }>(
      await post('admin', `${R}/create/`, {
        title: '全校停水通知',
        content: '<p>周六全校停水</p>',
        audience: { ...none, all: true },
      }),
    );
    expect(created.status).toBe('approving');
    const row = await app.db
      .selectFrom('mpRelease')
      .select('instanceId')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    await app.jobs.drain(undefined, [DISPATCH_JOB, DELIVER_JOB]);
    expect((await inbox('student')).list.some((m) => m.title === '全校停水通知')).toBe(false);

    const task = await pending(app, approver, row.instanceId!);
    expect(task).toBeTruthy();
    await data(await post(approver, '/workflow/api/v1.task/approve/', { taskId: task!.id, comment: '同意' }));
    // The minute job sees the approval and queues the delivery; the delivery sends it.
    await app.jobs.runNow(DISPATCH_JOB);
    await app.jobs.drain(undefined, [DISPATCH_JOB]);
    await app.jobs.drain(usePostgres() ? undefined : Date.now() + 1000, [DELIVER_JOB]);
    expect((await inbox('student')).list.some((m) => m.title === '全校停水通知')).toBe(true);
    expect((await inbox('teacher')).list.some((m) => m.title === '全校停水通知')).toBe(true);
  });

  it('lets the recipients, and nobody else, download an attachment', async () => {
    const up = await data<{ id: string; name: string; size: number; url: string }>(
      await as(publisher, {
        method: 'POST',
        url: `${R}/attachment/`,
        ...multipartBody({ filename: '安排.png', content: TINY_PNG, type: 'image/png' }),
      }),
    );
    // Somebody else's upload cannot ride along.
    const stolen = await post(other, `${R}/create/`, {
      title: '附件',
      content: '<p>见附件</p>',
      attachments: [up],
      audience: { ...none, departmentIds: [college.id] },
    });
    expect(stolen.json().errorCode).toBe(Codes.inputError);
    const { id } = await data<{ id: number }>(
      await post(publisher, `${R}/create/`, {
        title: '附件通知',
        content: '<p>见附件</p>',
        attachments: [up],
        audience: { ...none, departmentIds: [college.id] },
      }),
    );
    await app.jobs.drain(undefined, [DELIVER_JOB]);
    const view = await data<ReleaseView>(await get(collegeStudent, `${R}/view/?id=${id}`));
    expect(view.attachments.map((a) => a.name)).toEqual(['安排.png']);
    expect((await get(collegeStudent, up.url)).statusCode).toBe(200);
    expect((await get(outsider, up.url)).statusCode).toBe(403);
  });

  it('reads an uploaded 学号/工号 list with per-row errors', async () => {
    const file = xlsxOf([
      ['学号/工号', '姓名'],
      ['20230101101', '李明轩'],
      ['99999999999', '无此人'],
      ['20230101101', '重复'],
      ['', '空'],
    ]);
    const res = await as(publisher, {
      method: 'POST',
      url: `${R}/recipientList/`,
      ...multipartBody({ filename: 'list.xlsx', content: file }),
    });
    const d = await data<{ users: { userNo: string }[]; errors: { row: number; message: string }[] }>(res);
    expect(d.users.map((u) => u.userNo)).toEqual(['20230101101']);
    expect(d.errors.map((e) => e.row)).toEqual([3, 4, 5]);
    const bad = await as(publisher, {
      method: 'POST',
      url: `${R}/recipientList/`,
      ...multipartBody({ filename: 'list.xlsx', content: xlsxOf([['姓名'], ['李明轩']]) }),
    });
    expect(bad.json().errorCode).toBe(Codes.messageRecipientList);
  });
});
