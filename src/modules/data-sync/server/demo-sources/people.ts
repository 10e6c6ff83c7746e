import type { Db } from '@/server/db/dialect';

/** A unit of the portal's organisation as the source systems record it (same id and code). */
export interface Unit {
  id: number;
  code: string;
  name: string;
  kind: string;
}

/** A portal user as the university's source systems know them: same 学号/工号, name and unit. */
export interface DemoPerson {
  userNo: string;
  name: string;
  gender: string;
  kind: 'student' | 'staff';
  /** The college or office the person belongs to (row scope of the data tables). */
  unit: Unit;
  /** Students: major and class name when the organisation has them, grade (入学年份) from the 学号. */
  major: string | null;
  className: string | null;
  grade: number | null;
  /** Staff with the counsellor role (辅导员). */
  counsellor: boolean;
}

export interface DemoPeople {
  students: DemoPerson[];
  staff: DemoPerson[];
  colleges: Unit[];
  offices: Unit[];
}

/**
 * The portal's people and organisation, read from the platform's own tables (users and
 * departments belong to the core, not to a module). Sorted by number, so generation that walks
 * them with a seeded generator comes out the same on every run.
 */
export async function readDemoPeople(db: Db): Promise<DemoPeople> {
  const [departments, users, counsellors] = await Promise.all([
    db.selectFrom('department').select(['id', 'parentId', 'code', 'name', 'kind']).execute(),
    db
      .selectFrom('appUser')
      .select(['userNo', 'realName', 'kind', 'gender', 'departmentId'])
      .where('kind', 'in', ['student', 'staff'])
      .where('status', '=', 'active')
      .where('departmentId', 'is not', null)
      .orderBy('userNo')
      .execute(),
    db
      .selectFrom('userRole')
      .innerJoin('role', 'role.id', 'userRole.roleId')
      .innerJoin('appUser', 'appUser.id', 'userRole.userId')
      .select('appUser.userNo')
      .where('role.code', '=', 'counsellor')
      .execute(),
  ]);
  const counsellorNos = new Set(counsellors.map((c) => c.userNo));
  const byId = new Map(departments.map((d) => [d.id, d]));
  /** The nearest ancestor (or the unit itself) of one of these kinds. */
  const up = (id: number | null, kinds: string[]) => {
    for (let d = id === null ? undefined : byId.get(id); d; d = d.parentId === null ? undefined : byId.get(d.parentId))
      if (kinds.includes(d.kind)) return d;
    return undefined;
  };
  const unit = (d: { id: number; code: string; name: string; kind: string }): Unit => ({
    id: d.id,
    code: d.code,
    name: d.name,
    kind: d.kind,
  });
  const students: DemoPerson[] = [];
  const staff: DemoPerson[] = [];
  for (const u of users) {
    const top = up(u.departmentId, ['college', 'office']);
    if (!top) continue;
    const student = u.kind === 'student';
    const person: DemoPerson = {
      userNo: u.userNo,
      name: u.realName,
      gender: u.gender ?? '男',
      kind: student ? 'student' : 'staff',
      unit: unit(top),
      major: student ? (up(u.departmentId, ['major'])?.name ?? null) : null,
      className: student ? (up(u.departmentId, ['class'])?.name ?? null) : null,
      grade: student && /^\d{11}$/.test(u.userNo) ? Number(u.userNo.slice(0, 4)) : null,
      counsellor: counsellorNos.has(u.userNo),
    };
    (student ? students : staff).push(person);
  }
  const sorted = (kind: string) =>
    departments
      .filter((d) => d.kind === kind)
      .sort((a, b) => a.code.localeCompare(b.code))
      .map(unit);
  return { students, staff, colleges: sorted('college'), offices: sorted('office') };
}
