import type { Generated, Selectable } from 'kysely';

/** A reusable message (migration 0056-message-publish). */
export interface MpTemplateTable {
  id: Generated<number>;
  name: string;
  category: string;
  title: string;
  /** Sanitised rich text. */
  content: string;
  /** JSON array of the `{{变量}}` names title and content use. */
  variables: string;
  createdBy: number;
  createdByName: string;
  createdAt: number;
  updatedAt: number;
}

/** One published (or scheduled, or waiting for approval) message to an audience. */
export interface MpReleaseTable {
  id: Generated<number>;
  publisherId: number;
  publisherName: string;
  title: string;
  /** Sanitised rich text. */
  content: string;
  /** JSON Attachment[]. */
  attachments: string;
  /** JSON Audience. */
  audience: string;
  /** What the lists show, e.g. 计算机科学与技术学院 等 3 个部门. */
  audienceText: string;
  /** 'approving' | 'scheduled' | 'sending' | 'sent' | 'withdrawn' | 'rejected' */
  status: string;
  publishAt: number;
  /** The whole-school approval's workflow instance, or null. */
  instanceId: number | null;
  /** Delivery cursor: the highest recipient user id already sent (0 = none). */
  lastUserId: number;
  recipients: number;
  sentAt: number | null;
  withdrawnAt: number | null;
  createdAt: number;
}

export type MpTemplateRow = Selectable<MpTemplateTable>;
export type MpReleaseRow = Selectable<MpReleaseTable>;

declare module '../../../server/db/schema' {
  interface Database {
    mpTemplate: MpTemplateTable;
    mpRelease: MpReleaseTable;
  }
}
