import type { Insertable } from 'kysely';
import type { DepartmentTable } from '../schema';
import { insertChunks, type Tx } from './batch';
import { CLASSES_PER_MAJOR, COLLEGES, GRADES, OFFICES, ROLE_GROUPS, ROLES, SCHOOL, type RoleCode } from './university';

export interface ClassUnit {
  departmentId: number;
  grade: number;
  collegeCode: string;
  /** Two digits, 01… within the college. */
  majorNo: string;
  classNo: number;
}

export interface Organisation {
  /** department code → id */
  deptId: Map<string, number>;
  roleId: Map<RoleCode, number>;
  /** Classes with students to fill (full seed only). */
  classes: ClassUnit[];
}

export const collegeDeptCode = (code: string) => `C${code}`;
export const officeDeptCode = (code: string) => code;

async function codeIds(tx: Tx): Promise<Map<string, number>> {
  const rows = await tx.selectFrom('department').select(['id', 'code']).execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

/**
 * The school, its colleges and offices (small), plus every college's majors and their
 * classes per grade (full). Inserted level by level so each level knows its parents' ids.
 */
export async function insertOrganisation(tx: Tx, size: 'small' | 'full', now: number): Promise<Organisation> {
  const dept = (
    parentId: number | null,
    code: string,
    name: string,
    kind: string,
    sort: number,
  ): Insertable<DepartmentTable> => ({ parentId, code, name, kind, sort, createdAt: now });

  await tx
    .insertInto('department')
    .values(dept(null, SCHOOL.code, SCHOOL.name, 'school', 0))
    .execute();
  let ids = await codeIds(tx);
  const rootId = ids.get(SCHOOL.code)!;
  const colleges = COLLEGES.filter((c) => size === 'full' || c.small);
  const offices = OFFICES.filter((o) => size === 'full' || o.small);
  await insertChunks(tx, 'department', [
    ...colleges.map((c, i) => dept(rootId, collegeDeptCode(c.code), c.name, 'college', i + 1)),
    ...offices.map((o, i) => dept(rootId, officeDeptCode(o.code), o.name, 'office', 100 + i)),
  ]);

  const classes: ClassUnit[] = [];
  if (size === 'full') {
    ids = await codeIds(tx);
    const majorCode = (c: string, m: string) => `C${c}-M${m}`;
    const majorNo = (i: number) => String(i + 1).padStart(2, '0');
    await insertChunks(
      tx,
      'department',
      colleges.flatMap((c) =>
        c.majors.map((m, i) =>
          dept(ids.get(collegeDeptCode(c.code))!, majorCode(c.code, majorNo(i)), m, 'major', i + 1),
        ),
      ),
    );
    ids = await codeIds(tx);
    const classRows: Insertable<DepartmentTable>[] = [];
    for (const c of colleges) {
      c.majors.forEach((m, i) => {
        for (const grade of GRADES) {
          for (let k = 1; k <= CLASSES_PER_MAJOR; k++) {
            classRows.push(
              dept(
                ids.get(majorCode(c.code, majorNo(i)))!,
                `${majorCode(c.code, majorNo(i))}-${grade}-${k}`,
                `${m}${grade}级${k}班`,
                'class',
                grade * 10 + k,
              ),
            );
          }
        }
      });
    }
    await insertChunks(tx, 'department', classRows);
    ids = await codeIds(tx);
    for (const c of colleges) {
      c.majors.forEach((_, i) => {
        for (const grade of GRADES) {
          for (let k = 1; k <= CLASSES_PER_MAJOR; k++) {
            classes.push({
              departmentId: ids.get(`${majorCode(c.code, majorNo(i))}-${grade}-${k}`)!,
              grade,
              collegeCode: c.code,
              majorNo: majorNo(i),
              classNo: k,
            });
          }
        }
      });
    }
  }

  const groupId = new Map<string, number>();
  for (const [i, g] of ROLE_GROUPS.entries()) {
    const row = await tx
      .insertInto('roleGroup')
      .values({ name: g.name, sort: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupId.set(g.key, row.id);
  }
  const roleId = new Map<RoleCode, number>();
  for (const [i, r] of ROLES.entries()) {
    const row = await tx
      .insertInto('role')
      .values({ groupId: groupId.get(r.group)!, code: r.code, name: r.name, sort: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleId.set(r.code, row.id);
  }
  return { deptId: await codeIds(tx), roleId, classes };
}
