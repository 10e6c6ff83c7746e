import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import { AppError } from '@/server/errors';
import type { AuthContext } from '@/server/identity/sessions';
import { authorisedRouteNames } from '@/server/identity/menus';
import { getSetting, putSetting } from '@/server/identity/settings';
import { Codes } from '@/shared/errors';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { getChangeVersions } from '@/modules/data-tables/server/commands/get-change-versions';
import type {
  AttendanceRow,
  CardPanel,
  DayPoint,
  DormsPanel,
  LibraryPanel,
  NameValue,
  NetworkPanel,
  PayrollPanel,
  ResearchPanel,
  SchoolOverview,
  StaffPanel,
  StudentsPanel,
  TeachingOverview,
  TeachingPanel,
  TeachingQuery,
} from '../contract';
import * as repo from './repository';
import { DAY, num, type Conn, type Metric } from './repository';

export const LEADER_ROLE = 'school_leader';
export const OVERVIEW_ROUTE = 'leadingDriverIndex';
export const TEACHING_ROUTE = 'teachingOverview';
const VERSIONS_KEY = 'leading-driver.table-versions';
const AGGREGATED_AT_KEY = 'leading-driver.aggregated-at';
/** The daily series and places cover this many days, ending at the newest synced day. */
export const WINDOW_DAYS = 30;
const TEACHER_LIMIT = 15;

/** Every data table the two pages read. */
export const SOURCE_TABLES = [
  'rs_staff',
  'rs_salary',
  'jw_timetable',
  'jw_enrolment',
  'jw_attendance',
  'jw_grade',
  'ky_project',
  'ky_paper',
  'ky_award',
  'mj_bed',
  'mj_building',
  'mj_gate_event',
  'ykt_txn',
  'tsg_loan',
  'tsg_book',
  'wl_auth_session',
] as const;

/**
 * School leaders (role 校领导), administrators and whoever the back office granted the page (its
 * route name in their menu) may read; anyone else gets 0x00000920 (403), which does not sign out.
 */
export async function assertReader(db: Db, auth: AuthContext, route: string): Promise<void> {
  if (auth.isAdmin || (await repo.holdsRole(db, auth.userId, LEADER_ROLE))) return;
  const names = await authorisedRouteNames(db, auth);
  if (names.has(route) || (route === OVERVIEW_ROUTE && names.has(TEACHING_ROUTE))) return;
  throw new AppError(Codes.leadingDriverNoAccess, 403, '您不是校领导，也未被授予该页面，无权查看领导驾驶舱');
}

async function presentTables(app: FastifyInstance, codes: readonly string[]): Promise<Set<string>> {
  const have = new Set<string>();
  for (const c of codes) if (await getDataTable(app, app.db, c)) have.add(c);
  return have;
}

const dateOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const ratio = (part: number, whole: number) => (whole > 0 ? Math.max(0, Math.min(1, part / whole)) : 0);
const round2 = (v: number) => Math.round(v * 100) / 100;

type Dept = Awaited<ReturnType<typeof repo.departments>>[number];

/** The nearest department of one of these kinds at or above `id` (the college of a class). */
function ancestorOf(byId: Map<number, Dept>, id: number | null, kinds: readonly string[]): Dept | null {
  let d = id === null ? undefined : byId.get(id);
  for (let hops = 0; d && hops < 20; hops++) {
    if (kinds.includes(d.kind)) return d;
    d = d.parentId === null ? undefined : byId.get(d.parentId);
  }
  return null;
}

const GRADUATE = /研究生|硕士|博士/;

function isGraduate(byId: Map<number, Dept>, id: number | null): boolean {
  let d = id === null ? undefined : byId.get(id);
  for (let hops = 0; d && hops < 20 && d.kind !== 'college'; hops++) {
    if (GRADUATE.test(d.name)) return true;
    d = d.parentId === null ? undefined : byId.get(d.parentId);
  }
  return false;
}

function tally(into: Map<string, number>, key: string, n: number) {
  into.set(key, (into.get(key) ?? 0) + n);
}
const sorted = (m: Map<string, number>): NameValue[] =>
  [...m].map(([name, value]) => ({ name, value })).sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : 1));

async function students(db: Conn, byId: Map<number, Dept>): Promise<StudentsPanel | null> {
  const [rows, grades] = await Promise.all([repo.accountsByDepartment(db, 'student'), repo.studentsByGrade(db)]);
  const total = rows.reduce((a, r) => a + num(r.n), 0);
  if (!total) return null;
  const byCollege = new Map<string, number>();
  const byKind = new Map<string, number>([
    ['本科', 0],
    ['研究生', 0],
  ]);
  for (const r of rows) {
    const n = num(r.n);
    tally(byCollege, ancestorOf(byId, r.departmentId, ['college'])?.name ?? '未分配学院', n);
    tally(byKind, isGraduate(byId, r.departmentId) ? '研究生' : '本科', n);
  }
  const byGrade = grades
    .filter((g) => /^\d{4}$/.test(String(g.g)))
    .map((g) => ({ name: String(g.g), value: num(g.n) }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  const newest = byGrade.at(-1);
  return {
    total,
    byCollege: sorted(byCollege),
    byKind: [...byKind].map(([name, value]) => ({ name, value })),
    byGrade,
    newest: newest ? { grade: newest.name, count: newest.value } : null,
  };
}

async function staff(db: Conn, have: Set<string>, byId: Map<number, Dept>): Promise<StaffPanel | null> {
  if (have.has('rs_staff')) {
    const s = await repo.staffFigures(db);
    // Ties in code-point order, the same on both databases (their collations differ).
    const order = (list: NameValue[]) => sorted(new Map(list.map((v) => [v.name, v.value])));
    return s.total
      ? { total: s.total, source: 'rs_staff', byDepartment: order(s.byDepartment), byTitle: order(s.byTitle) }
      : null;
  }
  // Without HR's table the organisation still knows who works where (no titles).
  const rows = await repo.accountsByDepartment(db, 'staff');
  const byDept = new Map<string, number>();
  for (const r of rows)
    tally(byDept, ancestorOf(byId, r.departmentId, ['college', 'office', 'school'])?.name ?? '未分配部门', num(r.n));
  const total = rows.reduce((a, r) => a + num(r.n), 0);
  return total ? { total, source: 'organisation', byDepartment: sorted(byDept), byTitle: [] } : null;
}

/** Day of the week (1 = Monday … 7 = Sunday) of a 'YYYY-MM-DD' date. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

type AttendanceFigures = { byWeek: (AttendanceRow & { week: number })[]; byCollege: Map<number, AttendanceRow> };

/**
 * Attendance = 1 − 缺勤 / expected attendances, where a week's expected attendances are the term's
 * timetable meetings of that week times their sections' enrolments (the newest week only up to its
 * newest recorded weekday). jw_attendance holds only exceptions, so every absence is one row.
 */
async function attendance(db: Conn, term: string, collegeId: number | null): Promise<AttendanceFigures> {
  const [meets, abs] = await Promise.all([repo.meetings(db, term, collegeId), repo.absences(db, term, collegeId)]);
  const weeks = [...new Set(abs.map((a) => num(a.week)))].sort((a, b) => a - b);
  const newestWeek = weeks.at(-1);
  const lastOfNewest = abs
    .filter((a) => num(a.week) === newestWeek && a.last)
    .reduce((m, a) => (String(a.last) > m ? String(a.last) : m), '');
  const upTo = (w: number) => (w === newestWeek && lastOfNewest ? weekdayOf(lastOfNewest) : 7);
  const byWeek: AttendanceFigures['byWeek'] = [];
  const byCollege = new Map<number, AttendanceRow>();
  for (const w of weeks) {
    const expected = new Map<number, number>();
    for (const m of meets)
      if (num(m.ws) <= w && w <= num(m.we) && num(m.weekday) <= upTo(w)) {
        const c = num(m.college);
        expected.set(c, (expected.get(c) ?? 0) + num(m.n));
      }
    let wAbs = 0;
    let wExp = 0;
    const absent = new Map<number, number>();
    for (const a of abs)
      if (num(a.week) === w) absent.set(num(a.college), (absent.get(num(a.college)) ?? 0) + num(a.n));
    for (const c of new Set([...expected.keys(), ...absent.keys()])) {
      const e = expected.get(c) ?? 0;
      const x = absent.get(c) ?? 0;
      wAbs += x;
      wExp += e;
      const row = byCollege.get(c) ?? { key: String(c), absences: 0, expected: 0, rate: 0 };
      row.absences += x;
      row.expected += e;
      byCollege.set(c, row);
    }
    byWeek.push({ week: w, key: `第${w}周`, absences: wAbs, expected: wExp, rate: 0 });
  }
  for (const row of byCollege.values()) row.rate = 1 - ratio(row.absences, row.expected);
  for (const row of byWeek) row.rate = 1 - ratio(row.absences, row.expected);
  return { byWeek, byCollege };
}

async function teaching(db: Conn, have: Set<string>): Promise<TeachingPanel | null> {
  if (!have.has('jw_timetable')) return null;
  const term = await repo.latestTerm(db, 'jw_timetable');
  if (!term) return null;
  const totals = await repo.timetableTotals(db, term, null);
  const enrolments = have.has('jw_enrolment')
    ? (await repo.enrolmentsByCollege(db, term, null)).reduce((a, r) => a + num(r.n), 0)
    : 0;
  let att: TeachingPanel['attendance'] = null;
  if (have.has('jw_attendance') && have.has('jw_enrolment')) {
    const newest = (await attendance(db, term, null)).byWeek.at(-1);
    if (newest) att = { week: newest.week, absences: newest.absences, expected: newest.expected, rate: newest.rate };
  }
  return { term, courses: num(totals?.courses), sections: num(totals?.sections), enrolments, attendance: att };
}

async function research(db: Conn, have: Set<string>): Promise<ResearchPanel | null> {
  if (!have.has('ky_project')) return null;
  const levels = await repo.projectsByLevel(db);
  const projects = levels.reduce((a, r) => a + num(r.n), 0);
  if (!projects) return null;
  return {
    projects,
    funding: round2(levels.reduce((a, r) => a + num(r.f), 0)),
    byLevel: levels.map((r) => ({ name: String(r.name), value: num(r.n), funding: round2(num(r.f)) })),
    papers: have.has('ky_paper') ? await repo.countOf(db, 'ky_paper') : null,
    awards: have.has('ky_award') ? await repo.countOf(db, 'ky_award') : null,
  };
}

async function payroll(db: Conn, have: Set<string>): Promise<PayrollPanel | null> {
  if (!have.has('rs_salary')) return null;
  const months = await repo.payrollMonths(db);
  const latest = months[0];
  if (!latest) return null;
  return {
    month: String(latest.m),
    headcount: num(latest.h),
    gross: round2(num(latest.g)),
    net: round2(num(latest.net)),
    trend: months
      .map((m) => ({ name: String(m.m), value: round2(num(m.net)) }))
      .sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

/** The last WINDOW_DAYS days of a metric up to its newest day, zeros filled; null before any data. */
async function window(db: Conn, metric: Metric) {
  const newest = await repo.newestDay(db, metric);
  if (newest === null || newest === undefined) return null;
  const last = num(newest);
  const from = last - WINDOW_DAYS + 1;
  const rows = new Map((await repo.dailySeries(db, metric, from)).map((r) => [num(r.day), r]));
  const days: { day: number; n: number; amount: number; people: number }[] = [];
  for (let d = from; d <= last; d++) {
    const r = rows.get(d);
    days.push({ day: d, n: num(r?.n), amount: num(r?.amount), people: num(r?.people) });
  }
  return { from, days };
}

async function dorms(db: Conn, have: Set<string>): Promise<DormsPanel | null> {
  if (!have.has('mj_bed')) return null;
  const rows = await repo.bedsByBuilding(db);
  const beds = rows.reduce((a, r) => a + num(r.beds), 0);
  if (!beds) return null;
  const names = have.has('mj_building')
    ? new Map((await repo.buildingNames(db)).map((b) => [num(b.id), String(b.name)]))
    : new Map<number, string>();
  const occupied = rows.reduce((a, r) => a + num(r.occ), 0);
  const gate = have.has('mj_gate_event') ? await window(db, 'gate') : null;
  return {
    beds,
    occupied,
    free: beds - occupied,
    byBuilding: rows.map((r) => ({
      name: names.get(num(r.b)) ?? `${num(r.b)}号楼`,
      occupied: num(r.occ),
      free: num(r.beds) - num(r.occ),
    })),
    passages: gate ? gate.days.map((d) => ({ day: dateOfDay(d.day), value: d.n, extra: d.people })) : null,
  };
}

async function card(db: Conn, have: Set<string>): Promise<CardPanel | null> {
  if (!have.has('ykt_txn')) return null;
  const w = await window(db, 'card');
  if (!w) return null;
  const places = await repo.byDim(db, 'card', w.from, 10);
  const daily: DayPoint[] = w.days.map((d) => ({ day: dateOfDay(d.day), value: round2(d.amount), extra: d.n }));
  return {
    daily,
    byPlace: places.map((p) => ({ name: p.dim || '未知商户', value: round2(num(p.amount)) })),
    total: round2(w.days.reduce((a, d) => a + d.amount, 0)),
    payments: w.days.reduce((a, d) => a + d.n, 0),
  };
}

async function library(db: Conn, have: Set<string>): Promise<LibraryPanel | null> {
  if (!have.has('tsg_loan')) return null;
  const f = await repo.loanFigures(db);
  if (!num(f?.loans)) return null;
  return {
    loans: num(f?.loans),
    onLoan: num(f?.onloan),
    overdue: num(f?.overdue),
    byReaderKind: (await repo.loansByReaderKind(db)).map((r) => ({ name: String(r.name), value: num(r.n) })),
    books: have.has('tsg_book') ? await repo.bookCopies(db) : null,
  };
}

async function network(db: Conn, have: Set<string>): Promise<NetworkPanel | null> {
  if (!have.has('wl_auth_session')) return null;
  const w = await window(db, 'net');
  if (!w) return null;
  return {
    daily: w.days.map((d) => ({ day: dateOfDay(d.day), value: d.n, extra: d.people })),
    sessions: w.days.reduce((a, d) => a + d.n, 0),
    bytes: w.days.reduce((a, d) => a + d.amount, 0),
  };
}

/** 综合校情: every panel in one answer (the big event tables from the daily aggregates). */
export async function schoolOverview(app: FastifyInstance, now = Date.now()): Promise<SchoolOverview> {
  const db = app.db;
  const have = await presentTables(app, SOURCE_TABLES);
  const byId = new Map((await repo.departments(db)).map((d) => [d.id, d]));
  const [st, sf, te, re, pa, dm, ca, li, ne, aggregatedAt] = await Promise.all([
    students(db, byId),
    staff(db, have, byId),
    teaching(db, have),
    research(db, have),
    payroll(db, have),
    dorms(db, have),
    card(db, have),
    library(db, have),
    network(db, have),
    getSetting<number>(db, AGGREGATED_AT_KEY),
  ]);
  return {
    generatedAt: now,
    aggregatedAt: aggregatedAt ?? null,
    students: st,
    staff: sf,
    teaching: te,
    research: re,
    payroll: pa,
    dorms: dm,
    card: ca,
    library: li,
    network: ne,
    missing: SOURCE_TABLES.filter((c) => !have.has(c)),
  };
}

const TEACHING_TABLES = ['jw_timetable', 'jw_enrolment', 'jw_grade', 'jw_attendance'] as const;

/** 教学概况 for a term and college (both optional: the newest term, every college). */
export async function teachingOverview(app: FastifyInstance, q: TeachingQuery): Promise<TeachingOverview> {
  const db = app.db;
  const have = await presentTables(app, TEACHING_TABLES);
  const depts = await repo.departments(db);
  const colleges = depts
    .filter((d) => d.kind === 'college')
    .sort((a, b) => a.id - b.id)
    .map((d) => ({ id: d.id, name: d.name }));
  const nameOf = new Map(depts.map((d) => [d.id, d.name]));
  const collegeName = (id: number) => nameOf.get(id) ?? `单位${id}`;
  const termSet = new Set<string>();
  for (const c of TEACHING_TABLES) if (have.has(c)) for (const term of await repo.termsOf(db, c)) termSet.add(term);
  const terms = [...termSet].sort().reverse();
  if (q.term !== undefined && !termSet.has(q.term))
    throw new AppError(Codes.leadingDriverBadFilter, 400, `学期 ${q.term} 没有教学数据`);
  if (q.collegeId !== undefined && !colleges.some((c) => c.id === q.collegeId))
    throw new AppError(Codes.leadingDriverBadFilter, 400, '所选学院不存在');
  const collegeId = q.collegeId ?? null;
  const term =
    q.term ?? (have.has('jw_timetable') ? await repo.latestTerm(db, 'jw_timetable') : null) ?? terms[0] ?? null;
  const gradeTerm = q.term ?? (have.has('jw_grade') ? await repo.latestTerm(db, 'jw_grade') : null) ?? null;

  const out: TeachingOverview = {
    terms,
    colleges,
    term,
    collegeId,
    totals: null,
    byCollege: null,
    gradeTerm,
    grades: null,
    attendanceByCollege: null,
    attendanceByWeek: null,
    teachers: null,
    missing: TEACHING_TABLES.filter((c) => !have.has(c)),
  };
  if (term && have.has('jw_timetable')) {
    const [tt, totals, enrol, loads] = await Promise.all([
      repo.timetableByCollege(db, term, collegeId),
      repo.timetableTotals(db, term, collegeId),
      have.has('jw_enrolment') ? repo.enrolmentsByCollege(db, term, collegeId) : Promise.resolve([]),
      repo.teacherLoads(db, term, collegeId, TEACHER_LIMIT),
    ]);
    const enrolOf = new Map(enrol.map((e) => [num(e.college), num(e.n)]));
    if (tt.length) {
      out.byCollege = tt
        .map((r) => ({
          collegeId: num(r.college),
          name: collegeName(num(r.college)),
          courses: num(r.courses),
          sections: num(r.sections),
          enrolments: enrolOf.get(num(r.college)) ?? 0,
        }))
        .sort((a, b) => b.sections - a.sections || a.collegeId - b.collegeId);
      out.totals = {
        courses: num(totals?.courses),
        sections: num(totals?.sections),
        enrolments: [...enrolOf.values()].reduce((a, b) => a + b, 0),
        teachers: num(totals?.teachers),
      };
      out.teachers = loads.map((l) => ({
        teacherNo: String(l.no),
        name: String(l.name ?? l.no),
        sections: num(l.sections),
        weeklyPeriods: num(l.periods),
        students: num(l.students),
      }));
    }
    if (have.has('jw_attendance') && have.has('jw_enrolment')) {
      const a = await attendance(db, term, collegeId);
      if (a.byWeek.length) {
        out.attendanceByWeek = a.byWeek.map(({ key, absences, expected, rate }) => ({ key, absences, expected, rate }));
        out.attendanceByCollege = [...a.byCollege]
          .map(([id, r]) => ({ ...r, key: collegeName(id) }))
          .sort((x, y) => x.rate - y.rate);
      }
    }
  }
  if (gradeTerm && have.has('jw_grade')) {
    const bands = await repo.gradeBands(db, gradeTerm, collegeId);
    if (bands.length)
      out.grades = bands
        .map((b) => {
          const counts = [b.b0, b.b1, b.b2, b.b3, b.b4].map(num);
          const total = num(b.n);
          return {
            collegeId: num(b.college),
            name: collegeName(num(b.college)),
            bands: counts,
            total,
            failed: counts[0]!,
            failRate: ratio(counts[0]!, total),
          };
        })
        .sort((a, b) => b.failRate - a.failRate || a.collegeId - b.collegeId);
  }
  return out;
}

/** Days rebuilt per transaction; the event loop gets a turn between these batches. */
const BATCH_DAYS = 14;
/** Stored days an after-sync rebuild redoes before the newest one: late rows of the last days. */
const REDO_DAYS = 2;

/**
 * Rebuilds the daily aggregates of each metric whose table changed since its last rebuild (every
 * metric when `force`). After a sync only the days from shortly before the newest stored one on are
 * redone (these tables are synced incrementally by their time column); forced (nightly) or with no
 * days yet, every day, a batch of days at a time. A statement over the whole table would hold the server
 * on SQLite for seconds.
 */
export async function refreshAggregates(app: FastifyInstance, force = false, now = Date.now()) {
  const metrics = Object.keys(repo.METRIC_TABLES) as Metric[];
  const versions = await getChangeVersions(app, app.db, Object.values(repo.METRIC_TABLES));
  const seen = (await getSetting<Partial<Record<Metric, string>>>(app.db, VERSIONS_KEY)) ?? {};
  const version = (m: Metric) => versions.get(repo.METRIC_TABLES[m]) ?? '-';
  const changed = metrics.filter((m) => force || seen[m] !== version(m));
  if (!changed.length) return null;
  let rows = 0;
  for (const m of changed) {
    const v = version(m); // read before the rebuild: rows written meanwhile move it again
    rows += await rebuildMetric(app, m, v === '-', force);
    seen[m] = v;
    await putSetting(app.db, VERSIONS_KEY, seen);
  }
  await putSetting(app.db, AGGREGATED_AT_KEY, now);
  return { rows };
}

async function rebuildMetric(app: FastifyInstance, m: Metric, absent: boolean, whole: boolean): Promise<number> {
  const span = absent ? null : await repo.sourceDays(app.db, m);
  await repo.clearDaysOutside(app.db, m, span);
  if (!span) return 0;
  const newest = whole ? null : await repo.newestDay(app.db, m);
  const from = newest === null ? span.first : Math.max(span.first, Number(newest) - REDO_DAYS);
  for (let day = from; day <= span.last; day += BATCH_DAYS) {
    // The last batch is open-ended: rows synced after the span was read land in it.
    const to = day + BATCH_DAYS > span.last ? null : day + BATCH_DAYS;
    // Each batch in one transaction: a reader sees a day's old figures or its new ones.
    await app.db.transaction().execute((tx) => repo.rebuildDays(tx, m, day, to));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return repo.countDays(app.db, m);
}
