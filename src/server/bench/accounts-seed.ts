import type { Insertable } from 'kysely';
import type { Db } from '../db/dialect';
import type { UserTable } from '../db/schema';
import { hashPassword } from '../identity/passwords';

/** What the accounts-list rows of the bench query: a college with its majors and classes, and a name fragment. */
export interface AccountsBenchInfo {
  users: number;
  departmentId: number;
  keyword: string;
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '霞'];
const CHUNK = 500;

/**
 * Adds `count` students spread over the leaf departments (classes) of the demo university, in
 * 500-row statements inside one transaction, each with the student role. They share one
 * Argon2id hash: acceptable for a benchmark database only (imports hash every row).
 */
export async function seedBenchAccounts(db: Db, count: number): Promise<AccountsBenchInfo> {
  const departments = await db.selectFrom('department').select(['id', 'parentId']).execute();
  const parents = new Set(departments.map((d) => d.parentId).filter((p) => p !== null));
  const leaves = departments.filter((d) => !parents.has(d.id)).map((d) => d.id);
  const studentRole = await db.selectFrom('role').select('id').where('code', '=', 'student').executeTakeFirst();
  const passwordHash = await hashPassword('Bench@2026');
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += CHUNK) {
      const rows: Insertable<UserTable>[] = [];
      for (let i = start; i < Math.min(count, start + CHUNK); i++) {
        rows.push({
          username: `bench${String(i).padStart(6, '0')}`,
          passwordHash,
          realName: `${SURNAMES[i % 16]}${GIVEN[(i >> 4) % 16]}${GIVEN[(i >> 8) % 16]}`,
          userNo: `B${String(i).padStart(9, '0')}`,
          kind: 'student',
          isAdmin: 0,
          departmentId: leaves[i % leaves.length] ?? null,
          phone: null,
          email: null,
          gender: i % 2 ? '男' : '女',
          avatar: null,
          status: i % 50 === 0 ? 'disabled' : 'active',
          mustChangePwd: 0,
          failedCount: 0,
          lockedUntil: null,
          lastLoginAt: null,
          createdAt: now,
          updatedAt: now,
        });
      }
      const ids = await trx.insertInto('appUser').values(rows).returning('id').execute();
      if (studentRole)
        await trx
          .insertInto('userRole')
          .values(ids.map((r) => ({ userId: r.id, roleId: studentRole.id })))
          .execute();
    }
  });
  // A college: a department with children whose own parent is a top-level department (or, in a
  // flatter tree, the first top-level department with children).
  const roots = new Set(departments.filter((d) => d.parentId === null).map((d) => d.id));
  const college =
    departments.find((d) => d.parentId !== null && roots.has(d.parentId) && parents.has(d.id)) ??
    departments.find((d) => d.parentId === null && parents.has(d.id)) ??
    departments[0]!;
  return { users: count, departmentId: college.id, keyword: '王' };
}
