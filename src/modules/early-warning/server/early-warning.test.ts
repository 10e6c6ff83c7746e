import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import type { DataFieldType } from '@/modules/data-tables/server/commands/get-data-table';
import { RULES } from './rules';
import { approvedLeave } from './seed';
import { recomputeAll, recomputeIfChanged } from './service';

/*
 * 学生预警 end to end on the server: synced-looking data tables (made through data-tables' commands),
 * an approved leave run through the real leave process, the rules, scope (a counsellor's own
 * students, a leader's college, 学工处 everything, 资助中心 the funding amounts), care records and
 * the approval centre's 不再关注 to the college leader.
 */
let app: TestApp;
let staffPlatform: number;
const DAY = 86_400_000;
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+08:00`);

type Student = { id: number; userNo: string; realName: string; collegeId: number | null };
let mine: Student; // the teacher's student (late back, on leave for two nights, absences, cheap meals)
let other: Student; // another counsellor's student (late back, a night away without leave, off-peak meals)
let online: Student; // no gate passage or card payment since 11 Nov, but online every day (an intern off campus)
let silent: Student; // no gate, card or network sign since 11 Nov: 失联
let leaderName: string;
let fundingUser: string;
let affairsUser: string; // 学工处 (the seed gives 学生工作处's first staff member the role)

const as = (username: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
  app.injectAs(username, { method, url, ...(body ? { payload: body } : {}) }, staffPlatform);

function field(name: string, type: DataFieldType, indexed = false) {
  return { name, label: name, type, required: false, indexed, visibility: 'all' as const, description: '', sort: 0 };
}

async function table(code: string, fields: ReturnType<typeof field>[], key: string, rows: Record<string, unknown>[]) {
  const def = await createDataTable(
    app,
    app.db,
    {
      code,
      name: code,
      description: '',
      fields,
      uniqueKey: [key],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  if (rows.length) await writeRows(app, app.db, def.id, rows, { actorId: null, source: 'import' as never });
}

beforeAll(async () => {
  app = await buildTestApp();
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
  ).id;
  const teacher = await app.db
    .selectFrom('appUser')
    .select('id')
    .where('username', '=', 'teacher')
    .executeTakeFirstOrThrow();
  const assigned = await app.db
    .selectFrom('ewCounsellor as k')
    .innerJoin('appUser as u', 'u.id', 'k.studentId')
    .select(['u.id', 'u.userNo', 'u.realName', 'k.collegeId', 'k.counsellorId'])
    .orderBy('u.userNo')
    .execute();
  mine = assigned.find((a) => a.counsellorId === teacher.id && a.userNo !== '20230101101')!;
  other = assigned.find((a) => a.counsellorId !== teacher.id && a.collegeId !== mine.collegeId)!;
  [online, silent] = assigned.filter((a) => a !== mine && a !== other && a.userNo !== '20230101101');
  const leader = await app.db
    .selectFrom('appUser as u')
    .innerJoin('userRole as ur', 'ur.userId', 'u.id')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .select(['u.username', 'u.realName'])
    .where('r.code', '=', 'college_leader')
    .where('u.departmentId', '=', mine.collegeId)
    .executeTakeFirstOrThrow();
  leaderName = leader.username;
  // 资助中心: a staff member of 教务处 given the role for this test.
  const b02 = await app.db
    .selectFrom('appUser as u')
    .innerJoin('department as d', 'd.id', 'u.departmentId')
    .select(['u.id', 'u.username'])
    .where('d.code', '=', 'B02')
    .executeTakeFirstOrThrow();
  const funding = await app.db
    .selectFrom('role')
    .select('id')
    .where('code', '=', 'funding_office')
    .executeTakeFirstOrThrow();
  await app.db.insertInto('userRole').values({ userId: b02.id, roleId: funding.id }).execute();
  fundingUser = b02.username;
  affairsUser = (
    await app.db
      .selectFrom('appUser as u')
      .innerJoin('userRole as ur', 'ur.userId', 'u.id')
      .innerJoin('role as r', 'r.id', 'ur.roleId')
      .select('u.username')
      .where('r.code', '=', 'student_affairs')
      .executeTakeFirstOrThrow()
  ).username;

  // Gate: both come back late three times; `mine` stays out 16–17 Nov on approved leave (the demo's period), `other` one night without.
  const gate: Record<string, unknown>[] = [];
  let id = 0;
  const pass = (s: Student, ms: number, direction: string) =>
    gate.push({
      event_id: ++id,
      student_no: s.userNo,
      student_name: s.realName,
      unit_id: s.collegeId,
      building_id: 1,
      gate_id: 11,
      direction,
      method: '刷卡',
      occurred_at: ms,
    });
  for (const d of ['2026-11-09', '2026-11-11', '2026-11-13']) {
    for (const s of [mine, other]) {
      pass(s, at(d, '08:00'), 'out');
      pass(s, at(d, '23:40'), 'in');
    }
  }
  pass(mine, at('2026-11-16', '09:00'), 'out');
  pass(mine, at('2026-11-18', '15:00'), 'in');
  pass(other, at('2026-11-17', '19:00'), 'out');
  pass(other, at('2026-11-18', '09:30'), 'in');
  for (const s of [mine, other]) pass(s, at('2026-11-20', '08:00'), 'out');
  for (const s of [online!, silent!]) {
    pass(s, at('2026-11-11', '07:50'), 'out');
    pass(s, at('2026-11-11', '18:00'), 'in');
  }
  await table(
    'mj_gate_event',
    [
      field('event_id', 'integer'),
      field('student_no', 'string', true),
      field('student_name', 'string'),
      field('unit_id', 'integer'),
      field('building_id', 'integer'),
      field('gate_id', 'integer'),
      field('direction', 'string'),
      field('method', 'string'),
      field('occurred_at', 'datetime', true),
    ],
    'event_id',
    gate,
  );
  // Attendance: `mine` absent three times.
  await table(
    'jw_attendance',
    [
      field('id', 'integer'),
      field('term_code', 'string'),
      field('course_code', 'string'),
      field('student_no', 'string', true),
      field('student_name', 'string'),
      field('college_id', 'integer'),
      field('week', 'integer'),
      field('class_date', 'date'),
      field('period_start', 'integer'),
      field('status', 'string'),
      field('recorded_at', 'datetime', true),
    ],
    'id',
    ['2026-11-10', '2026-11-12', '2026-11-13'].map((d, i) => ({
      id: i + 1,
      term_code: '2026-2027-1',
      course_code: 'CS101',
      student_no: mine.userNo,
      student_name: mine.realName,
      college_id: mine.collegeId,
      week: 9,
      class_date: d,
      period_start: 1,
      status: '缺勤',
      recorded_at: at(d, '08:05'),
    })),
  );
  // Card: `mine` eats cheaply at peaks, `other` alone at odd hours.
  const txns: Record<string, unknown>[] = [];
  for (let i = 0; i < 32; i++) {
    const ms = at('2026-10-20', '12:00') + Math.floor(i / 2) * DAY + (i % 2) * 6 * 3_600_000;
    txns.push({
      txn_id: txns.length + 1,
      holder_no: mine.userNo,
      holder_name: mine.realName,
      unit_id: mine.collegeId,
      merchant_name: '第二食堂',
      kind: 'canteen',
      amount: -3.5,
      occurred_at: ms,
    });
    txns.push({
      txn_id: txns.length + 1,
      holder_no: other.userNo,
      holder_name: other.realName,
      unit_id: other.collegeId,
      merchant_name: '第一食堂一楼',
      kind: 'canteen',
      amount: -15,
      occurred_at: ms + 2.5 * 3_600_000,
    });
  }
  await table(
    'ykt_txn',
    [
      field('txn_id', 'integer'),
      field('holder_no', 'string', true),
      field('holder_name', 'string'),
      field('unit_id', 'integer'),
      field('merchant_name', 'string'),
      field('kind', 'string'),
      field('amount', 'decimal'),
      field('occurred_at', 'datetime', true),
    ],
    'txn_id',
    txns,
  );
  await app.db.transaction().execute(async (tx) => {
    await approvedLeave(tx, [mine], Date.now());
  });
}, 60_000);

afterAll(async () => {
  await app.close();
});

describe('early warning', () => {
  it('recomputes from the data tables once per period and reads the approved leave', async () => {
    // 失联 without the network table: gate and card only, and the table named as missing.
    const gateCard = await app.db.transaction().execute((tx) => RULES.disContactWarning(app, tx, { days: 4 }));
    expect(gateCard.missing).toEqual(['wl_auth_session']);
    expect(gateCard.findings.map((f) => f.studentNo).sort()).toEqual([online.userNo, silent.userNo].sort());
    expect(gateCard.findings[0]!.reason).toMatch(/^已 \d+ 天无门禁与一卡通记录/);
    // Campus-network sessions: `online` logs in every day up to the 20th (VPN), `silent` last on the 11th.
    const sessions: Record<string, unknown>[] = [];
    const login = (s: Student, ms: number, ap: string) =>
      sessions.push({
        session_id: sessions.length + 1,
        student_no: s.userNo,
        student_name: s.realName,
        unit_id: s.collegeId,
        login_at: ms,
        logout_at: ms + 3_600_000,
        ip: '10.200.16.8',
        ap,
        bytes: 52_428_800,
      });
    for (let d = 11; d <= 20; d++) login(online, at(`2026-11-${d}`, '20:00'), d > 11 ? 'VPN（校外）' : '图书馆-1F');
    login(silent, at('2026-11-11', '12:30'), '第一教学楼');
    await table(
      'wl_auth_session',
      [
        field('session_id', 'integer'),
        field('student_no', 'string', true),
        field('student_name', 'string'),
        field('unit_id', 'integer'),
        field('login_at', 'datetime', true),
        field('logout_at', 'datetime'),
        field('ip', 'string'),
        field('ap', 'string'),
        field('bytes', 'integer'),
      ],
      'session_id',
      sessions,
    );
    const first = await recomputeIfChanged(app);
    // Every approved 学生请假申请 of the seed (service-feedback's too), ours among them.
    expect(first!.leave).toBeGreaterThanOrEqual(2);
    const ours = await app.db
      .selectFrom('ewLeave')
      .select(['startDate', 'endDate'])
      .where('studentNo', '=', mine.userNo)
      .orderBy('startDate')
      .execute();
    expect(ours).toEqual(
      expect.arrayContaining([
        { startDate: '2026-09-15', endDate: '2026-09-17' },
        { startDate: '2026-11-16', endDate: '2026-11-18' },
      ]),
    );
    expect(first?.missing).toEqual(['jw_grade']);
    await recomputeAll(app);
    expect(await recomputeIfChanged(app)).toBeNull(); // nothing synced since
    const rows = await app.db.selectFrom('ewWarning').select(['list', 'studentNo']).execute();
    const key = (r: { list: string; studentNo: string }) => `${r.list}:${r.studentNo}`;
    expect(new Set(rows.map(key)).size).toBe(rows.length);
    expect(rows.map(key).sort()).toEqual(
      [
        `absentWarning:${mine.userNo}`,
        `disContactWarning:${silent.userNo}`,
        `lateBackWarning:${mine.userNo}`,
        `lateBackWarning:${other.userNo}`,
        `preciseFunding:${mine.userNo}`,
        `solitaryWarning:${other.userNo}`,
        `unBackWarning:${other.userNo}`,
      ].sort(),
    );
  });

  it('lists as 失联 only the student silent at the gate, the till and on the network, with the evidence of all three', async () => {
    const id = await idOf('disContactWarning', silent.userNo);
    const detail = (await as(affairsUser, 'GET', `/warning/api/v1.warning/detail/?id=${id}`)).json().data;
    expect(detail.reason).toBe('已 9 天无门禁、一卡通与上网记录（最后一次 2026-11-11 18:00，阈值 4 天）');
    expect(detail.evidence.rows.map((r: { source: string; what: string }) => `${r.source}:${r.what}`)).toEqual([
      '门禁:in',
      '网络:第一教学楼',
      '门禁:out',
    ]);
    expect(
      await app.db
        .selectFrom('ewWarning')
        .select('id')
        .where('list', '=', 'disContactWarning')
        .where('studentNo', '=', online.userNo)
        .execute(),
    ).toEqual([]);
  });

  const idOf = async (list: string, studentNo: string) =>
    (
      await app.db
        .selectFrom('ewWarning')
        .select('id')
        .where('list', '=', list)
        .where('studentNo', '=', studentNo)
        .executeTakeFirstOrThrow()
    ).id;

  it('shows a counsellor only their own students, and refuses another counsellor student by id', async () => {
    const res = await as('teacher', 'GET', '/warning/api/v1.warning/list/?list=lateBackWarning&page=1&pageSize=20');
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(res.json().data.list.map((w: { studentNo: string }) => w.studentNo)).toEqual([mine.userNo]);
    expect(res.json().data.list[0].reason).toContain('23:00 后回宿舍 3 次');
    const theirs = await idOf('lateBackWarning', other.userNo);
    const peek = await as('teacher', 'GET', `/warning/api/v1.warning/detail/?id=${theirs}`);
    expect(peek.statusCode).toBe(403);
    expect(peek.json().errorCode).toBe(Codes.ewNotYourStudent);
    const care = await as('teacher', 'POST', '/warning/api/v1.warning/care/', {
      warningId: theirs,
      action: 'close',
      content: '已处理',
    });
    expect(care.json().errorCode).toBe(Codes.ewNotYourStudent);
  });

  it('answers the evidence, records a dorm visit and closes the warning once', async () => {
    const id = await idOf('lateBackWarning', mine.userNo);
    const detail = (await as('teacher', 'GET', `/warning/api/v1.warning/detail/?id=${id}`)).json().data;
    expect(detail.evidence.rows).toHaveLength(3);
    expect(detail.evidence.columns[0]).toEqual({ key: 'at', title: '进楼时间' });
    const visit = await as('teacher', 'POST', '/warning/api/v1.warning/visit/', {
      studentNo: mine.userNo,
      place: '梅园1号楼 203',
      content: '与学生谈心，了解晚归原因',
      warningId: id,
    });
    expect(visit.json().errorCode).toBe(Codes.ok);
    const close = await as('teacher', 'POST', '/warning/api/v1.warning/care/', {
      warningId: id,
      action: 'close',
      content: '已谈话，保证按时回寝',
    });
    expect(close.json().errorCode).toBe(Codes.ok);
    const again = await as('teacher', 'POST', '/warning/api/v1.warning/care/', {
      warningId: id,
      action: 'contact',
      content: '再次联系',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe(Codes.ewWarningClosed);
    const after = (await as('teacher', 'GET', `/warning/api/v1.warning/detail/?id=${id}`)).json().data;
    expect(after.status).toBe('closed');
    expect(after.care.map((c: { action: string }) => c.action)).toEqual(['close', 'visit']);
    const visits = (await as('teacher', 'GET', '/warning/api/v1.warning/visits/?page=1&pageSize=20')).json().data;
    expect(visits.total).toBe(1);
    // Recomputing keeps the closed warning closed (same student, list and week).
    await recomputeAll(app);
    expect((await as('teacher', 'GET', `/warning/api/v1.warning/detail/?id=${id}`)).json().data.status).toBe('closed');
    // A visit to a student who is not theirs is refused and nothing is written.
    const bad = await as('teacher', 'POST', '/warning/api/v1.warning/visit/', {
      studentNo: other.userNo,
      place: '宿舍',
      content: '走访',
    });
    expect(bad.json().errorCode).toBe(Codes.ewNotYourStudent);
    expect((await app.db.selectFrom('ewVisit').select('id').execute()).length).toBe(1);
  });

  it('shows funding amounts to the funding office only, audits each view, and keeps counsellors out', async () => {
    const url = '/warning/api/v1.warning/list/?list=preciseFunding&page=1&pageSize=20';
    expect((await as('teacher', 'GET', url)).json().errorCode).toBe(Codes.ewNoScope);
    const funding = (await as(fundingUser, 'GET', url)).json().data;
    expect(funding.list[0].amount).toBe(7);
    const affairs = (await as(affairsUser, 'GET', url)).json();
    expect(affairs.data.list[0].amount).toBeNull();
    const detail = (await as(affairsUser, 'GET', `/warning/api/v1.warning/detail/?id=${funding.list[0].id}`)).json()
      .data;
    expect(detail.evidence.columns.map((c: { key: string }) => c.key)).not.toContain('amount');
    const audits = await app.db
      .selectFrom('auditLog')
      .select('actorName')
      .where('action', '=', 'earlyWarning.preciseFunding.view')
      .execute();
    expect(audits.length).toBe(3);
  });

  it('lets only 学工处 change thresholds, within their bounds', async () => {
    const body = { list: 'lateBackWarning', params: { days: 14, curfew: 23, min: 4 } };
    expect((await as('teacher', 'POST', '/warning/api/v1.warning/rule/save/', body)).json().errorCode).toBe(
      Codes.ewNoScope,
    );
    const bad = await as(affairsUser, 'POST', '/warning/api/v1.warning/rule/save/', { ...body, params: { days: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe(Codes.ewBadThreshold);
    const ok = await as(affairsUser, 'POST', '/warning/api/v1.warning/rule/save/', body);
    expect(ok.json().errorCode).toBe(Codes.ok);
    expect(
      (await as('teacher', 'GET', '/warning/api/v1.warning/rule/?list=lateBackWarning')).json().data.params.min,
    ).toBe(4);
  });

  it('ends a follow only when the college leader approves 不再关注', async () => {
    const f = await as('teacher', 'POST', '/warning/api/v1.warningTask/follow/', {
      studentNo: mine.userNo,
      reason: '多次晚归，持续关注',
    });
    const followId = f.json().data.id as number;
    expect(
      (
        await as('teacher', 'POST', '/warning/api/v1.warningTask/follow/', { studentNo: mine.userNo, reason: '重复' })
      ).json().errorCode,
    ).toBe(Codes.ewFollowExists);
    const report = await as('teacher', 'POST', '/warning/api/v1.warningTask/request/', {
      kind: 'report',
      source: 'focus',
      refId: followId,
      content: '本周按时回寝',
    });
    expect(report.json().errorCode).toBe(Codes.ok);
    const req = await as('teacher', 'POST', '/warning/api/v1.warningTask/unfollow/', {
      source: 'focus',
      refId: followId,
      reason: '情况稳定',
    });
    const reqId = req.json().data.id as number;
    expect(
      (await as('teacher', 'POST', '/warning/api/v1.warningTask/decide/', { id: reqId, approve: true })).json()
        .errorCode,
    ).toBe(Codes.ewNotYourStudent);
    const pending = (
      await as(leaderName, 'GET', '/warning/api/v1.warningTask/requests/?kind=unfollow&source=focus&page=1&pageSize=20')
    ).json().data;
    expect(pending.list.map((r: { id: number }) => r.id)).toContain(reqId);
    expect(
      (
        await as(leaderName, 'POST', '/warning/api/v1.warningTask/decide/', {
          id: reqId,
          approve: true,
          comment: '同意',
        })
      ).json().errorCode,
    ).toBe(Codes.ok);
    expect(
      (await as(leaderName, 'POST', '/warning/api/v1.warningTask/decide/', { id: reqId, approve: false })).json()
        .errorCode,
    ).toBe(Codes.ewRequestDecided);
    const follows = (await as('teacher', 'GET', '/warning/api/v1.warningTask/follows/?page=1&pageSize=20')).json().data;
    expect(follows.total).toBe(0);
  });

  it('runs 不再关注 through the workflow engine: the leader refuses in the generic 待办 and the follow stays', async () => {
    const f = await as('teacher', 'POST', '/warning/api/v1.warningTask/follow/', {
      studentNo: mine.userNo,
      reason: '再次关注',
    });
    const followId = f.json().data.id as number;
    const req = await as('teacher', 'POST', '/warning/api/v1.warningTask/unfollow/', {
      source: 'focus',
      refId: followId,
      reason: '情况稳定',
    });
    const reqId = req.json().data.id as number;
    const row = await app.db.selectFrom('ewRequest').selectAll().where('id', '=', reqId).executeTakeFirstOrThrow();
    expect(row.instanceId).toBeGreaterThan(0);
    // The leader's task is in the approval centre's generic 待办; the teacher has none.
    const dsp = (await as(leaderName, 'GET', '/workflow/api/v1.task/list/?type=dsp')).json().data.list as {
      id: number;
      instanceId: number;
    }[];
    const task = dsp.find((t) => t.instanceId === row.instanceId)!;
    expect(task).toBeTruthy();
    const foreign = await as('teacher', 'POST', '/workflow/api/v1.task/approve/', { taskId: task.id, comment: '' });
    expect(foreign.statusCode).toBe(403);
    const res = await as(leaderName, 'POST', '/workflow/api/v1.task/reject/', {
      taskId: task.id,
      comment: '再观察两周',
      to: 'end',
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    const after = await app.db.selectFrom('ewRequest').selectAll().where('id', '=', reqId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'rejected', reply: '再观察两周' });
    const follows = (await as('teacher', 'GET', '/warning/api/v1.warningTask/follows/?page=1&pageSize=20')).json().data;
    expect(follows.list.map((x: { id: number; status: string }) => [x.id, x.status])).toContainEqual([
      followId,
      'following',
    ]);
    const mineList = (
      await as('teacher', 'GET', '/warning/api/v1.warningTask/requests/?kind=unfollow&source=focus&page=1&pageSize=20')
    ).json().data.list as { id: number; reply: string; status: string }[];
    expect(mineList.find((r) => r.id === reqId)).toMatchObject({ status: 'rejected', reply: '再观察两周' });
  });
});
