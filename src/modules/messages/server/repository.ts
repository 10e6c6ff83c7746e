import type { Db } from '@/server/db/dialect';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type { Message, MessageKind, MessageListQuery, UserMessageCount } from '../contract';
import type { MessageRow } from './tables';

const toMessage = (
  r: Pick<MessageRow, 'id' | 'kind' | 'title' | 'body' | 'link' | 'readAt' | 'doneAt' | 'createdAt'>,
): Message => ({
  id: r.id,
  kind: r.kind as MessageKind,
  title: r.title,
  body: r.body,
  link: r.link,
  readAt: r.readAt,
  doneAt: r.doneAt,
  createdAt: r.createdAt,
});

/** One user's messages, newest first, cut in SQL (indexes message_user_read_idx / message_user_created_idx). */
export async function listMessages(db: Db, userId: number, q: MessageListQuery): Promise<Page<Message>> {
  let base = db.selectFrom('message').where('userId', '=', userId);
  if (q.status === 'unread') base = base.where('readAt', 'is', null);
  if (q.kind) base = base.where('kind', '=', q.kind);
  const page = await paginate(
    base,
    (b) =>
      b
        .select(['id', 'kind', 'title', 'body', 'link', 'readAt', 'doneAt', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc'),
    q,
  );
  return { ...page, list: page.list.map(toMessage) };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one message of this user read (only while unread, so the first read time stays). Answers the rows changed. */
export async function markRead(db: Db, userId: number, id: number, at: number): Promise<number> {
  const r = await db
    .updateTable('message')
    .set({ readAt: at })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function markAllRead(db: Db, userId: number, at: number): Promise<number> {
  const r = await db
    .updateTable('message')
    .set({ readAt: at })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function messageOwner(db: Db, id: number): Promise<number | undefined> {
  return (await db.selectFrom('message').select('userId').where('id', '=', id).executeTakeFirst())?.userId;
}

const countColumns = (db: Db) =>
  db
    .selectFrom('message')
    .select((eb) => [
      'message.userId',
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('message.id').filterWhere('message.readAt', 'is', null).as('unread'),
    ]);

/** Message counts per user (administrators), most unread first; users without messages are not listed. */
export async function countsPerUser(db: Db, p: { page: number; pageSize: number }): Promise<Page<UserMessageCount>> {
  const grouped = countColumns(db).groupBy('message.userId').as('c');
  const base = db.selectFrom(grouped).innerJoin('appUser', 'appUser.id', 'c.userId');
  const page = await paginate(
    base,
    (b) =>
      b
        .select(['c.userId', 'appUser.username', 'appUser.realName', 'c.unread', 'c.total'])
        .orderBy('c.unread', 'desc')
        .orderBy('c.total', 'desc')
        .orderBy('c.userId'),
    p,
  );
  return { ...page, list: page.list.map((r) => ({ ...r, unread: Number(r.unread), total: Number(r.total) })) };
}

/** One user's counts (zero when they have no messages); undefined when the user does not exist. */
export async function countsForUser(db: Db, userId: number): Promise<UserMessageCount | undefined> {
  const user = await db
    .selectFrom('appUser')
    .select(['id', 'username', 'realName'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const c = await countColumns(db).where('message.userId', '=', userId).groupBy('message.userId').executeTakeFirst();
  return {
    userId: user.id,
    username: user.username,
    realName: user.realName,
    unread: Number(c?.unread ?? 0),
    total: Number(c?.total ?? 0),
  };
}
