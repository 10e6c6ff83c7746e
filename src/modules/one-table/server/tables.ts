import type { Generated } from 'kysely';

/** 一表通's tables (migrations 0040-one-table, 0042-one-table-workflow). */
export interface OneTableLayoutTable {
  id: Generated<number>;
  /** contract Audience, unique. */
  audience: string;
  /** JSON LayoutGroup[]. */
  groups: string;
  updatedAt: number;
  updatedBy: number | null;
}

export interface OneTableCorrectionTable {
  id: Generated<number>;
  applicantId: number;
  applicantName: string;
  personNo: string;
  tableId: number;
  tableCode: string;
  tableName: string;
  ownerDepartmentId: number | null;
  rowId: number;
  field: string;
  fieldLabel: string;
  oldValue: string;
  newValue: string;
  reason: string;
  /** JSON Evidence[]. */
  evidence: string;
  /** contract CorrectionState */
  state: string;
  answer: string;
  deciderId: number | null;
  deciderName: string;
  /** contract WriteState */
  writeState: string;
  writeError: string;
  createdAt: number;
  decidedAt: number | null;
  /** The workflow instance it runs through (migration 0042); null for requests decided before. */
  instanceId: Generated<number | null>;
  /** Write-back to the owning system (contract SourceState); error, tries and next try of the queue. */
  sourceState: Generated<string>;
  sourceError: Generated<string>;
  sourceAttempts: Generated<number>;
  sourceNextAt: Generated<number | null>;
  /** 1 while the approved value is held against syncs (migration 0043); the conflicting source value and when. */
  hold: Generated<number>;
  conflictValue: Generated<string | null>;
  conflictAt: Generated<number | null>;
}

declare module '../../../server/db/schema' {
  interface Database {
    oneTableLayout: OneTableLayoutTable;
    oneTableCorrection: OneTableCorrectionTable;
  }
}
