import type { Db } from '@/server/db/dialect';
import { stripEmoji } from '@/shared/emoji';
import { MESSAGE_KINDS, MESSAGE_LIMITS, type MessageKind } from '@/modules/messages/contract';
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
}

// 500 rows of 7 values a statement: far under PostgreSQL's 65,535 parameters and SQLite's 32,766.
const CHUNK = 500;
const IN_APP_PATH = /^\/(?!\/)[^\s]*$/;

/** A programming error of the calling module (a wrong kind, an outside link), never a user's input. */
export class SendMessageError extends Error {}

/**
 * Sends one message to each of `userIds`: batch inserts, nothing else. Pass the caller's
 * transaction (`sendMessage(trx, …)`) so the messages exist exactly when the change they report
 * is committed — a rolled-back approval sends nothing. Answers how many rows were written.
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
  return ids.length;
}
