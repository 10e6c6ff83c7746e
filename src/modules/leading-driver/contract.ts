import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';

/**
 * 领导驾驶舱 (issue 20 part 2): 综合校情 and 教学概况 for school leaders. Paths
 * `/bi/api/v1.leadingDriver/*`; the server answers school leaders, administrators and whoever the
 * back office grants a page to (README). Every figure comes from the data centre's data tables or the
 * organisation; a panel whose table is missing (or empty) is `null` — the page shows 暂无数据.
 */

/** A term code as the academic affairs system writes it: 2026-2027-1. */
export const TERM_PATTERN = '^\\d{4}-\\d{4}-[12]$';

/** GET …/teaching/ — filters of 教学概况. */
export const TeachingQuery = Type.Object(
  {
    term: Type.Optional(Type.String({ pattern: TERM_PATTERN, maxLength: 11 })),
    collegeId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  },
  { additionalProperties: false },
);
export type TeachingQuery = Static<typeof TeachingQuery>;

/** A named figure (a bar, a slice). */
export interface NameValue {
  name: string;
  value: number;
}

/** One day of a daily series: 'YYYY-MM-DD' (China time). */
export interface DayPoint {
  day: string;
  value: number;
  /** A second figure of the day (distinct people, consumption count), when the series has one. */
  extra?: number;
}

export interface StudentsPanel {
  total: number;
  byCollege: NameValue[];
  /** 本科 / 研究生 (研究生: a class or major whose name says 研究生/硕士/博士). */
  byKind: NameValue[];
  /** 入学年级 (from the 学号) with their counts, oldest first. */
  byGrade: NameValue[];
  /** The newest grade: the students who entered most recently. */
  newest: { grade: string; count: number } | null;
}

export interface StaffPanel {
  total: number;
  /** 'rs_staff' (HR, 在职) or 'organisation' (accounts, when the HR table is not there). */
  source: 'rs_staff' | 'organisation';
  byDepartment: NameValue[];
  /** 职称/职务 (HR only; empty from the organisation). */
  byTitle: NameValue[];
}

export interface TeachingPanel {
  term: string;
  courses: number;
  sections: number;
  enrolments: number;
  /** The week of the newest attendance record, its absences and 1 − absences / expected attendances. */
  attendance: { week: number; absences: number; expected: number; rate: number } | null;
}

export interface ResearchPanel {
  projects: number;
  /** 万元 */
  funding: number;
  byLevel: (NameValue & { funding: number })[];
  papers: number | null;
  awards: number | null;
}

export interface PayrollPanel {
  month: string;
  headcount: number;
  /** 元 */
  gross: number;
  net: number;
  /** Net pay per month, the last twelve months with payslips, oldest first. */
  trend: NameValue[];
}

export interface DormsPanel {
  beds: number;
  occupied: number;
  free: number;
  byBuilding: { name: string; occupied: number; free: number }[];
  /** Gate passages per day, the last 30 days (daily aggregates), or null without the gate table. */
  passages: DayPoint[] | null;
}

export interface CardPanel {
  /** Consumption (元, positive) per day, the last 30 days up to the newest synced day; extra = payments. */
  daily: DayPoint[];
  /** Consumption by merchant over the same days, largest first (top 10). */
  byPlace: NameValue[];
  total: number;
  payments: number;
}

export interface LibraryPanel {
  loans: number;
  onLoan: number;
  overdue: number;
  byReaderKind: NameValue[];
  books: number | null;
}

export interface NetworkPanel {
  /** Sessions per day, the last 30 days; extra = distinct students online that day. */
  daily: DayPoint[];
  sessions: number;
  /** Bytes over the 30 days. */
  bytes: number;
}

/** GET …/overview/ — 综合校情 in one answer. */
export interface SchoolOverview {
  generatedAt: number;
  /** When the daily aggregates (card, gate, network) were last refreshed, or null (not yet). */
  aggregatedAt: number | null;
  students: StudentsPanel | null;
  staff: StaffPanel | null;
  teaching: TeachingPanel | null;
  research: ResearchPanel | null;
  payroll: PayrollPanel | null;
  dorms: DormsPanel | null;
  card: CardPanel | null;
  library: LibraryPanel | null;
  network: NetworkPanel | null;
  /** Data tables the page reads that are not there (their panels are empty). */
  missing: string[];
}

export interface CollegeTeaching {
  collegeId: number;
  name: string;
  courses: number;
  sections: number;
  enrolments: number;
}

export interface CollegeGrades {
  collegeId: number;
  name: string;
  /** <60, 60–69, 70–79, 80–89, ≥90 */
  bands: number[];
  total: number;
  failed: number;
  failRate: number;
}

export interface AttendanceRow {
  key: string;
  absences: number;
  expected: number;
  rate: number;
}

export interface TeacherLoad {
  teacherNo: string;
  name: string;
  sections: number;
  /** 节 per week (Σ periods of the timetable rows) */
  weeklyPeriods: number;
  students: number;
}

export const GRADE_BANDS = ['不及格', '60-69', '70-79', '80-89', '90-100'] as const;

/** GET …/teaching/ — 教学概况 in one answer. */
export interface TeachingOverview {
  /** Terms the tables hold (newest first) and the colleges (filter choices). */
  terms: string[];
  colleges: { id: number; name: string }[];
  term: string | null;
  collegeId: number | null;
  totals: { courses: number; sections: number; enrolments: number; teachers: number } | null;
  byCollege: CollegeTeaching[] | null;
  /** The graded term used: the chosen term, else the newest term with grades. */
  gradeTerm: string | null;
  grades: CollegeGrades[] | null;
  attendanceByCollege: AttendanceRow[] | null;
  attendanceByWeek: AttendanceRow[] | null;
  teachers: TeacherLoad[] | null;
  missing: string[];
}
