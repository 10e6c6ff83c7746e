import type { DemoSeed } from '@/server/db/seed/module-seeds';
import type { SchoolKind } from '../contract';
import * as repo from './repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;

/** The demo school calendar: two terms around the demo's "now", their holidays, exam weeks and campus days. */
const SCHOOL: readonly [SchoolKind, string, string, string, string][] = [
  ['term', '2025-2026学年第二学期', '2026-02-23', '2026-07-10', '共20个教学周'],
  ['term', '2026-2027学年第一学期', '2026-09-07', '2027-01-15', '共19个教学周，第1周为2026年9月7日所在周'],
  ['term', '2026-2027学年第二学期', '2027-03-01', '2027-07-09', ''],
  ['holiday', '清明节', '2026-04-04', '2026-04-06', ''],
  ['holiday', '劳动节', '2026-05-01', '2026-05-05', '5月9日（周六）补课'],
  ['holiday', '端午节', '2026-06-19', '2026-06-21', ''],
  ['holiday', '暑假', '2026-07-11', '2026-09-06', '9月5日至6日新生报到'],
  ['holiday', '中秋节、国庆节', '2026-10-01', '2026-10-08', '9月27日（周日）、10月10日（周六）补课'],
  ['holiday', '元旦', '2027-01-01', '2027-01-03', ''],
  ['holiday', '寒假', '2027-01-16', '2027-02-28', ''],
  ['exam', '期末考试周', '2026-06-29', '2026-07-10', '考试安排以教务系统公布为准'],
  ['exam', '期中教学检查', '2026-11-09', '2026-11-13', ''],
  ['exam', '期末考试周', '2027-01-04', '2027-01-15', '考试安排以教务系统公布为准'],
  ['exam', '全国大学英语四六级考试', '2026-12-19', '2026-12-19', ''],
  ['other', '新生报到', '2026-09-05', '2026-09-06', ''],
  ['other', '秋季田径运动会', '2026-10-23', '2026-10-24', '23日下午、24日全天停课'],
  ['other', '校庆日', '2026-11-18', '2026-11-18', '建校70周年'],
  ['other', '毕业典礼', '2026-06-26', '2026-06-26', ''],
];

/** Beijing midnight of the day `days` from now, plus `hour` hours. */
const at = (now: number, days: number, hour: number) => {
  const midnight = Math.floor((now + BEIJING) / DAY) * DAY - BEIJING;
  return midnight + days * DAY + hour * HOUR;
};

/**
 * Full demo only (tests make their own rows): the school calendar, a week of the teacher's and the
 * student's own events and the 计算机科学与技术学院's department events, some with reminders.
 */
export const demoSeed: DemoSeed = async ({ tx, now, adminId, size }) => {
  if (size !== 'full') return;
  for (const [kind, title, startDate, endDate, note] of SCHOOL)
    await repo.insertSchool(tx, { kind, title, startDate, endDate, note }, now);

  const people = await tx
    .selectFrom('appUser')
    .select(['id', 'username', 'departmentId'])
    .where('username', 'in', ['teacher', 'student'])
    .execute();
  const teacher = people.find((p) => p.username === 'teacher');
  const student = people.find((p) => p.username === 'student');
  const ev = (
    ownerId: number,
    title: string,
    days: number,
    hour: number,
    hours: number,
    location: string,
    remind: number | null,
    departmentId: number | null = null,
  ) =>
    repo.insertEvent(
      tx,
      {
        scope: departmentId === null ? 'personal' : 'department',
        ownerId,
        departmentId,
        title,
        location,
        note: '',
        startAt: at(now, days, hour),
        endAt: at(now, days, hour + hours),
        allDay: 0,
        remindMinutes: remind,
        remindAt:
          remind === null || at(now, days, hour) - remind * 60_000 < now ? null : at(now, days, hour) - remind * 60_000,
      },
      now,
    );
  if (teacher) {
    await ev(teacher.id, '课题组例会', 1, 14, 1.5, '信息楼A座502', 15);
    await ev(teacher.id, '2023级1班班会', 2, 19, 1, '教学楼C201', 30);
    await ev(teacher.id, '学生谈心谈话', 3, 10, 1, '辅导员办公室', null);
    await ev(teacher.id, '论文评审截止', 6, 9, 1, '', 1440);
    await ev(teacher.id, '教学研讨（已结束）', -2, 15, 2, '信息楼A座301', null);
    if (teacher.departmentId) {
      await ev(adminId, '学院教职工大会', 4, 15, 2, '学院报告厅', 60, teacher.departmentId);
      await ev(adminId, '本科教学审核评估工作部署会', 8, 9, 2, '信息楼A座101', 60, teacher.departmentId);
      await ev(adminId, '学院学术报告：大模型与教育', 10, 14, 2, '学术交流中心', 30, teacher.departmentId);
    }
  }
  if (student) {
    await ev(student.id, '数据结构小组讨论', 1, 16, 1, '图书馆研讨室3', 15);
    await ev(student.id, '英语四级模拟考试', 5, 9, 2, '教学楼B101', 60);
    await ev(student.id, '社团招新值班', 2, 12, 2, '学生活动中心', null);
  }
};
