import type { Generated } from 'kysely';

/**
 * The data tables' own bookkeeping (migration 0013-data-tables). The rows themselves live in the
 * physical tables `dt_<code>` the DDL engine creates (ddl.ts): those are dynamic, not declared here.
 * Times ms, flags 0/1.
 */
export interface DataTableTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  /** JSON array of field names. */
  uniqueKey: string;
  ownerDepartmentId: number | null;
  scopeField: string | null;
  /** Bumped by every saved design change (optimistic concurrency of the designer). */
  version: number;
  /** 'none' | 'weekly' | 'monthly' | 'term' */
  reportCycle: string;
  reportDeadlineDay: number;
  isPublic: number;
  lastReportedAt: number | null;
  lastReportedBy: number | null;
  /** Last time a row changed (any source). */
  lastRowChangeAt: number | null;
  /** The period key (e.g. '2026-11') whose reminder was sent: once per period. */
  remindedPeriod: string | null;
  /** Rows in dt_<code>, kept by every write (migration 0013-data-tables-row-count). */
  rowCount: number;
  /** Bumped by every row write (migration 0067): what after-sync jobs compare (getChangeVersions). */
  rowVersion: Generated<number>;
  createdAt: number;
  createdBy: number | null;
  updatedAt: number;
}

export interface DataTableFieldTable {
  id: Generated<number>;
  tableId: number;
  name: string;
  label: string;
  type: string;
  required: number;
  indexed: number;
  /** 'all' | 'owner' */
  visibility: string;
  description: string;
  sort: number;
}

/** One row change: who, when, before and after (JSON of field values). */
export interface DataTableChangeTable {
  id: Generated<number>;
  tableId: number;
  rowId: number;
  /** 'insert' | 'update' | 'delete' | 'restore' */
  action: string;
  /** 'sync' | 'import' | 'acquisition' | 'edit' */
  source: string;
  before: string | null;
  after: string | null;
  actorId: number | null;
  actorName: string;
  createdAt: number;
  /** Why the row changed, when the writer said (migration 0041); '' otherwise. */
  reason: Generated<string>;
}

/** The platform's own migration history of the physical tables: every DDL statement it ran. */
export interface DataTableDdlTable {
  id: Generated<number>;
  tableId: number;
  tableCode: string;
  /** What the step does, in words (shown in the designer's history). */
  step: string;
  sqlText: string;
  dialect: string;
  actorId: number | null;
  createdAt: number;
}

declare module '@/server/db/schema' {
  interface Database {
    dataTable: DataTableTable;
    dataTableField: DataTableFieldTable;
    dataTableChange: DataTableChangeTable;
    dataTableDdl: DataTableDdlTable;
  }
}
