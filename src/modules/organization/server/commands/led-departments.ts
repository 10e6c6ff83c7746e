import type { Db } from '@/server/db/dialect';
import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import '../tables';

/** The departments a user is a leader (部门负责人) of: who keeps a department's calendar, for example. */
export async function ledDepartments(db: Db | Transaction<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('departmentLeader')
    .select('departmentId')
    .where('userId', '=', userId)
    .orderBy('departmentId')
    .execute();
  return rows.map((r) => r.departmentId);
}
