import type { DemoPerson } from './people';
import { dateInYears, idCardNo, personRng, weighted } from './random-helpers';

/** A staff member's HR record, the same wherever a system needs it (HR, timetable, research). */
export interface StaffProfile {
  hireDate: string;
  birthDate: string;
  idCard: string;
  /** 专任教师 | 辅导员 | 管理人员 | 教辅人员 */
  category: string;
  postCode: string;
  /** 职称 or 职务 */
  title: string;
  education: string;
  /** Teaches courses (college teachers). */
  teaches: boolean;
}

export const POSTS = [
  { code: 'JS01', name: '教授', category: '专业技术岗', level: '正高级' },
  { code: 'JS02', name: '副教授', category: '专业技术岗', level: '副高级' },
  { code: 'JS03', name: '讲师', category: '专业技术岗', level: '中级' },
  { code: 'JS04', name: '助教', category: '专业技术岗', level: '初级' },
  { code: 'SY01', name: '高级实验师', category: '专业技术岗', level: '副高级' },
  { code: 'SY02', name: '实验师', category: '专业技术岗', level: '中级' },
  { code: 'GL01', name: '处长', category: '管理岗', level: '五级职员' },
  { code: 'GL02', name: '副处长', category: '管理岗', level: '六级职员' },
  { code: 'GL03', name: '科长', category: '管理岗', level: '七级职员' },
  { code: 'GL04', name: '科员', category: '管理岗', level: '八级职员' },
  { code: 'FD01', name: '辅导员', category: '专业技术岗', level: '中级' },
  { code: 'GQ01', name: '技术工', category: '工勤技能岗', level: '技师' },
] as const;

const postName = (code: string) => POSTS.find((p) => p.code === code)!.name;

/** Derived from the person's number alone, so every system agrees about them. */
export function staffProfile(p: DemoPerson): StaffProfile {
  const rng = personRng(p.userNo);
  const hireYear = /^\d{8}$/.test(p.userNo) ? Number(p.userNo.slice(0, 4)) : 2010;
  const hireDate = `${hireYear}-0${rng.pick([7, 8, 9])}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const birthDate = dateInYears(rng, hireYear - 30, hireYear - 23);
  const idCard = idCardNo(rng, birthDate, p.gender);
  const seniority = 2026 - hireYear;
  let postCode: string;
  let category: string;
  if (p.unit.kind === 'college' && p.counsellor) {
    postCode = 'FD01';
    category = '辅导员';
  } else if (p.unit.kind === 'college') {
    const lab = rng.chance(0.12);
    category = lab ? '教辅人员' : '专任教师';
    postCode = lab
      ? seniority > 12
        ? 'SY01'
        : 'SY02'
      : seniority > 18
        ? weighted(rng, [
            ['JS01', 5],
            ['JS02', 4],
          ])
        : seniority > 8
          ? weighted(rng, [
              ['JS01', 1],
              ['JS02', 5],
              ['JS03', 4],
            ])
          : seniority > 2
            ? 'JS03'
            : weighted(rng, [
                ['JS03', 3],
                ['JS04', 2],
              ]);
  } else {
    category = rng.chance(0.1) ? '教辅人员' : '管理人员';
    postCode =
      category === '教辅人员'
        ? 'GQ01'
        : seniority > 20
          ? weighted(rng, [
              ['GL01', 1],
              ['GL02', 2],
              ['GL03', 3],
            ])
          : seniority > 10
            ? weighted(rng, [
                ['GL02', 1],
                ['GL03', 3],
                ['GL04', 3],
              ])
            : 'GL04';
  }
  const education =
    category === '专任教师'
      ? weighted(rng, [
          ['博士研究生', 7],
          ['硕士研究生', 3],
        ])
      : weighted(rng, [
          ['硕士研究生', 5],
          ['大学本科', 5],
        ]);
  return {
    hireDate,
    birthDate,
    idCard,
    category,
    postCode,
    title: postName(postCode),
    education,
    teaches: category === '专任教师',
  };
}
