import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';

/**
 * The only SQL of 领导驾驶舱. Data tables are read through their physical tables `dt_<code>` (the
 * data-tables module's, read only; the service checks they exist first); people and departments
 * are the core's tables. Every figure is aggregated in SQL; what comes back is a handful of rows.
 */
export type Conn = Kysely<Database> | Transaction<Database>;

/** China time: day numbers are taken at UTC+8. Literals, not parameters (SQLite binds JS numbers as REAL). */
export const CN = 8 * 3_600_000;
export const DAY = 86_400_000;
const CN_SQL = sql.lit(CN);
const DAY_SQL = sql.lit(DAY);

const t = (code: string) => sql.table(`dt_${code}`);
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

async function all<T>(db: Conn, q: RawBuilder<T>): Promise<T[]> {
  return (await q.execute(db)).rows;
}
async function one<T>(db: Conn, q: RawBuilder<T>): Promise<T | undefined> {
  return (await q.execute(db)).rows[0];
}

type Named = { name: unknown; n: unknown };
const named = (rows: Named[]) => rows.map((r) => ({ name: String(r.name), value: num(r.n) }));

// ── organisation (core tables) ──────────────────────────────────────────────

export const departments = (db: Conn) =>
  db.selectFrom('department').select(['id', 'parentId', 'name', 'kind']).execute();

/** Active accounts of a kind per department (the department a person is filed under). */
export const accountsByDepartment = (db: Conn, kind: 'student' | 'staff') =>
  db
    .selectFrom('appUser')
    .select((eb) => ['departmentId', eb.fn.countAll<number>().as('n')])
    .where('kind', '=', kind)
    .where('status', '=', 'active')
    .groupBy('departmentId')
    .execute();

/** Active students per 入学年级, the first four digits of the 学号. */
export const studentsByGrade = (db: Conn) =>
  all<{ g: unknown; n: unknown }>(
    db,
    sql`select substr(user_no, 1, 4) as g, count(*) as n from app_user
        where kind = 'student' and status = 'active' group by substr(user_no, 1, 4)`,
  );

// ── staff, payroll (rs_*) ───────────────────────────────────────────────────

const inPost = sql`(status is null or status = '在职')`;

export async function staffFigures(db: Conn) {
  const [total, byUnit, byTitle] = await Promise.all([
    one<{ n: unknown }>(db, sql`select count(*) as n from ${t('rs_staff')} where ${inPost}`),
    all<Named>(
      db,
      sql`select coalesce(unit_name, '未填单位') as name, count(*) as n from ${t('rs_staff')} where ${inPost}
          group by coalesce(unit_name, '未填单位') order by n desc`,
    ),
    all<Named>(
      db,
      sql`select coalesce(title, '未定职称') as name, count(*) as n from ${t('rs_staff')} where ${inPost}
          group by coalesce(title, '未定职称') order by n desc`,
    ),
  ]);
  return { total: num(total?.n), byDepartment: named(byUnit), byTitle: named(byTitle) };
}

/** Payslips per month, the newest twelve months. */
export const payrollMonths = (db: Conn) =>
  all<{ m: unknown; h: unknown; g: unknown; net: unknown }>(
    db,
    sql`select pay_month as m, count(distinct staff_no) as h, coalesce(sum(gross_pay), 0) as g,
          coalesce(sum(net_pay), 0) as net
        from ${t('rs_salary')} where pay_month is not null group by pay_month order by pay_month desc limit 12`,
  );

// ── teaching (jw_*) ─────────────────────────────────────────────────────────

export const latestTerm = async (db: Conn, code: string) =>
  (await one<{ m: unknown }>(db, sql`select max(term_code) as m from ${t(code)}`))?.m as string | null | undefined;

export const termsOf = async (db: Conn, code: string) =>
  (
    await all<{ term: unknown }>(db, sql`select distinct term_code as term from ${t(code)} where term_code is not null`)
  ).map((r) => String(r.term));

const collegeFilter = (collegeId: number | null, column = 'college_id') =>
  collegeId === null ? sql`` : sql` and ${sql.ref(column)} = ${collegeId}`;

/** Distinct courses and sections of the term's timetable per college. */
export const timetableByCollege = (db: Conn, term: string, collegeId: number | null) =>
  all<{ college: unknown; courses: unknown; sections: unknown }>(
    db,
    sql`select college_id as college, count(distinct course_code) as courses, count(distinct section_id) as sections
        from ${t('jw_timetable')} where term_code = ${term}${collegeFilter(collegeId)} group by college_id`,
  );

export const timetableTotals = (db: Conn, term: string, collegeId: number | null) =>
  one<{ courses: unknown; sections: unknown; teachers: unknown }>(
    db,
    sql`select count(distinct course_code) as courses, count(distinct section_id) as sections,
          count(distinct teacher_no) as teachers
        from ${t('jw_timetable')} where term_code = ${term}${collegeFilter(collegeId)}`,
  );

export const enrolmentsByCollege = (db: Conn, term: string, collegeId: number | null) =>
  all<{ college: unknown; n: unknown }>(
    db,
    sql`select college_id as college, count(*) as n from ${t('jw_enrolment')}
        where term_code = ${term}${collegeFilter(collegeId)} group by college_id`,
  );

/**
 * Each timetable meeting of the term with its section's enrolment: what the expected attendances
 * of a week are made of (a few thousand rows; the enrolments are counted in SQL).
 */
export const meetings = (db: Conn, term: string, collegeId: number | null) =>
  all<{ college: unknown; ws: unknown; we: unknown; weekday: unknown; n: unknown }>(
    db,
    sql`select t.college_id as college, t.week_start as ws, t.week_end as we, t.weekday as weekday, e.n as n
        from ${t('jw_timetable')} t
        join (select section_id, count(*) as n from ${t('jw_enrolment')} where term_code = ${term}
              group by section_id) e on e.section_id = t.section_id
        where t.term_code = ${term}${collegeFilter(collegeId, 't.college_id')}`,
  );

/** Absences (缺勤) per week and college, and the newest class date of each week. */
export const absences = (db: Conn, term: string, collegeId: number | null) =>
  all<{ week: unknown; college: unknown; n: unknown; last: unknown }>(
    db,
    sql`select week, college_id as college, sum(case when status = '缺勤' then 1 else 0 end) as n,
          max(class_date) as last
        from ${t('jw_attendance')} where term_code = ${term} and week is not null${collegeFilter(collegeId)}
        group by week, college_id`,
  );

/** Score bands of the term's regular exams (补考 not counted) per college. */
export const gradeBands = (db: Conn, term: string, collegeId: number | null) =>
  all<{ college: unknown; b0: unknown; b1: unknown; b2: unknown; b3: unknown; b4: unknown; n: unknown }>(
    db,
    sql`select college_id as college,
          sum(case when score < 60 then 1 else 0 end) as b0,
          sum(case when score >= 60 and score < 70 then 1 else 0 end) as b1,
          sum(case when score >= 70 and score < 80 then 1 else 0 end) as b2,
          sum(case when score >= 80 and score < 90 then 1 else 0 end) as b3,
          sum(case when score >= 90 then 1 else 0 end) as b4,
          count(*) as n
        from ${t('jw_grade')}
        where term_code = ${term} and score is not null and (exam_kind is null or exam_kind <> '补考')${collegeFilter(collegeId)}
        group by college_id`,
  );

/** Per teacher: sections, weekly periods and students taught this term, heaviest first. */
export const teacherLoads = (db: Conn, term: string, collegeId: number | null, limit: number) =>
  all<{ no: unknown; name: unknown; sections: unknown; periods: unknown; students: unknown }>(
    db,
    sql`select t.teacher_no as no, max(t.teacher_name) as name, count(distinct t.section_id) as sections,
          sum(coalesce(t.period_end, t.period_start) - t.period_start + 1) as periods,
          coalesce(sum(e.n), 0) as students
        from ${t('jw_timetable')} t
        left join (select section_id, count(*) as n from ${t('jw_enrolment')} where term_code = ${term}
                   group by section_id) e on e.section_id = t.section_id
        where t.term_code = ${term} and t.teacher_no is not null${collegeFilter(collegeId, 't.college_id')}
        group by t.teacher_no order by periods desc, sections desc, no limit ${limit}`,
  );

// ── research (ky_*), dorms (mj_*), library (tsg_*) ───────────────────────────

export const projectsByLevel = (db: Conn) =>
  all<{ name: unknown; n: unknown; f: unknown }>(
    db,
    sql`select coalesce(level, '未定级') as name, count(*) as n, coalesce(sum(funding), 0) as f
        from ${t('ky_project')} group by coalesce(level, '未定级') order by f desc`,
  );

export const countOf = async (db: Conn, code: string) =>
  num((await one<{ n: unknown }>(db, sql`select count(*) as n from ${t(code)}`))?.n);

export const bedsByBuilding = (db: Conn) =>
  all<{ b: unknown; beds: unknown; occ: unknown }>(
    db,
    sql`select building_id as b, count(*) as beds,
          sum(case when student_no is not null and student_no <> '' then 1 else 0 end) as occ
        from ${t('mj_bed')} group by building_id order by building_id`,
  );

export const buildingNames = (db: Conn) =>
  all<{ id: unknown; name: unknown }>(db, sql`select building_id as id, name from ${t('mj_building')}`);

export const loanFigures = (db: Conn) =>
  one<{ loans: unknown; onloan: unknown; overdue: unknown }>(
    db,
    sql`select count(*) as loans, sum(case when status in ('在借', '逾期未还') then 1 else 0 end) as onloan,
          sum(case when status = '逾期未还' then 1 else 0 end) as overdue
        from ${t('tsg_loan')}`,
  );

export const loansByReaderKind = (db: Conn) =>
  all<Named>(
    db,
    sql`select coalesce(reader_kind, '其他') as name, count(*) as n from ${t('tsg_loan')}
        group by coalesce(reader_kind, '其他') order by n desc`,
  );

export const bookCopies = async (db: Conn) =>
  num((await one<{ n: unknown }>(db, sql`select coalesce(sum(copies), 0) as n from ${t('tsg_book')}`))?.n);

// ── daily aggregates (ld_daily) ─────────────────────────────────────────────

export type Metric = 'card' | 'gate' | 'net';

const dayOf = (column: string) => sql`(${sql.ref(column)} + ${CN_SQL}) / ${DAY_SQL}`;

/** A metric's source: its table, time column and the grouped select over the rows in [from, to) ms. */
interface Source {
  code: string;
  time: string;
  select: (range: RawBuilder<unknown>) => RawBuilder<unknown>;
}

const SOURCES: Record<Metric, Source> = {
  // Consumption only (amount < 0), per merchant; a top-up is not spending.
  card: {
    code: 'ykt_txn',
    time: 'occurred_at',
    select: (
      range,
    ) => sql`select 'card', ${dayOf('occurred_at')}, coalesce(merchant_name, ''), count(*), sum(-amount), 0
      from ${t('ykt_txn')} where amount < 0 and ${range}
      group by ${dayOf('occurred_at')}, coalesce(merchant_name, '')`,
  },
  gate: {
    code: 'mj_gate_event',
    time: 'occurred_at',
    select: (range) => sql`select 'gate', ${dayOf('occurred_at')}, '', count(*), 0, count(distinct student_no)
      from ${t('mj_gate_event')} where ${range} group by ${dayOf('occurred_at')}`,
  },
  net: {
    code: 'wl_auth_session',
    time: 'login_at',
    select: (
      range,
    ) => sql`select 'net', ${dayOf('login_at')}, '', count(*), coalesce(sum(bytes), 0), count(distinct student_no)
      from ${t('wl_auth_session')} where ${range} group by ${dayOf('login_at')}`,
  },
};

export const METRIC_TABLES: Record<Metric, string> = {
  card: SOURCES.card.code,
  gate: SOURCES.gate.code,
  net: SOURCES.net.code,
};

/** The first ms of a China day number (the inverse of dayOf). */
const dayStart = (day: number) => day * DAY - CN;

/**
 * Replaces a metric's days in [fromDay, toDay) (toDay null: every later day) with a grouped select
 * over the matching rows only: the source's time column is indexed, so a window reads its rows, not
 * the table (in the caller's transaction).
 */
export async function rebuildDays(tx: Conn, metric: Metric, fromDay: number, toDay: number | null): Promise<void> {
  const src = SOURCES[metric];
  const col = sql.ref(src.time);
  const range =
    toDay === null
      ? sql`${col} >= ${dayStart(fromDay)}`
      : sql`${col} >= ${dayStart(fromDay)} and ${col} < ${dayStart(toDay)}`;
  let del = tx.deleteFrom('ldDaily').where('metric', '=', metric).where('day', '>=', fromDay);
  if (toDay !== null) del = del.where('day', '<', toDay);
  await del.execute();
  await sql`insert into ld_daily (metric, day, dim, n, amount, people) ${src.select(range)}`.execute(tx);
}

/** The first and last China day the source holds rows for (an indexed min/max), or null when empty. */
export async function sourceDays(db: Conn, metric: Metric): Promise<{ first: number; last: number } | null> {
  const col = sql.ref(SOURCES[metric].time);
  const r = await one<{ lo: unknown; hi: unknown }>(
    db,
    sql`select min(${col}) as lo, max(${col}) as hi from ${t(SOURCES[metric].code)}`,
  );
  if (r?.lo === null || r?.lo === undefined) return null;
  return { first: Math.floor((num(r.lo) + CN) / DAY), last: Math.floor((num(r.hi) + CN) / DAY) };
}

/** Forgets a metric's days outside [first, last] (all of them when `first` is null). */
export async function clearDaysOutside(tx: Conn, metric: Metric, span: { first: number; last: number } | null) {
  let del = tx.deleteFrom('ldDaily').where('metric', '=', metric);
  if (span) del = del.where((eb) => eb.or([eb('day', '<', span.first), eb('day', '>', span.last)]));
  await del.execute();
}

export const countDays = async (db: Conn, metric: Metric) =>
  num((await one<{ n: unknown }>(db, sql`select count(*) as n from ld_daily where metric = ${metric}`))?.n);

export const newestDay = async (db: Conn, metric: Metric) =>
  (
    await db
      .selectFrom('ldDaily')
      .select((eb) => eb.fn.max('day').as('d'))
      .where('metric', '=', metric)
      .executeTakeFirst()
  )?.d ?? null;

/** Per day from `from` (day number, inclusive): events, amount, people. */
export const dailySeries = (db: Conn, metric: Metric, from: number) =>
  db
    .selectFrom('ldDaily')
    .select((eb) => [
      'day',
      eb.fn.sum<number>('n').as('n'),
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.sum<number>('people').as('people'),
    ])
    .where('metric', '=', metric)
    .where('day', '>=', from)
    .groupBy('day')
    .orderBy('day')
    .execute();

export const byDim = (db: Conn, metric: Metric, from: number, limit: number) =>
  db
    .selectFrom('ldDaily')
    .select((eb) => ['dim', eb.fn.sum<number>('amount').as('amount')])
    .where('metric', '=', metric)
    .where('day', '>=', from)
    .groupBy('dim')
    .orderBy('amount', 'desc')
    .limit(limit)
    .execute();

/** Whether the user holds the role (by code). */
export const holdsRole = async (db: Conn, userId: number, code: string) =>
  !!(await db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .select('role.id')
    .where('userRole.userId', '=', userId)
    .where('role.code', '=', code)
    .executeTakeFirst());
