import type { Db } from '@/server/db/dialect';
import type { MessageKind } from '@/modules/messages/contract';
import '../tables';

/**
 * Messages of these kinds that arrived before `before` and are still unread are read `afterMs`
 * after they arrived — for a demo seed whose story ran weeks ago (its people have long read their
 * old approval messages; what came in lately stays unread). Answers how many changed.
 */
export async function readMessagesBefore(
  db: Db,
  kinds: readonly MessageKind[],
  before: number,
  afterMs: number,
): Promise<number> {
  if (!kinds.length) return 0;
  const r = await db
    .updateTable('message')
    .set((eb) => ({ readAt: eb('createdAt', '+', afterMs) }))
    .where('readAt', 'is', null)
    .where('kind', 'in', [...kinds])
    .where('createdAt', '<', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
