import type { Generated } from 'kysely';

/**
 * The form engine's tables (migration 0008-forms). Documents (schemas, values) are JSON text;
 * what summaries filter on and what `unique` compares lives in form_submission_value, one row
 * per filterable top-level value, so those checks run in SQL on indexes, never over JSON.
 */
export interface FormTable {
  id: Generated<number>;
  name: string;
  category: string;
  description: string;
  /** 'draft' (never published) | 'published' | 'disabled' */
  status: string;
  /** 'public' | 'signedIn' */
  access: string;
  /** Role codes that may fill it, as ',student,staff,'; '' = everyone (migration 0037). */
  audience: Generated<string>;
  /** The designer's working copy (FormSchema JSON). */
  draftSchema: string;
  /** The newest version, null before the first publish. */
  latestVersion: number | null;
  /** 1: the draft differs from the newest version. */
  draftChanged: number;
  /** Kept by submit/ in the submission's transaction (its row update is also the form's submit lock). */
  submissionCount: number;
  lastSubmittedAt: number | null;
  createdAt: number;
  createdBy: number | null;
  updatedAt: number;
  updatedBy: number | null;
  /** Kept as text, like the change log: the list shows who changed it even if the account goes. */
  updatedByName: string;
  /** The fill window (migration 0065): null = open-ended. */
  opensAt: number | null;
  closesAt: number | null;
  /** 'none' | 'once' | 'day' | 'week' | 'month' */
  submitLimit: Generated<string>;
  /** A public form's access password (argon2 hash), null = none. */
  passwordHash: string | null;
}

/** A 填写设置 rule besides roles: kind 'dept' | 'deptTree' (with sub-departments) | 'platform' | 'user'. */
export interface FormAudienceMemberTable {
  formId: number;
  kind: string;
  refId: number;
}

/** One per person and period once they submitted (period 'once', 'd:2026-11-25', 'w:2026-11-23', 'm:2026-11'). */
export interface FormSubmitSlotTable {
  formId: number;
  userId: number;
  period: string;
  submissionId: number;
}

/** A published version: written once, never updated. */
export interface FormVersionTable {
  formId: number;
  version: number;
  schema: string;
  publishedAt: number;
  publishedBy: number | null;
  publishedByName: string;
}

/** Users who read the form's summary in the approval centre. */
export interface FormManagerTable {
  formId: number;
  userId: number;
}

export interface FormChangeLogTable {
  id: Generated<number>;
  formId: number;
  /** created | imported | saved | published | disabled | enabled | copied */
  action: string;
  detail: string;
  byId: number | null;
  byName: string;
  at: number;
}

export interface FormSubmissionTable {
  id: Generated<number>;
  formId: number;
  version: number;
  /** null: an anonymous submission of a public form. */
  submitterId: number | null;
  submitterName: string;
  submitterNo: string;
  /** FormValues JSON as validated on the server. */
  values: string;
  submittedAt: number;
  ip: string | null;
}

/**
 * One filterable value of a submission. textValue: text-like values lower-cased and cut to
 * TEXT_KEY_LENGTH characters (indexable on PostgreSQL whatever the text's length), dates as
 * 'YYYY-MM-DD HH:mm:ss', options as their value; longText: the whole lower-cased text when it
 * is longer than the key; numValue: numbers and money.
 */
export interface FormSubmissionValueTable {
  id: Generated<number>;
  submissionId: number;
  formId: number;
  fieldId: string;
  textValue: string | null;
  longText: string | null;
  numValue: number | null;
}

export interface FormDraftTable {
  id: Generated<number>;
  formId: number;
  version: number;
  userId: number;
  values: string;
  savedAt: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    form: FormTable;
    formVersion: FormVersionTable;
    formManager: FormManagerTable;
    formChangeLog: FormChangeLogTable;
    formSubmission: FormSubmissionTable;
    formSubmissionValue: FormSubmissionValueTable;
    formDraft: FormDraftTable;
    formAudienceMember: FormAudienceMemberTable;
    formSubmitSlot: FormSubmitSlotTable;
  }
}
