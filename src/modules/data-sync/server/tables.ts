import type { Generated } from 'kysely';

/**
 * One sync: a dataset of a data source copied into a data table (migration 0016-data-sync).
 * JSON columns are text on both dialects; times are ms. No foreign keys to data-sources' or
 * data-tables' tables: they are other modules' (a sync whose dataset went away fails with a clear error).
 */
export interface DataSyncTable {
  id: Generated<number>;
  name: string;
  datasetId: number;
  tableId: number;
  /** JSON `{ from, to }[]`: dataset field → data table field. */
  mapping: string;
  /** 'full' | 'incremental' */
  mode: string;
  /** JSON string[]: data table fields that identify a row (upsert key; resume order). */
  keyFields: string;
  /** Dataset field read `since` the high-water mark (incremental mode), or null. */
  sinceField: string | null;
  /** JSON of the highest `sinceField` value a successful run saw (incremental), or null. */
  sinceValue: string | null;
  /** 1: a full run deletes table rows the source no longer has. */
  deleteMissing: number;
  cron: string | null;
  /** When the dispatcher queues the next scheduled run (null: no schedule or disabled). */
  nextRunAt: number | null;
  enabled: number;
  ownerId: number | null;
  /** Runs that failed in a row (after their retries); 0 after a success. */
  consecutiveFailures: number;
  /** 1 once the owner has been alerted for the current burst of failures. */
  alerted: number;
  lastRunId: number | null;
  lastStatus: string | null;
  lastRunAt: number | null;
  createdAt: number;
  updatedAt: number;
  createdBy: number | null;
  /** JSON WriteBackConfig (migration 0043): approved 一表通 corrections go back to the source; null = none. */
  writeBack: Generated<string | null>;
}

/** One run of a sync: its counts, progress, resume checkpoint and outcome. */
export interface DataSyncRunTable {
  id: Generated<number>;
  syncId: number;
  /** 'manual' | 'schedule' | 'first-start' */
  trigger: string;
  /** 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' */
  status: string;
  queuedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  rowsRead: number;
  rowsInserted: number;
  rowsUpdated: number;
  rowsUnchanged: number;
  rowsDeleted: number;
  /** Rows the source is expected to give, when known. */
  totalRows: number | null;
  /** JSON `{ after?, sinceMax? }`: last key value committed and highest since value seen so far. */
  checkpoint: string | null;
  /** JSON of the high-water mark this run reads after (incremental; fixed at its first start). */
  sinceFrom: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  attempt: number;
  actorId: number | null;
}

declare module '@/server/db/schema' {
  interface Database {
    dataSync: DataSyncTable;
    dataSyncRun: DataSyncRunTable;
  }
}
