import type { Db } from '@/server/db/dialect';
import '../tables';

// Subjects a statement: far under both databases' parameter limits.
const CHUNK = 500;

/**
 * The subjects (keys given to sendMessage, e.g. `wf_task:42`) were handled: their messages that
 * are not done yet are marked done at `at`, and read if they were unread, so they leave the unread
 * count and the lists say 已处理. Pass the caller's transaction, so the messages change exactly when
 * the handling commits. Answers how many messages changed.
 */
export async function settleMessages(db: Db, subjects: readonly string[], at: number): Promise<number> {
  const keys = [...new Set(subjects.filter((s) => s !== ''))];
  let changed = 0;
  for (let i = 0; i < keys.length; i += CHUNK) {
    const r = await db
      .updateTable('message')
      .set((eb) => ({ doneAt: at, readAt: eb.fn.coalesce('readAt', eb.val(at)) }))
      .where('subject', 'in', keys.slice(i, i + CHUNK))
      .where('doneAt', 'is', null)
      .executeTakeFirst();
    changed += Number(r.numUpdatedRows);
  }
  return changed;
}
