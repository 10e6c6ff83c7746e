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

/** An outside channel's settings (migration 0066): settings JSON without secrets, the secret sealed. */
export interface NotifyChannelTable {
  channel: string;
  enabled: number;
  settings: string;
  secretEnc: string | null;
  updatedAt: number;
}

/** Subject and body of one message kind's outside notifications, with {{variables}}. */
export interface NotifyTemplateTable {
  id: Generated<number>;
  kind: string;
  subject: string;
  body: string;
  updatedAt: number;
}

/** A user's choice for one kind and channel; absent = the default (notify/preferences.ts). */
export interface NotifyPrefTable {
  userId: number;
  kind: string;
  channel: string;
  enabled: number;
}

/** One notification to send on one outside channel (the outbox). status: pending | sent | failed. */
export interface NotifyDeliveryTable {
  id: Generated<number>;
  userId: number;
  channel: string;
  address: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  vars: string;
  status: string;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

export interface NotifyAttemptTable {
  id: Generated<number>;
  deliveryId: number;
  at: number;
  ok: number;
  error: string | null;
}

/** A mail the demo's own SMTP sink received (演示邮箱). */
export interface NotifyDemoMailTable {
  id: Generated<number>;
  mailFrom: string;
  rcptTo: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    message: MessageTable;
    notifyChannel: NotifyChannelTable;
    notifyTemplate: NotifyTemplateTable;
    notifyPref: NotifyPrefTable;
    notifyDelivery: NotifyDeliveryTable;
    notifyAttempt: NotifyAttemptTable;
    notifyDemoMail: NotifyDemoMailTable;
  }
}
