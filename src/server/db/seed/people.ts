import { chineseName, mobilePhone, type Gender } from './names';
import type { Rng } from './prng';
import { collegeDeptCode, officeDeptCode, type Organisation } from './organisation';
import { COLLEGES, EMAIL_DOMAIN, GRADES, OFFICES, type RoleCode } from './university';

/** A generated person (everything but the password hash and times). */
export interface Person {
  username: string;
  realName: string;
  /** 学号 (11 digits: grade, college, major, class, seat) or 工号 (8 digits: hire year, sequence) */
  userNo: string;
  kind: 'student' | 'staff';
  departmentId: number;
  phone: string;
  email: string;
  gender: Gender;
  roles: RoleCode[];
}

/** Numbers already taken (the fixed accounts'), so generated ones never collide with them. */
export class NumberBook {
  private used = new Set<string>();
  private staffSeq = 1;
  constructor(taken: readonly string[]) {
    for (const t of taken) this.used.add(t);
  }
  /** The first free student number of a class, counting seats from 01. */
  student(prefix: string): string {
    for (let seat = 1; ; seat++) {
      const no = prefix + String(seat).padStart(2, '0');
      if (!this.used.has(no)) return this.take(no);
    }
  }
  staff(hireYear: number): string {
    for (;;) {
      const no = `${hireYear}${String(++this.staffSeq).padStart(4, '0')}`;
      if (!this.used.has(no)) return this.take(no);
    }
  }
  private take(no: string): string {
    this.used.add(no);
    return no;
  }
}

function person(rng: Rng, kind: Person['kind'], userNo: string, departmentId: number, roles: RoleCode[]): Person {
  const gender: Gender = rng.chance(kind === 'student' ? 0.55 : 0.5) ? '男' : '女';
  return {
    username: userNo,
    realName: chineseName(rng, gender),
    userNo,
    kind,
    departmentId,
    phone: mobilePhone(rng),
    email: `${userNo}@${kind === 'student' ? 'stu.' : ''}${EMAIL_DOMAIN}`,
    gender,
    roles,
  };
}

/** About twenty people for lists in the small seed: students in the colleges, staff across departments. */
export function smallPeople(rng: Rng, org: Organisation, book: NumberBook): Person[] {
  const colleges = COLLEGES.filter((c) => c.small);
  const people: Person[] = [];
  for (let i = 0; i < 12; i++) {
    const c = colleges[i % colleges.length]!;
    const grade = rng.pick(GRADES);
    // Major 00, class 0: the small seed has colleges but no majors or classes.
    people.push(
      person(rng, 'student', book.student(`${grade}${c.code}000`), org.deptId.get(collegeDeptCode(c.code))!, [
        'student',
      ]),
    );
  }
  const staffPlaces: { dept: string; roles: RoleCode[] }[] = [
    { dept: collegeDeptCode('01'), roles: ['staff', 'college_leader'] },
    { dept: collegeDeptCode('01'), roles: ['staff', 'counsellor'] },
    { dept: collegeDeptCode('02'), roles: ['staff', 'counsellor'] },
    { dept: collegeDeptCode('03'), roles: ['staff'] },
    { dept: collegeDeptCode('04'), roles: ['staff'] },
    { dept: officeDeptCode('B01'), roles: ['staff'] },
    { dept: officeDeptCode('B02'), roles: ['staff'] },
    { dept: officeDeptCode('B04'), roles: ['staff', 'dorm_office'] },
  ];
  for (const s of staffPlaces)
    people.push(person(rng, 'staff', book.staff(rng.int(1995, 2024)), org.deptId.get(s.dept)!, s.roles));
  return people;
}

const STAFF_PER_COLLEGE = 22;
const STAFF_PER_OFFICE = 10;

/**
 * The full university: 13–18 students in every class (about 4000) and about 300 staff —
 * in each college two leaders and three counsellors, the dormitory office's staff in 后勤保障处.
 */
export function fullPeople(rng: Rng, org: Organisation, book: NumberBook): Person[] {
  const people: Person[] = [];
  for (const cls of org.classes) {
    const n = rng.int(13, 18);
    const prefix = `${cls.grade}${cls.collegeCode}${cls.majorNo}${cls.classNo}`;
    for (let i = 0; i < n; i++)
      people.push(person(rng, 'student', book.student(prefix), cls.departmentId, ['student']));
  }
  for (const c of COLLEGES) {
    for (let i = 0; i < STAFF_PER_COLLEGE; i++) {
      const roles: RoleCode[] = i < 2 ? ['staff', 'college_leader'] : i < 5 ? ['staff', 'counsellor'] : ['staff'];
      people.push(
        person(rng, 'staff', book.staff(rng.int(1990, 2025)), org.deptId.get(collegeDeptCode(c.code))!, roles),
      );
    }
  }
  for (const o of OFFICES) {
    for (let i = 0; i < STAFF_PER_OFFICE; i++) {
      const roles: RoleCode[] = o.code === 'B04' ? ['staff', 'dorm_office'] : ['staff'];
      people.push(
        person(rng, 'staff', book.staff(rng.int(1990, 2025)), org.deptId.get(officeDeptCode(o.code))!, roles),
      );
    }
  }
  return people;
}
