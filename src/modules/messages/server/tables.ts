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
