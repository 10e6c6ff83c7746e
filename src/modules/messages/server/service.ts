import type { Db } from '@/server/db/dialect';
import { badInput, notFound } from '@/server/errors';
import type { Page } from '@/shared/envelope';
import type { ReadMessageAnswer, ReadMessageBody, UserMessageCount, UserMessageCountQuery } from '../contract';
import * as repo from './repository';

/** Mark one of the caller's messages read, or all of them. Another user's message is refused. */
export async function readMessages(db: Db, userId: number, body: ReadMessageBody): Promise<ReadMessageAnswer> {
  if (body.all === true && body.id !== undefined) throw badInput('请只指定一条消息或全部已读', { field: 'id' });
  const at = Date.now();
  let updated: number;
  if (body.all === true) {
    updated = await repo.markAllRead(db, userId, at);
  } else if (body.id !== undefined) {
    // Someone else's message answers as missing: its existence is not the caller's business, and a
    // 0x00000010 would sign the caller out (spec §4).
    if ((await repo.messageOwner(db, body.id)) !== userId) throw notFound('消息不存在');
    updated = await repo.markRead(db, userId, body.id, at);
  } else {
    throw badInput('请指定要标记已读的消息', { field: 'id' });
  }
  return { updated, unread: await repo.unreadCount(db, userId) };
}

/** Counts for one user (a page of one row) or for every user who has messages. */
export async function userMessageCounts(db: Db, q: UserMessageCountQuery): Promise<Page<UserMessageCount>> {
  if (q.userId === undefined) return repo.countsPerUser(db, q);
  const one = await repo.countsForUser(db, q.userId);
  if (!one) throw notFound('用户不存在');
  return { list: [one], total: 1, page: 1, pageSize: q.pageSize };
}
