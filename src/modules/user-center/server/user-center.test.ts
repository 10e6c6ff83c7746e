import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import qs from 'qs';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { putSetting } from '@/server/identity/settings';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import type { DataTableField } from '@/modules/data-tables/contract';
import { encryptPassword, fetchPublicKey } from '@/modules/auth/server/testing';
import { Codes } from '@/shared/errors';
import { UC, USER } from '../contract';
import { DAY_MS, dayStart, isoDay, TERM_SETTING, termPosition } from './calendar';
import { CLEANUP_JOB } from './jobs';

const field = (name: string, type: DataTableField['type'], indexed = false): DataTableField => ({
  name,
  label: name,
  type,
  required: false,
  indexed,
  visibility: 'all',
  description: '',
  sort: 0,
});

/**
 * The personal centre against real data tables (made here with the data centre's commands, as the
 * syncs fill them): a student and a staff member each see only their own rows, payslips need the
 * password again, renewals follow the library's rules, the card office decides 挂失.
 */
describe('personal centre', () => {
  let app: TestApp;
  let key: string;
  const now = Date.now();
  const today = isoDay(now);
  let studentNo = '';
  let teacherNo = '';

  const data = <T>(res: LightMyRequestResponse): T => {
    expect(res.json().errorCode, res.body).toBe(Codes.ok);
    return res.json().data as T;
  };
  let staffPlatform = 0;
  // The teacher is on two platforms: their calls name the staff one, as after choosing it.
  const platformOf = (user: string) => (user === 'teacher' || user === 'uc-staff' ? staffPlatform : null);
  const get = (user: string, url: string) => app.injectAs(user, { method: 'GET', url }, platformOf(user));
  const post = (user: string, url: string, body: Record<string, unknown> = {}) =>
    app.injectAs(
      user,
      {
        method: 'POST',
        url,
        payload: qs.stringify(body),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      platformOf(user),
    );

  beforeAll(async () => {
    app = await buildTestApp();
    key = await fetchPublicKey(app);
    staffPlatform = (
      await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
    ).id;
    await createTestUser(app, { username: 'uc-other', password: 'Other@2026', kind: 'student' });
    const users = await app.db
      .selectFrom('appUser')
      .select(['username', 'userNo', 'departmentId'])
      .where('username', 'in', ['student', 'teacher'])
      .execute();
    studentNo = users.find((u) => u.username === 'student')!.userNo;
    const teacher = users.find((u) => u.username === 'teacher')!;
    teacherNo = teacher.userNo;
    // This week is week 1 of the term, whatever day the test runs.
    const pos = termPosition({ code: 'x', name: 'x', start: '2026-09-07', weeks: 19 }, now);
    const monday = isoDay(dayStart(today) - (pos.weekday - 1) * DAY_MS);
    await putSetting(app.db, TERM_SETTING, { code: 'T1', name: '测试学期', start: monday, weeks: 19 });

    const table = async (
      code: string,
      fields: DataTableField[],
      uniqueKey: string[],
      rows: Record<string, unknown>[],
    ) => {
      await app.db.transaction().execute(async (trx) => {
        const def = await createDataTable(
          app,
          trx,
          {
            code,
            name: code,
            description: '',
            fields,
            uniqueKey,
            ownerDepartmentId: teacher.departmentId,
            scopeField: null,
          },
          null,
        );
        await writeRows(app, trx, def.id, rows, { actorId: null, source: 'sync' });
      });
    };
    await table(
      'ykt_card',
      [
        field('card_no', 'string'),
        field('holder_no', 'string', true),
        field('status', 'string'),
        field('balance', 'decimal'),
        field('updated_at', 'datetime'),
      ],
      ['card_no'],
      [
        { card_no: 'C1', holder_no: studentNo, status: '正常', balance: 88.5, updated_at: now },
        { card_no: 'C2', holder_no: 'uc-other', status: '正常', balance: 12, updated_at: now },
      ],
    );
    await table(
      'ykt_txn',
      [
        field('txn_id', 'integer'),
        field('holder_no', 'string', true),
        field('merchant_name', 'string'),
        field('kind', 'string'),
        field('amount', 'decimal'),
        field('balance_after', 'decimal'),
        field('occurred_at', 'datetime', true),
      ],
      ['txn_id'],
      [
        ...Array.from({ length: 30 }, (_, i) => ({
          txn_id: i + 1,
          holder_no: studentNo,
          merchant_name: i % 2 ? '第一食堂一楼' : '东区浴室',
          kind: i % 2 ? 'canteen' : 'bath',
          amount: -5,
          balance_after: 100 - i * 5,
          occurred_at: now - i * 3_600_000,
        })),
        {
          txn_id: 99,
          holder_no: studentNo,
          merchant_name: '自助圈存机',
          kind: 'recharge',
          amount: 100,
          balance_after: 200,
          occurred_at: now - 1000,
        },
        {
          txn_id: 100,
          holder_no: 'uc-other',
          merchant_name: '第二食堂',
          kind: 'canteen',
          amount: -7,
          balance_after: 5,
          occurred_at: now,
        },
      ],
    );
    const tt = [
      field('id', 'integer'),
      field('term_code', 'string', true),
      field('section_id', 'string'),
      field('course_code', 'string'),
      field('course_name', 'string'),
      field('teacher_no', 'string', true),
      field('teacher_name', 'string'),
      field('class_name', 'string'),
      field('week_start', 'integer'),
      field('week_end', 'integer'),
      field('weekday', 'integer'),
      field('period_start', 'integer'),
      field('period_end', 'integer'),
      field('room', 'string'),
    ];
    const weekday = termPosition({ code: 'T1', name: '', start: '2026-09-07', weeks: 19 }, now).weekday;
    await table(
      'jw_timetable',
      tt,
      ['id'],
      [
        {
          id: 1,
          term_code: 'T1',
          section_id: 'S1',
          course_code: 'CS101',
          course_name: '数据结构',
          teacher_no: teacherNo,
          teacher_name: '王建国',
          week_start: 1,
          week_end: 16,
          weekday,
          period_start: 1,
          period_end: 2,
          room: '教A101',
        },
        {
          id: 2,
          term_code: 'T1',
          section_id: 'S2',
          course_code: 'CS102',
          course_name: '操作系统',
          teacher_no: teacherNo,
          teacher_name: '王建国',
          week_start: 1,
          week_end: 16,
          weekday: weekday === 7 ? 1 : weekday + 1,
          period_start: 3,
          period_end: 4,
          room: '教A102',
        },
        {
          id: 3,
          term_code: 'T1',
          section_id: 'S3',
          course_code: 'CS103',
          course_name: '编译原理',
          teacher_no: teacherNo,
          teacher_name: '王建国',
          week_start: 1,
          week_end: 16,
          weekday,
          period_start: 5,
          period_end: 6,
          room: '教B201',
        },
      ],
    );
    await table(
      'jw_enrolment',
      [
        field('id', 'integer'),
        field('term_code', 'string'),
        field('section_id', 'string'),
        field('student_no', 'string', true),
      ],
      ['id'],
      [
        { id: 1, term_code: 'T1', section_id: 'S1', student_no: studentNo },
        { id: 2, term_code: 'T1', section_id: 'S2', student_no: studentNo },
        { id: 3, term_code: 'T1', section_id: 'S3', student_no: 'uc-other' },
      ],
    );
    const day = (d: number) => isoDay(now + d * DAY_MS);
    await table(
      'tsg_loan',
      [
        field('loan_id', 'integer'),
        field('reader_no', 'string', true),
        field('title', 'string'),
        field('borrowed_at', 'datetime'),
        field('due_date', 'date'),
        field('renewals', 'integer'),
        field('returned_at', 'datetime'),
        field('status', 'string'),
        field('overdue_days', 'integer'),
        field('fine', 'decimal'),
        field('updated_at', 'datetime'),
      ],
      ['loan_id'],
      [
        {
          loan_id: 1,
          reader_no: studentNo,
          title: '算法导论',
          borrowed_at: now - 10 * DAY_MS,
          due_date: day(20),
          renewals: 0,
          status: '在借',
          overdue_days: 0,
          fine: 0,
        },
        {
          loan_id: 2,
          reader_no: studentNo,
          title: '深入理解计算机系统',
          borrowed_at: now - 40 * DAY_MS,
          due_date: day(-3),
          renewals: 0,
          status: '逾期未还',
          overdue_days: 3,
          fine: 0.3,
        },
        {
          loan_id: 3,
          reader_no: studentNo,
          title: '红楼梦',
          borrowed_at: now - 60 * DAY_MS,
          due_date: day(-30),
          renewals: 1,
          returned_at: now - 31 * DAY_MS,
          status: '已归还',
          overdue_days: 0,
          fine: 0,
        },
        {
          loan_id: 4,
          reader_no: 'uc-other',
          title: '别人的书',
          borrowed_at: now - DAY_MS,
          due_date: day(29),
          renewals: 0,
          status: '在借',
          overdue_days: 0,
          fine: 0,
        },
      ],
    );
    await table(
      'rs_salary',
      [
        field('payslip_id', 'integer'),
        field('staff_no', 'string', true),
        field('pay_month', 'string'),
        field('gross_pay', 'decimal'),
        field('deductions', 'decimal'),
        field('net_pay', 'decimal'),
        field('paid_at', 'datetime'),
      ],
      ['payslip_id'],
      [
        {
          payslip_id: 7,
          staff_no: teacherNo,
          pay_month: '2026-10',
          gross_pay: 12000,
          deductions: 2500,
          net_pay: 9500,
          paid_at: now,
        },
      ],
    );
    await table(
      'rs_salary_item',
      [
        field('item_id', 'integer'),
        field('payslip_id', 'integer', true),
        field('staff_no', 'string', true),
        field('item', 'string'),
        field('kind', 'string'),
        field('amount', 'decimal'),
      ],
      ['item_id'],
      [
        { item_id: 1, payslip_id: 7, staff_no: teacherNo, item: '岗位工资', kind: '应发', amount: 8000 },
        { item_id: 2, payslip_id: 7, staff_no: teacherNo, item: '个人所得税', kind: '扣款', amount: 900 },
      ],
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it('getMyInfo / getPersonalInfo / getMyPic answer the caller only', async () => {
    const info = data<{ username: string; userNo: string }>(await get('student', `${USER}/getMyInfo/`));
    expect(info).toMatchObject({ username: 'student', userNo: studentNo });
    const personal = data<{ facts: { label: string }[] }>(await get('teacher', `${USER}/getPersonalInfo/`));
    expect(personal.facts[0]!.label).toBe('工号');
    expect(data<{ url: null }>(await get('student', `${USER}/getMyPic/`))).toEqual({ url: null });
    expect((await app.inject({ method: 'GET', url: `${USER}/getMyInfo/` })).statusCode).toBe(401);
  });

  it('smart card: balance, transactions filtered and paged in SQL, monthly sums; only the caller’s rows', async () => {
    expect(data<{ balance: number; cardNo: string }>(await get('student', `${UC}/card/info/`))).toMatchObject({
      balance: 88.5,
      cardNo: 'C1',
    });
    const all = data<{ list: { txnId: number; amount: number }[]; total: number }>(
      await get('student', `${UC}/card/txns/?page=1&pageSize=10`),
    );
    expect(all.total).toBe(31);
    expect(all.list).toHaveLength(10);
    expect(all.list.some((t) => t.txnId === 100)).toBe(false);
    const baths = data<{ total: number }>(
      await get('student', `${UC}/card/txns/?page=1&pageSize=10&kind=bath&place=${encodeURIComponent('东区浴室')}`),
    );
    expect(baths.total).toBe(15);
    const none = data<{ total: number }>(
      await get('student', `${UC}/card/txns/?page=1&pageSize=10&from=2000-01-01&to=2000-01-31`),
    );
    expect(none.total).toBe(0);
    const months = data<{ month: string; spent: number; topUp: number }[]>(await get('student', `${UC}/card/monthly/`));
    expect(months).toHaveLength(6);
    const sum = months.reduce((a, m) => a + m.spent, 0);
    expect(sum).toBe(150);
    expect(months.reduce((a, m) => a + m.topUp, 0)).toBe(100);
    // A staff member without a card gets none, never someone else's.
    expect(data(await get('teacher', `${UC}/card/info/`))).toBeNull();
  });

  it('挂失 is a request the card office decides; one at a time; the card status follows', async () => {
    const wrong = await post('student', `${UC}/card/request/`, { kind: 'unfreeze', reason: '' });
    expect([wrong.statusCode, wrong.json().errorCode]).toEqual([400, Codes.userCenterCardWrongState]);
    const { id } = data<{ id: number }>(
      await post('student', `${UC}/card/request/`, { kind: 'loss', reason: '食堂丢失' }),
    );
    const again = await post('student', `${UC}/card/request/`, { kind: 'loss', reason: '' });
    expect([again.statusCode, again.json().errorCode]).toEqual([409, Codes.userCenterCardRequestPending]);
    expect(data<{ pending: { id: number } }>(await get('student', `${UC}/card/info/`)).pending.id).toBe(id);
    // Students are not the card office; the office (the card table's owner department) sees and decides it.
    expect((await get('student', `${UC}/cardOffice/list/?page=1&pageSize=20`)).statusCode).toBe(403);
    expect((await post('student', `${UC}/cardOffice/handle/`, { id, approve: true, remark: '' })).statusCode).toBe(403);
    // Staff outside the office may open the page: they are told why, with a code that does not sign them out.
    const outsiderId = await createTestUser(app, { username: 'uc-staff', password: 'Staff@2026', kind: 'staff' });
    const staffRole = await app.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'staff')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('userRole').values({ userId: outsiderId, roleId: staffRole.id }).execute();
    await app.db.insertInto('platformUser').values({ userId: outsiderId, platformId: staffPlatform }).execute();
    const outsider = await get('uc-staff', `${UC}/cardOffice/list/?page=1&pageSize=20`);
    expect([outsider.statusCode, outsider.json().errorCode]).toEqual([403, Codes.userCenterNotCardOffice]);
    const list = data<{ list: { id: number; userNo: string }[] }>(
      await get('teacher', `${UC}/cardOffice/list/?status=pending&page=1&pageSize=20`),
    );
    expect(list.list.map((r) => [r.id, r.userNo])).toEqual([[id, studentNo]]);
    data(await post('teacher', `${UC}/cardOffice/handle/`, { id, approve: true, remark: '已挂失' }));
    const twice = await post('teacher', `${UC}/cardOffice/handle/`, { id, approve: false, remark: '' });
    expect(twice.json().errorCode).toBe(Codes.userCenterCardRequestDecided);
    const card = data<{ status: string; pending: null; balance: number }>(await get('student', `${UC}/card/info/`));
    expect(card).toMatchObject({ status: '挂失', pending: null, balance: 88.5 });
    // Now 解冻 is the one allowed.
    expect((await post('student', `${UC}/card/request/`, { kind: 'loss', reason: '' })).json().errorCode).toBe(
      Codes.userCenterCardWrongState,
    );
    data(await post('student', `${UC}/card/request/`, { kind: 'unfreeze', reason: '找到了' }));
  });

  it('payslips: months free, amounts only after the password again (5 minutes, this session), no-store', async () => {
    const token = await app.tokenFor('teacher', staffPlatform);
    const as = (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
      app.inject({
        method,
        url,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(body ? { payload: qs.stringify(body) } : {}),
      });
    const status = await as('GET', `${UC}/salary/status/`);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(data<{ months: string[]; unlockedUntil: null }>(status)).toEqual({
      months: ['2026-10'],
      unlockedUntil: null,
    });
    const locked = await as('GET', `${UC}/salary/detail/?month=2026-10`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().errorCode).toBe(Codes.userCenterVerifyRequired);
    const wrong = await as('POST', `${UC}/salary/verify/`, { password: encryptPassword(key, 'Wrong@2026') });
    expect(wrong.statusCode).toBe(400);
    data(await as('POST', `${UC}/salary/verify/`, { password: encryptPassword(key, 'Teacher@2026') }));
    const slip = await as('GET', `${UC}/salary/detail/?month=2026-10`);
    expect(slip.headers['cache-control']).toBe('no-store');
    expect(data<{ net: number; items: unknown[] }>(slip)).toMatchObject({
      net: 9500,
      items: [{ item: '岗位工资' }, { item: '个人所得税' }],
    });
    // Another session of the same person is still locked; so is it after five minutes.
    expect((await get('teacher', `${UC}/salary/detail/?month=2026-10`)).statusCode).toBe(403);
    await app.db
      .updateTable('ucSalaryUnlock')
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    expect((await as('GET', `${UC}/salary/detail/?month=2026-10`)).statusCode).toBe(403);
    // Students have no payslip page.
    expect((await get('student', `${UC}/salary/status/`)).statusCode).toBe(403);
  });

  it('loans: current and history; renew follows the rules and writes the new due date', async () => {
    const cur = data<{ list: { loanId: number; renewable: boolean; overdue: boolean }[]; total: number }>(
      await get('student', `${UC}/library/loans/?scope=current&page=1&pageSize=20`),
    );
    expect(cur.list.map((l) => [l.loanId, l.renewable, l.overdue])).toEqual([
      [2, false, true],
      [1, true, false],
    ]);
    const hist = data<{ total: number }>(await get('student', `${UC}/library/loans/?scope=history&page=1&pageSize=20`));
    expect(hist.total).toBe(1);
    const renewed = data<{ renewals: number; dueDate: string }>(
      await post('student', `${UC}/library/renew/`, { loanId: 1 }),
    );
    expect(renewed.renewals).toBe(1);
    expect(renewed.dueDate).toBe(isoDay(dayStart(isoDay(now + 20 * DAY_MS)) + 30 * DAY_MS));
    data(await post('student', `${UC}/library/renew/`, { loanId: 1 }));
    const third = await post('student', `${UC}/library/renew/`, { loanId: 1 });
    expect(third.json().errorCode).toBe(Codes.userCenterRenewDenied);
    expect((await post('student', `${UC}/library/renew/`, { loanId: 2 })).json().errorCode).toBe(
      Codes.userCenterRenewDenied,
    );
    // IDOR: another reader's loan id is not found, and nothing changes.
    expect((await post('student', `${UC}/library/renew/`, { loanId: 4 })).statusCode).toBe(404);
    expect(await app.db.selectFrom('ucRenewal').select('loanId').execute()).toEqual([{ loanId: 1 }, { loanId: 1 }]);
  });

  it('timetable: a student by enrolments, a teacher by 工号; today and next; iCalendar link revocable', async () => {
    const s = data<{ week: number; slots: { courseName: string }[]; todayClasses: { courseName: string }[] }>(
      await get('student', `${UC}/timetable/week/`),
    );
    expect(s.week).toBe(1);
    expect(s.slots.map((x) => x.courseName).sort()).toEqual(['操作系统', '数据结构']);
    expect(s.todayClasses.map((x) => x.courseName)).toEqual(['数据结构']);
    const t = data<{ slots: unknown[] }>(await get('teacher', `${UC}/timetable/week/?week=2`));
    expect(t.slots).toHaveLength(3);

    const made = data<{ url: string }>(await post('student', `${UC}/ical/reset/`));
    const feed = await app.inject({ method: 'GET', url: made.url });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('SUMMARY:数据结构');
    expect(feed.body).not.toContain('编译原理');
    expect(data<{ active: boolean; url: null }>(await get('student', `${UC}/ical/info/`))).toMatchObject({
      active: true,
      url: null,
    });
    data(await post('student', `${UC}/ical/revoke/`));
    const gone = await app.inject({ method: 'GET', url: made.url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorCode).toBe(Codes.userCenterIcalRevoked);
  });

  it('favourites and footprints belong to their owner; the cleanup job drops visits past 90 days', async () => {
    data(await post('student', `${UC}/favorite/add/`, { kind: 'app', refKey: 'a1', title: '图书馆', link: '/web/x' }));
    data(await post('student', `${UC}/favorite/add/`, { kind: 'app', refKey: 'a1', title: '图书馆', link: '/web/x' }));
    expect(
      (await post('student', `${UC}/favorite/add/`, { kind: 'app', refKey: 'a2', title: 'x', link: 'https://evil' }))
        .statusCode,
    ).toBe(400);
    expect(data<{ total: number }>(await get('student', `${UC}/favorite/list/?page=1&pageSize=20`)).total).toBe(1);
    expect(data<{ total: number }>(await get('uc-other', `${UC}/favorite/list/?page=1&pageSize=20`)).total).toBe(0);
    expect(data<{ favorite: boolean }>(await get('student', `${UC}/favorite/check/?kind=app&refKey=a1`)).favorite).toBe(
      true,
    );

    const rec = await app.injectAs('student', {
      method: 'POST',
      url: `${UC}/footprint/record/`,
      payload: { visits: [{ kind: 'page', path: '/web/userCenter/mySmartCard', title: '我的一卡通', at: now }] },
    });
    expect(data<{ recorded: number }>(rec).recorded).toBe(1);
    await app.db
      .insertInto('ucFootprint')
      .values({
        userId: (
          await app.db.selectFrom('appUser').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()
        ).id,
        kind: 'page',
        path: '/old',
        title: '旧',
        visitedAt: now - 91 * DAY_MS,
      })
      .execute();
    const home = data<{ footprints: { path: string }[]; todayClasses: unknown[]; card: { balance: number } }>(
      await get('student', `${UC}/home/`),
    );
    expect(home.footprints.map((f) => f.path)).toEqual(['/web/userCenter/mySmartCard']);
    expect(home.card.balance).toBe(88.5);
    expect(home.todayClasses).toHaveLength(1);
    expect(data<{ total: number }>(await get('teacher', `${UC}/footprint/list/?page=1&pageSize=20`)).total).toBe(0);
    await app.jobs.runNow(CLEANUP_JOB);
    await app.jobs.drain(undefined, [CLEANUP_JOB]);
    expect(await app.db.selectFrom('ucFootprint').select('path').execute()).toEqual([
      { path: '/web/userCenter/mySmartCard' },
    ]);
    data(await post('student', `${UC}/footprint/clear/`));
    expect(data<{ total: number }>(await get('student', `${UC}/footprint/list/?page=1&pageSize=20`)).total).toBe(0);
  });

  it('contact binding needs the code; sessions: sign out elsewhere, never another user’s', async () => {
    data(await post('student', `${UC}/contact/code/`, { channel: 'phone', target: '13800138000' }));
    const row = await app.db.selectFrom('ucContactCode').select(['id', 'userId', 'codeHash']).executeTakeFirstOrThrow();
    // The code goes to the log only (no SMS gateway yet): put a known one in its place.
    const known =
      row.codeHash === createHash('sha256').update(`${row.userId}:000000`).digest('hex') ? '111111' : '000000';
    expect((await post('student', `${UC}/contact/bind/`, { channel: 'phone', code: known })).json().errorCode).toBe(
      Codes.userCenterBadCode,
    );
    await app.db
      .updateTable('ucContactCode')
      .set({ codeHash: createHash('sha256').update(`${row.userId}:123456`).digest('hex') })
      .where('id', '=', row.id)
      .execute();
    expect(data(await post('student', `${UC}/contact/bind/`, { channel: 'phone', code: '123456' }))).toEqual({
      phone: '13800138000',
    });
    expect(data<{ phone: string }>(await get('student', `${USER}/getMyInfo/`)).phone).toBe('13800138000');
    expect((await post('student', `${UC}/contact/bind/`, { channel: 'phone', code: '123456' })).json().errorCode).toBe(
      Codes.userCenterBadCode,
    );
    const token = await app.tokenFor('student');
    await app.tokenFor('student');
    const list = data<{ id: string; current: boolean }[]>(
      await app.inject({ method: 'GET', url: `${UC}/sessions/`, headers: { authorization: token } }),
    );
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const teacherSessions = data<{ id: string }[]>(await get('teacher', `${UC}/sessions/`));
    const foreign = await app.inject({
      method: 'POST',
      url: `${UC}/sessions/revoke/`,
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: qs.stringify({ id: teacherSessions[0]!.id }),
    });
    expect(foreign.statusCode).toBe(404);
    const otherId = list.find((s) => !s.current && s.id !== undefined)!.id;
    expect(otherId).toBeTruthy();
    const res = await app.inject({
      method: 'POST',
      url: `${UC}/sessions/revoke/`,
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: qs.stringify({ id: otherId }),
    });
    data(res);
    expect(
      (await app.inject({ method: 'GET', url: `${UC}/sessions/`, headers: { authorization: token } })).statusCode,
    ).toBe(200);
  });
});
