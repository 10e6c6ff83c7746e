import type { Generated } from 'kysely';

/**
 * Data collection's tables (migration 0017-data-acquisition). A task sends a form to fillers; a
 * record is one row-to-be (one per filler, or one per data table row; a collaborative record is
 * shared); an assignment is one person's part of a record (the fields they own, their state).
 */
export interface AcqTaskTable {
  id: Generated<number>;
  title: string;
  description: string;
  formId: number;
  /** The form version fixed at publish (null while a draft). */
  formVersion: number | null;
  /** Fillers JSON (contract Fillers). */
  fillers: string;
  deadline: number;
  /** JSON number[]: hours before the deadline. */
  reminders: string;
  /** JSON number[]: the reminder hours already sent. */
  remindersSent: string;
  tableId: number | null;
  /** JSON MappingItem[]. */
  mapping: string;
  /** JSON string[]. */
  keyFields: string;
  processId: number | null;
  reviewWrite: number;
  collaborative: number;
  /** JSON Collaborator[]. */
  collaborators: string;
  /** 'draft' | 'published' | 'closed' */
  status: string;
  ownerId: number;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
}

export interface AcqRecordTable {
  id: Generated<number>;
  taskId: number;
  /** The data table row's key values (JSON object) for row tasks, '' otherwise. */
  recordKey: string;
  recordLabel: string;
  /** The filler for a non-collaborative record; null for a collaborative one. */
  userId: number | null;
  /** FormValues JSON (merged parts for a collaborative record). */
  values: string;
  /** contract RecordState */
  state: string;
  submissionId: number | null;
  instanceId: number | null;
  /** Who submitted last (the approval's applicant). */
  applicantId: number | null;
  submittedAt: number | null;
  writtenAt: number | null;
  /** The last return or rejection reason. */
  note: string;
  updatedAt: number;
}

export interface AcqAssignmentTable {
  id: Generated<number>;
  taskId: number;
  recordId: number;
  userId: number;
  /** JSON string[] of owned fields (collaborative), null = all. */
  fields: string | null;
  /** contract PartState */
  state: string;
  savedAt: number | null;
  submittedAt: number | null;
  remindedAt: number | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    acqTask: AcqTaskTable;
    acqRecord: AcqRecordTable;
    acqAssignment: AcqAssignmentTable;
  }
}
