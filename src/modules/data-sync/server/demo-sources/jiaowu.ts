import type { GenContext } from './context';
import { PUBLIC_BY_SEMESTER, professionalCourses, type CourseSpec } from './course-catalogue';
import type { DemoPerson } from './people';
import { pad, rngFor, personRng, weighted } from './random-helpers';
import type { SourceFile } from './sqlite-file';
import { staffProfile } from './staff-profile';
import { TERM, termDates, termsSince } from './term';

const PERIOD_STARTS = [1, 3, 5, 7, 9] as const;
const PERIOD_MINUTE: Record<number, number> = { 1: 8 * 60, 3: 10 * 60, 5: 14 * 60, 7: 16 * 60, 9: 19 * 60 };
const BUILDINGS = ['第一教学楼', '第二教学楼', '第三教学楼', '实验楼', '文科楼'];
const ATTENDANCE = [
  ['迟到', 5],
  ['缺勤', 3],
  ['请假', 3],
  ['早退', 1],
] as const;

interface Section {
  id: string;
  term: string;
  courseCode: string;
  teacherNo: string;
  group: DemoPerson[];
  className: string;
  credit: number;
}

/** 教务系统: terms, courses, teachers, teaching sections, the current timetable, enrolments, grades, attendance. */
export function writeJiaowu(f: SourceFile, ctx: GenContext): void {
  const rng = rngFor('jiaowu');
  const { students, staff } = ctx.people;
  const collegeStaff = staff.filter((s) => s.unit.kind === 'college');
  const teachers = collegeStaff.filter((s) => staffProfile(s).teaches);
  const teacherPool = teachers.length ? teachers : collegeStaff.length ? collegeStaff : staff;

  // Classes: students of one college, major, class and grade study together.
  const groups = new Map<string, DemoPerson[]>();
  for (const s of students) {
    if (s.grade === null) continue;
    const key = `${s.unit.code}|${s.major ?? ''}|${s.className ?? ''}|${s.grade}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }

  const courses = new Map<string, CourseSpec & { code: string; collegeId: number | null; collegeName: string }>();
  const courseCode = (spec: CourseSpec, college: DemoPerson['unit']) => {
    const existing = [...courses.values()].find(
      (c) => c.name === spec.name && (spec.kind === '公共必修' || c.collegeId === college.id),
    );
    if (existing) return existing.code;
    const code =
      spec.kind === '公共必修'
        ? `GG${pad(courses.size + 1, 4)}`
        : `ZY${college.code.replace(/\D/g, '').padStart(2, '0')}${pad(courses.size + 1, 4)}`;
    courses.set(code, {
      ...spec,
      code,
      collegeId: spec.kind === '公共必修' ? null : college.id,
      collegeName: spec.kind === '公共必修' ? '教务处' : college.name,
    });
    return code;
  };

  const sections: Section[] = [];
  const perCourseTerm = new Map<string, number>();
  for (const group of groups.values()) {
    const first = group[0]!;
    const terms = termsSince(first.grade!);
    terms.forEach((term, semester) => {
      if (semester >= 8) return;
      const collegeNo = first.unit.code.replace(/\D/g, '');
      for (const spec of [...PUBLIC_BY_SEMESTER[semester]!, ...professionalCourses(collegeNo, semester)]) {
        const code = courseCode(spec, first.unit);
        const own = teacherPool.filter((t) => t.unit.id === first.unit.id);
        const teacher = spec.kind !== '公共必修' && own.length ? rng.pick(own) : rng.pick(teacherPool);
        const n = (perCourseTerm.get(`${term}|${code}`) ?? 0) + 1;
        perCourseTerm.set(`${term}|${code}`, n);
        sections.push({
          id: `${term}-${code}-${pad(n, 2)}`,
          term,
          courseCode: code,
          teacherNo: teacher.userNo,
          group,
          className: first.className ?? `${first.unit.name}${first.grade}级`,
          credit: spec.credit,
        });
      }
    });
  }

  const terms = termsSince(2022);
  f.table(
    'term',
    `CREATE TABLE term (term_code TEXT PRIMARY KEY, name TEXT NOT NULL, start_date TEXT NOT NULL,
      end_date TEXT NOT NULL, is_current INTEGER NOT NULL)`,
    ['term_code', 'name', 'start_date', 'end_date', 'is_current'],
    terms.map((t) => {
      const d = termDates(t);
      return [t, d.name, d.start, d.end, t === TERM.code ? 1 : 0];
    }),
  );
  f.table(
    'course',
    `CREATE TABLE course (course_code TEXT PRIMARY KEY, name TEXT NOT NULL, credit REAL NOT NULL,
      hours INTEGER NOT NULL, kind TEXT NOT NULL, college_id INTEGER, college_name TEXT NOT NULL)`,
    ['course_code', 'name', 'credit', 'hours', 'kind', 'college_id', 'college_name'],
    [...courses.values()].map((c) => [c.code, c.name, c.credit, c.credit * 16, c.kind, c.collegeId, c.collegeName]),
  );
  const teacherNos = new Set(sections.map((s) => s.teacherNo));
  f.table(
    'teacher',
    `CREATE TABLE teacher (teacher_no TEXT PRIMARY KEY, name TEXT NOT NULL, gender TEXT NOT NULL,
      college_id INTEGER NOT NULL, college_name TEXT NOT NULL, title TEXT NOT NULL)`,
    ['teacher_no', 'name', 'gender', 'college_id', 'college_name', 'title'],
    staff
      .filter((s) => teacherNos.has(s.userNo))
      .map((s) => [s.userNo, s.name, s.gender, s.unit.id, s.unit.name, staffProfile(s).title]),
  );
  f.table(
    'teaching_section',
    `CREATE TABLE teaching_section (section_id TEXT PRIMARY KEY, term_code TEXT NOT NULL, course_code TEXT NOT NULL,
      teacher_no TEXT NOT NULL, class_name TEXT NOT NULL, college_id INTEGER NOT NULL, student_count INTEGER NOT NULL)`,
    ['section_id', 'term_code', 'course_code', 'teacher_no', 'class_name', 'college_id', 'student_count'],
    sections.map((s) => [s.id, s.term, s.courseCode, s.teacherNo, s.className, s.group[0]!.unit.id, s.group.length]),
    'CREATE INDEX teaching_section_term ON teaching_section (term_code)',
  );

  // The current term's timetable: two meetings a week for courses of three credits or more, no clash within a class.
  const current = sections.filter((s) => s.term === TERM.code);
  const busy = new Map<DemoPerson[], Set<string>>();
  const meetings: { section: Section; weekday: number; period: number; room: string; weekEnd: number }[] = [];
  for (const s of current) {
    if (s.credit >= 8) continue; // the thesis has no timetable
    const taken = busy.get(s.group) ?? new Set<string>();
    busy.set(s.group, taken);
    const times = s.credit >= 3 ? 2 : 1;
    for (let i = 0; i < times; i++) {
      let weekday = 1;
      let period: number = 1;
      for (let tries = 0; tries < 50; tries++) {
        weekday = rng.int(1, 5);
        period = tries < 40 ? rng.pick(PERIOD_STARTS.slice(0, 4)) : rng.pick(PERIOD_STARTS);
        if (!taken.has(`${weekday}|${period}`)) break;
      }
      taken.add(`${weekday}|${period}`);
      const room = `${rng.pick(BUILDINGS)}${rng.int(1, 5)}${pad(rng.int(1, 20), 2)}`;
      meetings.push({ section: s, weekday, period, room, weekEnd: 16 });
    }
  }
  f.table(
    'timetable',
    `CREATE TABLE timetable (id INTEGER PRIMARY KEY, term_code TEXT NOT NULL, section_id TEXT NOT NULL,
      course_code TEXT NOT NULL, teacher_no TEXT NOT NULL, class_name TEXT NOT NULL, college_id INTEGER NOT NULL,
      week_start INTEGER NOT NULL, week_end INTEGER NOT NULL, weekday INTEGER NOT NULL,
      period_start INTEGER NOT NULL, period_end INTEGER NOT NULL, room TEXT NOT NULL)`,
    [
      'id',
      'term_code',
      'section_id',
      'course_code',
      'teacher_no',
      'class_name',
      'college_id',
      'week_start',
      'week_end',
      'weekday',
      'period_start',
      'period_end',
      'room',
    ],
    meetings.map((m, i) => [
      i + 1,
      m.section.term,
      m.section.id,
      m.section.courseCode,
      m.section.teacherNo,
      m.section.className,
      m.section.group[0]!.unit.id,
      1,
      m.weekEnd,
      m.weekday,
      m.period,
      m.period + 1,
      m.room,
    ]),
    'CREATE INDEX timetable_section ON timetable (section_id)',
  );

  let enrolId = 0;
  f.table(
    'enrolment',
    `CREATE TABLE enrolment (id INTEGER PRIMARY KEY, term_code TEXT NOT NULL, section_id TEXT NOT NULL,
      course_code TEXT NOT NULL, student_no TEXT NOT NULL, student_name TEXT NOT NULL, college_id INTEGER NOT NULL)`,
    ['id', 'term_code', 'section_id', 'course_code', 'student_no', 'student_name', 'college_id'],
    (function* () {
      for (const s of sections)
        for (const p of s.group) yield [++enrolId, s.term, s.id, s.courseCode, p.userNo, p.name, p.unit.id];
    })(),
    'CREATE INDEX enrolment_student ON enrolment (student_no); CREATE INDEX enrolment_term ON enrolment (term_code)',
  );

  // Grades of finished terms: a student's ability plus the course's difficulty plus noise; a fail is usually retaken.
  const difficulty = new Map([...courses.keys()].map((c) => [c, rng.int(-6, 4)]));
  let gradeId = 0;
  const gradePoint = (score: number) => (score >= 60 ? Math.round(score - 50) / 10 : 0);
  f.table(
    'grade',
    `CREATE TABLE grade (id INTEGER PRIMARY KEY, term_code TEXT NOT NULL, student_no TEXT NOT NULL,
      student_name TEXT NOT NULL, college_id INTEGER NOT NULL, course_code TEXT NOT NULL, course_name TEXT NOT NULL,
      credit REAL NOT NULL, score INTEGER NOT NULL, grade_point REAL NOT NULL, exam_kind TEXT NOT NULL,
      recorded_at INTEGER NOT NULL)`,
    [
      'id',
      'term_code',
      'student_no',
      'student_name',
      'college_id',
      'course_code',
      'course_name',
      'credit',
      'score',
      'grade_point',
      'exam_kind',
      'recorded_at',
    ],
    (function* () {
      for (const s of sections) {
        if (s.term === TERM.code) continue;
        const course = courses.get(s.courseCode)!;
        const recorded = Date.parse(`${termDates(s.term).end}T10:00:00+08:00`);
        for (const p of s.group) {
          const ability = 76 + (personRng(p.userNo).next() - 0.5) * 24;
          const score = Math.max(
            20,
            Math.min(100, Math.round(ability + difficulty.get(s.courseCode)! + (rng.next() + rng.next() - 1) * 16)),
          );
          const row = [s.term, p.userNo, p.name, p.unit.id, s.courseCode, course.name, course.credit];
          yield [++gradeId, ...row, score, gradePoint(score), '正常考试', recorded];
          if (score < 60 && rng.chance(0.8)) {
            const retake = rng.int(55, 78);
            yield [++gradeId, ...row, retake, gradePoint(retake), '补考', recorded + 40 * 86_400_000];
          }
        }
      }
    })(),
    'CREATE INDEX grade_student ON grade (student_no); CREATE INDEX grade_recorded ON grade (recorded_at)',
  );

  // Attendance exceptions of the current term's meetings so far (a few students far more often).
  let attId = 0;
  const propensity = new Map(students.map((s) => [s.userNo, personRng(s.userNo).chance(0.05) ? 5 : 1]));
  f.table(
    'attendance',
    `CREATE TABLE attendance (id INTEGER PRIMARY KEY, term_code TEXT NOT NULL, section_id TEXT NOT NULL,
      course_code TEXT NOT NULL, student_no TEXT NOT NULL, student_name TEXT NOT NULL, college_id INTEGER NOT NULL,
      week INTEGER NOT NULL, class_date TEXT NOT NULL, period_start INTEGER NOT NULL, status TEXT NOT NULL,
      recorded_at INTEGER NOT NULL)`,
    [
      'id',
      'term_code',
      'section_id',
      'course_code',
      'student_no',
      'student_name',
      'college_id',
      'week',
      'class_date',
      'period_start',
      'status',
      'recorded_at',
    ],
    (function* () {
      for (const [i, day] of ctx.days.entries()) {
        if (day.holiday || day.weekday > 5) continue;
        for (const m of meetings) {
          if (m.weekday !== day.weekday || day.week > m.weekEnd) continue;
          const at = day.start + (PERIOD_MINUTE[m.period]! + 5) * 60_000;
          for (const p of m.section.group) {
            // Early warning's absent case skips half their classes in the last two weeks.
            const truant = i >= ctx.recentFrom && ctx.cast.get(p.userNo) === 'absent';
            if (truant) {
              if (rng.chance(0.5))
                yield [
                  ++attId,
                  m.section.term,
                  m.section.id,
                  m.section.courseCode,
                  p.userNo,
                  p.name,
                  p.unit.id,
                  day.week,
                  day.date,
                  m.period,
                  '缺勤',
                  at,
                ];
              continue;
            }
            if (!rng.chance(0.012 * propensity.get(p.userNo)!)) continue;
            yield [
              ++attId,
              m.section.term,
              m.section.id,
              m.section.courseCode,
              p.userNo,
              p.name,
              p.unit.id,
              day.week,
              day.date,
              m.period,
              weighted(rng, ATTENDANCE),
              at,
            ];
          }
        }
      }
    })(),
    'CREATE INDEX attendance_student ON attendance (student_no); CREATE INDEX attendance_recorded ON attendance (recorded_at)',
  );
}
