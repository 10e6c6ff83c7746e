import type { Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import './tables';

type Conn = Db | Transaction<Database>;

/** Role codes whose holders supervise every department. */
export const SUPERVISOR_ROLES = ['school_leader', 'supervision_office'] as const;

/** Whether the user holds one of the supervising roles. */
export async function holdsSupervisorRole(db: Conn, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', userId)
    .where('r.code', 'in', [...SUPERVISOR_ROLES])
    .executeTakeFirst();
  return !!row;
}

export async function departmentNames(db: Conn, ids: number[] | null): Promise<{ id: number; name: string }[]> {
  let q = db.selectFrom('department').select(['id', 'name']);
  if (ids) {
    if (!ids.length) return [];
    q = q.where('id', 'in', ids);
  } else q = q.where('kind', 'in', ['college', 'office']);
  return q.orderBy('sort').orderBy('id').execute();
}

export async function insertEscalation(
  trx: Conn,
  row: {
    taskId: number;
    instanceId: number;
    assigneeId: number;
    leaderNames: string;
    actorId: number;
    actorName: string;
    note: string;
    at: number;
  },
): Promise<void> {
  await trx.insertInto('esEscalation').values(row).execute();
}

/** The latest escalation of each of these tasks (one page of the list). */
export async function lastEscalations(
  db: Conn,
  taskIds: number[],
): Promise<Map<number, { at: number; leaderNames: string }>> {
  if (!taskIds.length) return new Map();
  const rows = await db
    .selectFrom('esEscalation')
    .select(['taskId', 'at', 'leaderNames'])
    .where('taskId', 'in', taskIds)
    .orderBy('at')
    .orderBy('id')
    .execute();
  // Ascending order: the last row of a task wins.
  return new Map(rows.map((r) => [r.taskId, { at: Number(r.at), leaderNames: r.leaderNames }]));
}
