import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';
import type { DataFieldType } from '@/modules/data-sources/contract';

/* ---------- syncs: a dataset of a data source copied into a data table ---------- */

export type SyncMode = 'full' | 'incremental';
export const SYNC_MODE_TEXT: Record<SyncMode, string> = { full: '全量', incremental: '增量' };

export type SyncRunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export const SYNC_RUN_STATUS_TEXT: Record<SyncRunStatus, string> = {
  queued: '排队中',
  running: '同步中',
  succeeded: '成功',
  failed: '失败',
  cancelled: '已取消',
};
/** Runs that still hold the sync: a second one is not started while one of these exists. */
export const ACTIVE_RUN_STATUSES: readonly SyncRunStatus[] = ['queued', 'running'];

export type SyncTrigger = 'manual' | 'schedule' | 'first-start';
export const SYNC_TRIGGER_TEXT: Record<SyncTrigger, string> = {
  manual: '手动',
  schedule: '定时',
  'first-start': '首次启动',
};

/** Limits of a sync's settings. */
export const SYNC_LIMITS = { name: 60, fields: 200, cron: 100 } as const;

export interface SyncMapping {
  /** Dataset field. */
  from: string;
  /** Data table field. */
  to: string;
}

const FieldName = Type.String({ minLength: 1, maxLength: 64 });
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** POST /data/api/v1.sync/create/ and /update/ (JSON). */
export const SyncSaveBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: SYNC_LIMITS.name }),
  datasetId: Id,
  tableId: Id,
  mapping: Type.Array(Type.Object({ from: FieldName, to: FieldName }), { minItems: 1, maxItems: SYNC_LIMITS.fields }),
  mode: Type.Union([Type.Literal('full'), Type.Literal('incremental')]),
  key: Type.Array(FieldName, { minItems: 1, maxItems: 8 }),
  sinceField: Type.Optional(Type.Union([FieldName, Type.Null()])),
  deleteMissing: Type.Boolean(),
  cron: Type.Optional(Type.Union([Type.String({ maxLength: SYNC_LIMITS.cron }), Type.Null()])),
  enabled: Type.Optional(Type.Boolean()),
  ownerId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** Update only: forget the incremental high-water mark, so the next run reads everything again. */
  resetSince: Type.Optional(Type.Boolean()),
});
export type SyncSaveBody = Static<typeof SyncSaveBody>;

/** GET /data/api/v1.sync/list/ */
export const SyncListQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type SyncListQuery = Static<typeof SyncListQuery>;

/** ?id= / { id } of a sync or a run. */
export const SyncIdFields = Type.Object({ id: Id });
export type SyncIdFields = Static<typeof SyncIdFields>;

/** POST /data/api/v1.sync/enable/ */
export const SyncEnableBody = Type.Object({ id: Id, enabled: Type.Boolean() });
export type SyncEnableBody = Static<typeof SyncEnableBody>;

/** GET /data/api/v1.syncRun/list/?syncId= */
export const SyncRunListQuery = Type.Object({ ...PageFields, syncId: Id });
export type SyncRunListQuery = Static<typeof SyncRunListQuery>;

/** One run, as the history shows it. */
export interface SyncRunRow {
  id: number;
  syncId: number;
  trigger: SyncTrigger;
  status: SyncRunStatus;
  queuedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  rowsRead: number;
  rowsInserted: number;
  rowsUpdated: number;
  rowsUnchanged: number;
  rowsDeleted: number;
  /** Rows the source should give, when known (progress bar). */
  totalRows: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  attempt: number;
}

/** One sync in the list, with its last run. */
export interface SyncListItem {
  id: number;
  name: string;
  datasetId: number;
  datasetName: string | null;
  tableId: number;
  tableName: string | null;
  mode: SyncMode;
  cron: string | null;
  nextRunAt: number | null;
  enabled: boolean;
  ownerId: number | null;
  ownerName: string | null;
  consecutiveFailures: number;
  lastRun: SyncRunRow | null;
}

/** A sync with everything its edit form shows. */
export interface SyncDetail extends SyncListItem {
  mapping: SyncMapping[];
  key: string[];
  sinceField: string | null;
  /** The high-water mark the next incremental run reads after. */
  sinceValue: unknown;
  deleteMissing: boolean;
}

/* ---------- field types: which dataset type may fill which data table type ---------- */

const TEXTUAL: readonly DataFieldType[] = ['string', 'text'];

/**
 * Null when a dataset field of type `from` may fill a table field of type `to`, else why not (Chinese).
 * Same type always; numbers widen (integer → decimal); anything but free text fits a text column
 * (written as its text); nothing narrows (decimal → integer, text → date…), which would lose data.
 */
export function mappingTypeProblem(from: DataFieldType, to: DataFieldType): string | null {
  if (from === to) return null;
  if (TEXTUAL.includes(from) && TEXTUAL.includes(to)) return null;
  if (from === 'integer' && to === 'decimal') return null;
  if (TEXTUAL.includes(to) && from !== 'datetime') return null;
  return `${DATA_FIELD_TYPE_TEXT[from]}不能写入${DATA_FIELD_TYPE_TEXT[to]}字段`;
}

/** Chinese names of the field types (mapping messages and the mapping table). */
export const DATA_FIELD_TYPE_TEXT: Record<DataFieldType, string> = {
  string: '字符串',
  text: '长文本',
  integer: '整数',
  decimal: '小数',
  boolean: '布尔',
  date: '日期',
  datetime: '日期时间',
};

/** Field types a since (high-water mark) field may have: they order naturally. */
export const SINCE_FIELD_TYPES: readonly DataFieldType[] = ['integer', 'decimal', 'date', 'datetime', 'string'];

/** GET /data/api/v1.sync/fields/: the fields the mapping form pairs (either side may be asked alone). */
export const SyncFieldsQuery = Type.Object({ datasetId: Type.Optional(Id), tableId: Type.Optional(Id) });
export type SyncFieldsQuery = Static<typeof SyncFieldsQuery>;

export interface SyncFieldInfo {
  name: string;
  label: string;
  type: DataFieldType;
  /** Dataset side: masked in previews; table side: always false. */
  sensitive: boolean;
  /** Table side: must be filled. */
  required: boolean;
}

export interface SyncFields {
  dataset: { id: number; name: string; sourceName: string; fields: SyncFieldInfo[] } | null;
  table: { id: number; name: string; code: string; uniqueKey: string[]; fields: SyncFieldInfo[] } | null;
}

/**
 * Write-back of approved 一表通 corrections to the sync's source (a database source): the source
 * table, its key column and the data table field holding the key, and which data table fields
 * go to which source columns (only those are ever updated).
 */
export const WriteBackConfig = Type.Object({
  table: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_.]{0,127}$' }),
  keyColumn: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }),
  keyField: Type.String({ pattern: '^[a-z][a-z0-9_]{0,47}$' }),
  columns: Type.Record(
    Type.String({ pattern: '^[a-z][a-z0-9_]{0,47}$' }),
    Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }),
    {
      maxProperties: 60,
    },
  ),
});
export type WriteBackConfig = Static<typeof WriteBackConfig>;
/** POST /data/api/v1.sync/writeBack/ (administrators): config null turns write-back off. */
export const WriteBackSaveBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  config: Type.Union([WriteBackConfig, Type.Null()]),
});
export type WriteBackSaveBody = Static<typeof WriteBackSaveBody>;
