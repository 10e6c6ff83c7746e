import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import { allDepartmentLeaderIds, departmentLeaders } from '../repository';
import type { OfficePeople } from './processes';
import type { Who } from './requests';

type Tx = Transaction<Database>;

export interface CastMember {
  id: number;
  realName: string;
  userNo: string;
  isAdmin: boolean;
  phone: string | null;
  department: string;
}

/** Office codes (university.ts) of the offices the demo processes name. */
const OFFICE_OF = {
  affairs: 'B01',
  academic: 'B02',
  logistics: 'B04',
  hr: 'B05',
  finance: 'B06',
} as const;

const userColumns = ['u.id', 'u.realName', 'u.userNo', 'u.isAdmin', 'u.phone', 'd.name as department'] as const;
const people = (tx: Tx) =>
  tx
    .selectFrom('appUser as u')
    .leftJoin('department as d', 'd.id', 'u.departmentId')
    .select(userColumns)
    .where('u.status', '=', 'active');
const member = (r: {
  id: number;
  realName: string;
  userNo: string;
  isAdmin: number;
  phone: string | null;
  department: string | null;
}): CastMember => ({ ...r, isAdmin: r.isAdmin === 1, department: r.department ?? '' });

/**
 * The people of the demo's story, found in the seeded organisation (both seed sizes): the fixed
 * accounts; classmates of the demo student (computer science, by 学号); the teacher's colleagues
 * (plain staff of the college, else of other colleges); the college's leaders; each office's staff by
 * 工号 — its first is the README's account for that office. An office the small seed lacks (人事处,
 * 财务处) falls back to the offices it has, so the story runs there too.
 */
export class Cast {
  private constructor(
    private readonly byName: Map<string, CastMember[]>,
    readonly offices: OfficePeople,
  ) {}

  static async find(tx: Tx): Promise<Cast> {
    const byName = new Map<string, CastMember[]>();
    for (const username of ['student', 'teacher', 'admin'] as const) {
      const r = await people(tx).where('u.username', '=', username).executeTakeFirst();
      if (!r) throw new Error(`demo requests: the fixed account ${username} is missing`);
      byName.set(username, [member(r)]);
    }
    const student = byName.get('student')![0]!;
    const teacher = byName.get('teacher')![0]!;
    const college = await tx
      .selectFrom('appUser')
      .select('departmentId')
      .where('id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    const collegeId = college.departmentId!;
    // 学号: grade (4 digits), college (2), …: the demo student's college is the digits after the grade.
    const collegeDigits = student.userNo.slice(4, 6);
    const mates = await people(tx)
      .where('u.kind', '=', 'student')
      .where('u.userNo', 'like', `____${collegeDigits}%`)
      .where('u.id', '!=', student.id)
      .orderBy('u.userNo')
      .limit(6)
      .execute();
    byName.set('mate', mates.map(member));

    const leaders = await departmentLeaders(tx, collegeId);
    const leaderIds = leaders.map((l) => l.id);
    byName.set(
      'leader',
      await Promise.all(
        leaderIds.map(async (id) => member(await people(tx).where('u.id', '=', id).executeTakeFirstOrThrow())),
      ),
    );
    // Plain staff (no counsellor or leader): the college's own first, then other colleges' (the small seed).
    const counsellors = tx
      .selectFrom('userRole as ur')
      .innerJoin('role as r', 'r.id', 'ur.roleId')
      .select('ur.userId')
      .where('r.code', 'in', ['counsellor', 'college_leader']);
    const allLeaders = await allDepartmentLeaderIds(tx);
    const plain = await people(tx)
      .where('u.kind', '=', 'staff')
      .where('d.kind', '=', 'college')
      .where('u.id', '!=', teacher.id)
      .where('u.id', 'not in', counsellors)
      .where('u.id', 'not in', allLeaders.length ? allLeaders : [0])
      .orderBy('u.userNo')
      .execute();
    const own = plain.filter((p) => p.department === teacher.department);
    const colleagues = [...own, ...plain.filter((p) => p.department !== teacher.department)];
    if (colleagues.length < 4) {
      // The small seed makes every college's staff its leaders: any other staff then (not this college's leaders).
      const taken = new Set([teacher.id, ...leaderIds, ...colleagues.map((c) => c.id)]);
      const more = await people(tx).where('u.kind', '=', 'staff').orderBy('u.userNo').execute();
      colleagues.push(...more.filter((p) => !taken.has(p.id)));
    }
    byName.set('colleague', colleagues.map(member));

    const officeStaff = async (code: string) =>
      (
        await people(tx)
          .innerJoin('department as o', 'o.id', 'u.departmentId')
          .where('o.code', '=', code)
          .where('u.kind', '=', 'staff')
          .orderBy('u.userNo')
          .execute()
      ).map(member);
    const fallback = [...(await officeStaff(OFFICE_OF.academic)), ...(await officeStaff(OFFICE_OF.affairs))];
    for (const [key, code] of Object.entries(OFFICE_OF)) {
      const staff = await officeStaff(code);
      byName.set(key, staff.length ? staff : fallback);
    }
    const ids = (key: string, from: number, n: number) => {
      const list = byName.get(key)!;
      const some = list.slice(from, from + n);
      return (some.length ? some : list.slice(0, n)).map((p) => p.id);
    };
    const finance = byName.get('finance')!;
    return new Cast(byName, {
      studentAffairs: ids('affairs', 0, 2),
      academic: ids('academic', 0, 1),
      logistics: ids('logistics', 0, 2),
      hr: ids('hr', 0, 1),
      finance: ids('finance', 0, 1),
      // The head of finance is the office's second by 工号 (its first is the accountant).
      financeHead: ids('finance', finance.length > 1 ? 1 : 0, 1),
    });
  }

  /** A story role ('mate2', 'logistics0' …); an index past the people found wraps round. */
  get(who: Who): CastMember {
    const m = /^([a-z]+?)(\d*)$/.exec(who)!;
    const list = this.byName.get(m[1]!);
    if (!list?.length) throw new Error(`demo requests: nobody for ${who}`);
    return list[Number(m[2] || 0) % list.length]!;
  }
}
