import type { Db } from '@/server/db/dialect';
import { stripEmoji } from '@/shared/emoji';
import { MESSAGE_KINDS, MESSAGE_LIMITS, type MessageKind } from '@/modules/messages/contract';
import { queueDeliveries } from '../notify/queue';
import '../tables';

export interface SendMessageInput {
  /** Recipients; duplicates are sent once. */
  userIds: readonly number[];
  kind: MessageKind;
  title: string;
  body?: string;
  /** An in-app path ('/web/…', '/mobile/…') the message opens, or '' / absent. */
  link?: string;
  /** ms; defaults to now (a caller inside a transaction passes its own clock for one instant). */
  at?: number;
  /**
   * What the message is about, as a key of the sender's (e.g. `wf_task:42`): once that is handled,
   * `settleMessages(trx, [subject])` marks its messages done. Absent for messages about nothing open.
   */
  subject?: string;
  /**
   * Extra values for the outside channels' templates (issue 24 item 2), e.g.
   * `{ applicant: '李明轩', formName: '学生请假申请' }`; the 消息模板 page lists which a kind offers.
   */
  vars?: Readonly<Record<string, string>>;
}

// 500 rows of 7 values a statement: far under PostgreSQL's 65,535 parameters and SQLite's 32,766.
const CHUNK = 500;
const IN_APP_PATH = /^\/(?!\/)[^\s]*$/;

/** A programming error of the calling module (a wrong kind, an outside link), never a user's input. */
export class SendMessageError extends Error {}

/**
 * Sends one message to each of `userIds`: batch inserts, and in the same transaction the outbox
 * rows of the outside channels the recipients want (e-mail, SMS, 企业微信, 钉钉: notify/queue.ts;
 * the `messages.deliver` job sends them). Pass the caller's transaction (`sendMessage(trx, …)`)
 * so the messages exist exactly when the change they report is committed — a rolled-back
 * approval sends nothing, not even an e-mail. Answers how many in-app rows were written.
 */
export async function sendMessage(db: Db, input: SendMessageInput): Promise<number> {
  if (!MESSAGE_KINDS.includes(input.kind)) throw new SendMessageError(`unknown message kind "${String(input.kind)}"`);
  const title = stripEmoji(input.title).trim().slice(0, MESSAGE_LIMITS.title);
  if (!title) throw new SendMessageError('a message needs a title');
  const body = stripEmoji(input.body ?? '')
    .trim()
    .slice(0, MESSAGE_LIMITS.body);
  const link = (input.link ?? '').trim();
  // Only in-app paths: a message never sends anyone to another site (or a javascript: URL).
  if (link && (!IN_APP_PATH.test(link) || link.length > MESSAGE_LIMITS.link))
    throw new SendMessageError(`message link must be an in-app path: "${link}"`);
  const subject = (input.subject ?? '').trim();
  if (subject.length > MESSAGE_LIMITS.subject) throw new SendMessageError(`message subject too long: "${subject}"`);
  const ids = [...new Set(input.userIds)].filter((id) => Number.isInteger(id) && id > 0);
  const createdAt = input.at ?? Date.now();
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db
      .insertInto('message')
      .values(
        ids
          .slice(i, i + CHUNK)
          .map((userId) => ({ userId, kind: input.kind, title, body, link, subject, readAt: null, createdAt })),
      )
      .execute();
  }
  const vars = Object.fromEntries(
    Object.entries(input.vars ?? {})
      .filter(([k, v]) => /^[A-Za-z]\w{0,39}$/.test(k) && typeof v === 'string')
      .map(([k, v]) => [k, v.slice(0, 200)]),
  );
  await queueDeliveries(db, { userIds: ids, kind: input.kind, title, body, link, vars, at: createdAt });
  return ids.length;
}
