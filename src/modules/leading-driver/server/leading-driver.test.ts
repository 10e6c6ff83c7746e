import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import type { DataFieldType } from '@/modules/data-tables/server/commands/get-data-table';
import type { SchoolOverview, TeachingOverview } from '../contract';
import { refreshAggregates } from './service';

/*
 * 领导驾驶舱 on the server: data tables made through data-tables' commands with rows whose figures
 * are known, the daily aggregates rebuilt by the job's function, the two answers checked figure by
 * figure; a missing table empties its panel; students and teachers are refused with 0x00000920.
 */
let app: TestApp;
let staffPlatform: number;
let colleges: { id: number; name: string }[];
const pair = () => [colleges[0]!, colleges[1]!] as const;
const at = (date: string, time = '12:00') => Date.parse(`${date}T${time}:00+08:00`);

function field(name: string, type: DataFieldType) {
  return {
    name,
    label: name,
    type,
    required: false,
    indexed: false,
    visibility: 'all' as const,
    description: '',
    sort: 0,
  };
}

async function table(code: string, types: Record<string, DataFieldType>, key: string, rows: Record<string, unknown>[]) {
  const def = await createDataTable(
    app,
    app.db,
    {
      code,
      name: code,
      description: '',
      fields: Object.entries(types).map(([n, t]) => field(n, t)),
      uniqueKey: [key],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  if (rows.length) await writeRows(app, app.db, def.id, rows, { actorId: null, source: 'import' as never });
  return def.id;
}

const get = async <T>(username: string, url: string) => {
  const res = await app.injectAs(username, { method: 'GET', url }, staffPlatform);
  return { status: res.statusCode, body: res.json() as { errorCode: string; data: T; message: string } };
};

let txnTable: number;

beforeAll(async () => {
  app = await buildTestApp();
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
  ).id;
  colleges = await app.db
    .selectFrom('department')
    .select(['id', 'name'])
    .where('kind', '=', 'college')
    .orderBy('id')
    .execute();
  // A school leader: a staff member of the seed given the role 校领导 (what the demo's `leader` holds).
  const leaderRole = await app.db
    .selectFrom('role')
    .select('id')
    .where('code', '=', 'school_leader')
    .executeTakeFirstOrThrow();
  const staffer = await app.db
    .selectFrom('appUser')
    .select('id')
    .where('kind', '=', 'staff')
    .where('username', '<>', 'teacher')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await app.db.insertInto('userRole').values({ userId: staffer.id, roleId: leaderRole.id }).execute();
  await app.db.updateTable('appUser').set({ username: 'leader-test' }).where('id', '=', staffer.id).execute();

  const [x, y] = pair();
  await table(
    'rs_staff',
    { staff_no: 'string', name: 'string', unit_name: 'string', title: 'string', status: 'string' },
    'staff_no',
    [
      { staff_no: 'S1', name: '甲', unit_name: '计算机学院', title: '教授', status: '在职' },
      { staff_no: 'S2', name: '乙', unit_name: '计算机学院', title: '副教授', status: '在职' },
      { staff_no: 'S3', name: '丙', unit_name: '机械学院', title: '教授', status: '离职' },
    ],
  );
  const tt = {
    id: 'integer',
    term_code: 'string',
    section_id: 'string',
    course_code: 'string',
    teacher_no: 'string',
    teacher_name: 'string',
    college_id: 'integer',
    week_start: 'integer',
    week_end: 'integer',
    weekday: 'integer',
    period_start: 'integer',
    period_end: 'integer',
  } as const;
  const T = '2026-2027-1';
  const meet = (
    id: number,
    section: string,
    course: string,
    teacher: string,
    college: number,
    weekday: number,
    p: number,
  ) => ({
    id,
    term_code: T,
    section_id: section,
    course_code: course,
    teacher_no: teacher,
    teacher_name: `教师${teacher}`,
    college_id: college,
    week_start: 1,
    week_end: 16,
    weekday,
    period_start: p,
    period_end: p + 1,
  });
  await table('jw_timetable', tt, 'id', [
    meet(1, 'S1', 'C1', 'T1', x.id, 1, 1),
    meet(2, 'S1', 'C1', 'T1', x.id, 3, 3),
    meet(3, 'S2', 'C2', 'T2', y.id, 2, 1),
  ]);
  const enrol = (id: number, section: string, no: string, college: number) => ({
    id,
    term_code: T,
    section_id: section,
    student_no: no,
    college_id: college,
  });
  await table(
    'jw_enrolment',
    { id: 'integer', term_code: 'string', section_id: 'string', student_no: 'string', college_id: 'integer' },
    'id',
    [
      enrol(1, 'S1', 'a', x.id),
      enrol(2, 'S1', 'b', x.id),
      enrol(3, 'S1', 'c', x.id),
      enrol(4, 'S2', 'd', y.id),
      enrol(5, 'S2', 'e', y.id),
    ],
  );
  const att = (id: number, no: string, college: number, week: number, date: string, status: string) => ({
    id,
    term_code: T,
    student_no: no,
    college_id: college,
    week,
    class_date: date,
    status,
    recorded_at: at(date),
  });
  await table(
    'jw_attendance',
    {
      id: 'integer',
      term_code: 'string',
      student_no: 'string',
      college_id: 'integer',
      week: 'integer',
      class_date: 'date',
      status: 'string',
      recorded_at: 'datetime',
    },
    'id',
    [
      att(1, 'a', x.id, 2, '2026-09-14', '缺勤'),
      att(2, 'b', x.id, 2, '2026-09-14', '迟到'),
      att(3, 'd', y.id, 3, '2026-09-22', '缺勤'),
    ],
  );
  const grade = (id: number, term: string, college: number, score: number, kind = '正常考试') => ({
    id,
    term_code: term,
    student_no: `g${id}`,
    college_id: college,
    score,
    exam_kind: kind,
  });
  await table(
    'jw_grade',
    {
      id: 'integer',
      term_code: 'string',
      student_no: 'string',
      college_id: 'integer',
      score: 'integer',
      exam_kind: 'string',
    },
    'id',
    [
      grade(1, '2025-2026-2', x.id, 55),
      grade(2, '2025-2026-2', x.id, 65),
      grade(3, '2025-2026-2', x.id, 95),
      grade(4, '2025-2026-2', x.id, 75, '补考'),
      grade(5, '2025-2026-2', y.id, 85),
      grade(6, '2025-2026-1', y.id, 40),
    ],
  );
  await table('ky_project', { project_no: 'string', level: 'string', funding: 'decimal' }, 'project_no', [
    { project_no: 'P1', level: '国家级', funding: 100 },
    { project_no: 'P2', level: '国家级', funding: 50.5 },
    { project_no: 'P3', level: '省部级', funding: 20 },
  ]);
  await table(
    'rs_salary',
    { payslip_id: 'integer', staff_no: 'string', pay_month: 'string', gross_pay: 'decimal', net_pay: 'decimal' },
    'payslip_id',
    [
      { payslip_id: 1, staff_no: 'S1', pay_month: '2026-09', gross_pay: 10000, net_pay: 8000 },
      { payslip_id: 2, staff_no: 'S1', pay_month: '2026-10', gross_pay: 10000, net_pay: 8100 },
      { payslip_id: 3, staff_no: 'S2', pay_month: '2026-10', gross_pay: 9000.5, net_pay: 7000.25 },
    ],
  );
  await table('mj_bed', { bed_id: 'string', building_id: 'integer', student_no: 'string' }, 'bed_id', [
    { bed_id: 'B1', building_id: 1, student_no: 'a' },
    { bed_id: 'B2', building_id: 1, student_no: 'b' },
    { bed_id: 'B3', building_id: 1, student_no: null },
    { bed_id: 'B4', building_id: 2, student_no: 'c' },
  ]);
  await table('mj_building', { building_id: 'integer', name: 'string' }, 'building_id', [
    { building_id: 1, name: '桃李苑1号楼' },
  ]);
  txnTable = await table(
    'ykt_txn',
    { txn_id: 'integer', holder_no: 'string', merchant_name: 'string', amount: 'decimal', occurred_at: 'datetime' },
    'txn_id',
    [
      { txn_id: 1, holder_no: 'a', merchant_name: '第一食堂', amount: -10, occurred_at: at('2026-11-20', '07:30') },
      { txn_id: 2, holder_no: 'b', merchant_name: '第一食堂', amount: -5.5, occurred_at: at('2026-11-20', '12:10') },
      { txn_id: 3, holder_no: 'a', merchant_name: '校园超市', amount: -3, occurred_at: at('2026-11-20', '23:50') },
      { txn_id: 4, holder_no: 'c', merchant_name: '第一食堂', amount: -20, occurred_at: at('2026-11-22', '00:10') },
      { txn_id: 5, holder_no: 'c', merchant_name: '充值', amount: 100, occurred_at: at('2026-11-22', '09:00') },
    ],
  );
  await table('tsg_loan', { loan_id: 'integer', reader_kind: 'string', status: 'string' }, 'loan_id', [
    { loan_id: 1, reader_kind: '学生', status: '在借' },
    { loan_id: 2, reader_kind: '学生', status: '逾期未还' },
    { loan_id: 3, reader_kind: '教职工', status: '已归还' },
  ]);
  // wl_auth_session, mj_gate_event, ky_paper, ky_award, tsg_book: deliberately missing.
});

afterAll(async () => {
  await app?.close();
});

describe('综合校情', () => {
  it('shows nothing from the card table until the aggregates are built, then its exact figures', async () => {
    const before = await get<SchoolOverview>('leader-test', '/bi/api/v1.leadingDriver/overview/');
    expect(before.status).toBe(200);
    expect(before.body.data.card).toBeNull();
    expect(before.body.data.aggregatedAt).toBeNull();

    expect(await refreshAggregates(app)).not.toBeNull();
    // Nothing moved since: the job's next poll does nothing.
    expect(await refreshAggregates(app)).toBeNull();

    const { body } = await get<SchoolOverview>('leader-test', '/bi/api/v1.leadingDriver/overview/');
    const d = body.data;
    expect(d.card!.daily).toHaveLength(30);
    expect(d.card!.daily.at(-1)).toEqual({ day: '2026-11-22', value: 20, extra: 1 });
    expect(d.card!.daily.at(-2)).toEqual({ day: '2026-11-21', value: 0, extra: 0 });
    expect(d.card!.daily.at(-3)).toEqual({ day: '2026-11-20', value: 18.5, extra: 3 });
    expect(d.card!.total).toBe(38.5);
    expect(d.card!.payments).toBe(4);
    expect(d.card!.byPlace).toEqual([
      { name: '第一食堂', value: 35.5 },
      { name: '校园超市', value: 3 },
    ]);
    expect(d.aggregatedAt).toEqual(expect.any(Number));
  });

  it('answers every panel from its table, exactly', async () => {
    const { body } = await get<SchoolOverview>('leader-test', '/bi/api/v1.leadingDriver/overview/');
    const d = body.data;
    const students = await app.db
      .selectFrom('appUser')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'student')
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(d.students!.total).toBe(Number(students.n));
    expect(d.students!.byCollege.reduce((a, c) => a + c.value, 0)).toBe(Number(students.n));
    expect(d.students!.byKind).toEqual([
      { name: '本科', value: Number(students.n) },
      { name: '研究生', value: 0 },
    ]);
    expect(d.staff).toEqual({
      total: 2,
      source: 'rs_staff',
      byDepartment: [{ name: '计算机学院', value: 2 }],
      byTitle: [
        { name: '副教授', value: 1 },
        { name: '教授', value: 1 },
      ],
    });
    // Week 3 is the newest, recorded up to Tuesday: S1 on Monday (3) + S2 on Tuesday (2) expected, one absence.
    expect(d.teaching).toEqual({
      term: '2026-2027-1',
      courses: 2,
      sections: 2,
      enrolments: 5,
      attendance: { week: 3, absences: 1, expected: 5, rate: 0.8 },
    });
    expect(d.research).toEqual({
      projects: 3,
      funding: 170.5,
      byLevel: [
        { name: '国家级', value: 2, funding: 150.5 },
        { name: '省部级', value: 1, funding: 20 },
      ],
      papers: null,
      awards: null,
    });
    expect(d.payroll).toEqual({
      month: '2026-10',
      headcount: 2,
      gross: 19000.5,
      net: 15100.25,
      trend: [
        { name: '2026-09', value: 8000 },
        { name: '2026-10', value: 15100.25 },
      ],
    });
    expect(d.dorms).toEqual({
      beds: 4,
      occupied: 3,
      free: 1,
      byBuilding: [
        { name: '桃李苑1号楼', occupied: 2, free: 1 },
        { name: '2号楼', occupied: 1, free: 0 },
      ],
      passages: null,
    });
    expect(d.library).toEqual({
      loans: 3,
      onLoan: 2,
      overdue: 1,
      byReaderKind: [
        { name: '学生', value: 2 },
        { name: '教职工', value: 1 },
      ],
      books: null,
    });
    // A missing table is an empty panel, not an error.
    expect(d.network).toBeNull();
    expect(d.missing).toEqual(['ky_paper', 'ky_award', 'mj_gate_event', 'tsg_book', 'wl_auth_session']);
  });

  it('rebuilds the aggregates after a sync wrote rows (the fingerprint moved)', async () => {
    await writeRows(
      app,
      app.db,
      txnTable,
      [{ txn_id: 6, holder_no: 'd', merchant_name: '校园超市', amount: -7, occurred_at: at('2026-11-23', '08:00') }],
      { actorId: null, source: 'import' as never },
    );
    expect(await refreshAggregates(app)).not.toBeNull();
    const { body } = await get<SchoolOverview>('leader-test', '/bi/api/v1.leadingDriver/overview/');
    expect(body.data.card!.daily.at(-1)).toEqual({ day: '2026-11-23', value: 7, extra: 1 });
    expect(body.data.card!.total).toBe(45.5);
    expect(body.data.card!.byPlace).toEqual([
      { name: '第一食堂', value: 35.5 },
      { name: '校园超市', value: 10 },
    ]);
  });
});

describe('ld_daily rebuilds', () => {
  it('after a sync redoes only the newest days; the nightly forced rebuild redoes every day', async () => {
    const total = async () =>
      (await get<SchoolOverview>('leader-test', '/bi/api/v1.leadingDriver/overview/')).body.data.card!.total;
    const before = await total();
    // A late row ten days back: older than the days an after-sync rebuild redoes.
    await writeRows(
      app,
      app.db,
      txnTable,
      [{ txn_id: 7, holder_no: 'e', merchant_name: '第一食堂', amount: -5, occurred_at: at('2026-11-13', '12:00') }],
      { actorId: null, source: 'import' as never },
    );
    expect(await refreshAggregates(app)).not.toBeNull();
    expect(await total()).toBe(before);
    // Forced (the nightly job), in batches of days: the late row counts.
    expect(await refreshAggregates(app, true)).not.toBeNull();
    expect(await total()).toBe(before + 5);
    expect(await refreshAggregates(app)).toBeNull();
  });
});

describe('教学概况', () => {
  it('answers the newest term, the latest graded term and attendance by college and week', async () => {
    const [x, y] = pair();
    const { status, body } = await get<TeachingOverview>('leader-test', '/bi/api/v1.leadingDriver/teaching/');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.terms).toEqual(['2026-2027-1', '2025-2026-2', '2025-2026-1']);
    expect(d.term).toBe('2026-2027-1');
    expect(d.gradeTerm).toBe('2025-2026-2');
    expect(d.totals).toEqual({ courses: 2, sections: 2, enrolments: 5, teachers: 2 });
    expect(d.byCollege).toEqual([
      { collegeId: x.id, name: x.name, courses: 1, sections: 1, enrolments: 3 },
      { collegeId: y.id, name: y.name, courses: 1, sections: 1, enrolments: 2 },
    ]);
    expect(d.grades).toEqual([
      { collegeId: x.id, name: x.name, bands: [1, 1, 0, 0, 1], total: 3, failed: 1, failRate: 1 / 3 },
      { collegeId: y.id, name: y.name, bands: [0, 0, 0, 1, 0], total: 1, failed: 0, failRate: 0 },
    ]);
    expect(d.attendanceByWeek).toEqual([
      { key: '第2周', absences: 1, expected: 8, rate: 0.875 },
      { key: '第3周', absences: 1, expected: 5, rate: 0.8 },
    ]);
    expect(d.attendanceByCollege).toEqual([
      { key: y.name, absences: 1, expected: 4, rate: 0.75 },
      { key: x.name, absences: 1, expected: 9, rate: 1 - 1 / 9 },
    ]);
    expect(d.teachers).toEqual([
      { teacherNo: 'T1', name: '教师T1', sections: 1, weeklyPeriods: 4, students: 6 },
      { teacherNo: 'T2', name: '教师T2', sections: 1, weeklyPeriods: 2, students: 2 },
    ]);
  });

  it('narrows to a college and a term, and refuses ones that do not exist', async () => {
    const [, y] = pair();
    const one = await get<TeachingOverview>('leader-test', `/bi/api/v1.leadingDriver/teaching/?collegeId=${y.id}`);
    expect(one.body.data.totals).toEqual({ courses: 1, sections: 1, enrolments: 2, teachers: 1 });
    expect(one.body.data.grades).toEqual([
      { collegeId: y.id, name: y.name, bands: [0, 0, 0, 1, 0], total: 1, failed: 0, failRate: 0 },
    ]);
    const older = await get<TeachingOverview>('leader-test', '/bi/api/v1.leadingDriver/teaching/?term=2025-2026-1');
    expect(older.body.data.gradeTerm).toBe('2025-2026-1');
    expect(older.body.data.grades![0]!.bands).toEqual([1, 0, 0, 0, 0]);
    expect(older.body.data.totals).toBeNull();

    const badTerm = await get('leader-test', '/bi/api/v1.leadingDriver/teaching/?term=2019-2020-1');
    expect([badTerm.status, badTerm.body.errorCode]).toEqual([400, Codes.leadingDriverBadFilter]);
    const badCollege = await get('leader-test', '/bi/api/v1.leadingDriver/teaching/?collegeId=999999');
    expect([badCollege.status, badCollege.body.errorCode]).toEqual([400, Codes.leadingDriverBadFilter]);
    const malformed = await get('leader-test', '/bi/api/v1.leadingDriver/teaching/?term=abc');
    expect(malformed.status).toBe(400);
  });
});

describe('who may see', () => {
  it('refuses a student and a teacher with a code that does not sign them out', async () => {
    for (const [user, platform] of [
      ['student', null],
      ['teacher', staffPlatform],
    ] as const) {
      for (const path of ['overview/', 'teaching/']) {
        const res = await app.injectAs(user, { method: 'GET', url: `/bi/api/v1.leadingDriver/${path}` }, platform);
        expect([res.statusCode, res.json().errorCode]).toEqual([403, Codes.leadingDriverNoAccess]);
      }
    }
  });

  it('answers administrators and whoever the back office grants the page to', async () => {
    const admin = await app.injectAs('admin', { method: 'GET', url: '/bi/api/v1.leadingDriver/overview/' });
    expect(admin.json().errorCode).toBe(Codes.ok);
    // Grant 教学概况 to the teacher's roles through the menu (what 角色管理 does).
    const node = await app.db
      .selectFrom('menu')
      .select('id')
      .where('name', '=', 'teachingOverview')
      .where('platformId', '=', staffPlatform)
      .executeTakeFirstOrThrow();
    const roles = await app.db
      .selectFrom('userRole')
      .innerJoin('appUser', 'appUser.id', 'userRole.userId')
      .select('userRole.roleId')
      .where('appUser.username', '=', 'teacher')
      .execute();
    await app.db
      .insertInto('roleMenu')
      .values(roles.map((r) => ({ roleId: r.roleId, menuId: node.id })))
      .execute();
    const granted = await app.injectAs(
      'teacher',
      { method: 'GET', url: '/bi/api/v1.leadingDriver/teaching/' },
      staffPlatform,
    );
    expect(granted.json().errorCode).toBe(Codes.ok);
    await app.db
      .deleteFrom('roleMenu')
      .where('menuId', '=', node.id)
      .where(
        'roleId',
        'in',
        roles.map((r) => r.roleId),
      )
      .execute();
  });
});
