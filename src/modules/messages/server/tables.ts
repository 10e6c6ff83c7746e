import type { Generated, Insertable, Selectable } from 'kysely';

/** One in-app message to one user (migration 0006-messages). */
export interface MessageTable {
  id: Generated<number>;
  userId: number;
  /** 'task' | 'result' | 'urge' | 'copy' | 'notice' | 'system' */
  kind: string;
  title: string;
  body: string;
  /** An in-app path, or ''. */
  link: string;
  /** What the message is about (a key its sender chose, e.g. `wf_task:42`), or '' (migration 0036). */
  subject: Generated<string>;
  /** ms; when its subject was handled (by anyone), or null (migration 0036). */
  doneAt: number | null;
  /** ms; null while unread. */
  readAt: number | null;
  createdAt: number;
}

export type MessageRow = Selectable<MessageTable>;
export type NewMessage = Insertable<MessageTable>;

declare module '../../../server/db/schema' {
  interface Database {
    message: MessageTable;
  }
}
