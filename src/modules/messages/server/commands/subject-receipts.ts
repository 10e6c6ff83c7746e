import type { Db } from '@/server/db/dialect';
import '../tables';

/**
 * Read receipts of the messages sent about one subject (a key given to sendMessage, e.g.
 * `msg_release:7`), for the sender's statistics: totals, counts per recipient department and the
 * unread recipients, each one SQL query on the (subject, done_at) index. And the withdrawal of
 * such messages. The caller checks the subject is its own.
 */

export interface ReceiptTotals {
  total: number;
  read: number;
}

export interface DepartmentReceipts extends ReceiptTotals {
  departmentId: number | null;
  departmentName: string;
}

export interface UnreadRecipient {
  userId: number;
  realName: string;
  userNo: string;
  departmentName: string;
}

const num = (v: unknown) => Number(v ?? 0);

/** How many messages about `subject` exist and how many of them were read. */
export async function receiptTotals(db: Db, subject: string): Promise<ReceiptTotals> {
  const r = await db
    .selectFrom('message')
    .select((eb) => [eb.fn.countAll().as('total'), eb.fn.count('readAt').as('read')])
    .where('subject', '=', subject)
    .executeTakeFirst();
  return { total: num(r?.total), read: num(r?.read) };
}

/** Read and total per recipient department (most recipients first). */
export async function receiptsByDepartment(db: Db, subject: string): Promise<DepartmentReceipts[]> {
  const rows = await db
    .selectFrom('message')
    .innerJoin('appUser', 'appUser.id', 'message.userId')
    .leftJoin('department', 'department.id', 'appUser.departmentId')
    .select((eb) => [
      'appUser.departmentId as departmentId',
      'department.name as departmentName',
      eb.fn.countAll().as('total'),
      eb.fn.count('message.readAt').as('read'),
    ])
    .where('message.subject', '=', subject)
    .groupBy(['appUser.departmentId', 'department.name'])
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('department.name')
    .execute();
  return rows.map((r) => ({
    departmentId: r.departmentId,
    departmentName: r.departmentName ?? '未分配部门',
    total: num(r.total),
    read: num(r.read),
  }));
}

/** One page of the recipients who have not read their message yet (by department, then 学工号). */
export async function unreadRecipients(
  db: Db,
  subject: string,
  q: { departmentId?: number; page: number; pageSize: number },
): Promise<{ list: UnreadRecipient[]; total: number }> {
  let base = db
    .selectFrom('message')
    .innerJoin('appUser', 'appUser.id', 'message.userId')
    .where('message.subject', '=', subject)
    .where('message.readAt', 'is', null);
  if (q.departmentId !== undefined) base = base.where('appUser.departmentId', '=', q.departmentId);
  const [list, count] = await Promise.all([
    base
      .leftJoin('department', 'department.id', 'appUser.departmentId')
      .select(['appUser.id as userId', 'appUser.realName', 'appUser.userNo', 'department.name as departmentName'])
      .orderBy('department.name')
      .orderBy('appUser.userNo')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
  ]);
  return {
    list: list.map((r) => ({ ...r, departmentName: r.departmentName ?? '未分配部门' })),
    total: num(count?.total),
  };
}

/** Whether `userId` was sent a message about `subject` (a recipient may read what it announces). */
export async function wasSentAbout(db: Db, subject: string, userId: number): Promise<boolean> {
  const r = await db
    .selectFrom('message')
    .select('id')
    .where('subject', '=', subject)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Takes back every message about `subject`: they leave the recipients' lists and unread counts.
 * Pass the caller's transaction. Answers how many were removed.
 */
export async function withdrawMessages(db: Db, subject: string): Promise<number> {
  if (!subject) return 0;
  const r = await db.deleteFrom('message').where('subject', '=', subject).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Marks these recipients' messages about `subject` read at `at` (a demo seed's readers). Answers how many changed. */
export async function readSubjectMessages(
  db: Db,
  subject: string,
  userIds: readonly number[],
  at: number,
): Promise<number> {
  let changed = 0;
  for (let i = 0; i < userIds.length; i += 500) {
    const r = await db
      .updateTable('message')
      .set({ readAt: at })
      .where('subject', '=', subject)
      .where('userId', 'in', userIds.slice(i, i + 500))
      .where('readAt', 'is', null)
      .executeTakeFirst();
    changed += Number(r.numUpdatedRows);
  }
  return changed;
}
