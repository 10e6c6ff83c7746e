import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';
import { DATA_FIELD_TYPES, type DataFieldType } from '@/modules/data-sources/contract';

/**
 * The data tables' calls (issue 16), shared by the server's route schemas and the client's api.ts.
 * Paths: back office `/data/api/v1.dataTable/*`; department data centre `/data/api/v1.dataRows/*`,
 * `/data/api/v1.dataReporting/*`; the public catalogue `/data/api/v1.dataService/*`.
 */

/** Field types shared by datasets and data tables: data-sources owns the union. */
export { DATA_FIELD_TYPES, type DataFieldType };

export const FIELD_TYPE_LABELS: Record<DataFieldType, string> = {
  string: '短文本',
  text: '长文本',
  integer: '整数',
  decimal: '小数',
  boolean: '是/否',
  date: '日期',
  datetime: '日期时间',
};

export const FIELD_NAME_PATTERN = '^[a-z][a-z0-9_]{0,47}$';
export const TABLE_CODE_PATTERN = '^[a-z][a-z0-9_]{0,39}$';

/** Who sees a column: everybody who may see the table, or only the owning department and administrators. */
export type FieldVisibility = 'all' | 'owner';

export interface DataTableField {
  name: string;
  label: string;
  type: DataFieldType;
  required: boolean;
  indexed: boolean;
  visibility: FieldVisibility;
  description: string;
  sort: number;
}

export interface DataTableDef {
  id: number;
  /** Physical table `dt_<code>`. */
  code: string;
  name: string;
  description: string;
  fields: DataTableField[];
  /** Field names; may be empty. */
  uniqueKey: string[];
  ownerDepartmentId: number | null;
  /** Field holding a department id: rows are seen by that department's subtree (besides owners). */
  scopeField: string | null;
  version: number;
}

/** Reporting duty of the owning department: how often the table must be confirmed current. */
export const REPORT_CYCLES = ['none', 'weekly', 'monthly', 'term'] as const;
export type ReportCycle = (typeof REPORT_CYCLES)[number];
export const REPORT_CYCLE_LABELS: Record<ReportCycle, string> = {
  none: '无',
  weekly: '每周',
  monthly: '每月',
  term: '每学期',
};

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

export const FieldSchema = Type.Object({
  name: Type.String({ pattern: FIELD_NAME_PATTERN }),
  label: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
  type: Type.Enum(DATA_FIELD_TYPES),
  required: Type.Boolean(),
  indexed: Type.Boolean(),
  visibility: Type.Enum(['all', 'owner'] as const),
  description: Type.String({ maxLength: 500 }),
  sort: Type.Integer({ minimum: 0, maximum: 100000 }),
});

/** The designer's document: everything an administrator sets on a table. */
export const TableDesignBody = Type.Object({
  code: Type.String({ pattern: TABLE_CODE_PATTERN }),
  name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
  description: Type.String({ maxLength: 500 }),
  fields: Type.Array(FieldSchema, { minItems: 1, maxItems: 200 }),
  uniqueKey: Type.Array(Type.String({ pattern: FIELD_NAME_PATTERN }), { maxItems: 8 }),
  ownerDepartmentId: Type.Union([Id, Type.Null()]),
  scopeField: Type.Union([Type.String({ pattern: FIELD_NAME_PATTERN }), Type.Null()]),
  reportCycle: Type.Enum(REPORT_CYCLES),
  /** Day of the period by which the table must be confirmed: weekday 1–7, day of month 1–28, day of term 1–140. */
  reportDeadlineDay: Type.Integer({ minimum: 1, maximum: 140 }),
  isPublic: Type.Boolean(),
});
export type TableDesignBody = Static<typeof TableDesignBody>;

/** POST /data/api/v1.dataTable/create/ (JSON) */
export const TableCreateBody = TableDesignBody;
export type TableCreateBody = TableDesignBody;

/** POST /data/api/v1.dataTable/plan/ and /save/ (JSON): `version` is the version the designer opened. */
export const TableSaveBody = Type.Object({
  ...TableDesignBody.properties,
  id: Id,
  version: Id,
  /** Changes that lose data (dropped fields, values a type change cannot keep) run only when confirmed. */
  confirmDataLoss: Type.Optional(Type.Boolean()),
});
export type TableSaveBody = Static<typeof TableSaveBody>;

/** One change a save would make, as the confirm dialog lists it. */
export interface DdlChange {
  kind: 'addField' | 'dropField' | 'changeType' | 'addIndex' | 'dropIndex' | 'uniqueKey' | 'requireField' | 'meta';
  field: string | null;
  text: string;
  /** Rows whose values would be lost (dropped field with values; values the new type cannot hold). */
  lostRows: number;
}

export interface DdlPlan {
  changes: DdlChange[];
  losesData: boolean;
}

export const IdQuery = Type.Object({ id: Id });
export type IdQuery = Static<typeof IdQuery>;

export const TableListQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type TableListQuery = Static<typeof TableListQuery>;

export interface TableListItem {
  id: number;
  code: string;
  name: string;
  description: string;
  ownerDepartmentId: number | null;
  ownerDepartmentName: string | null;
  fieldCount: number;
  reportCycle: ReportCycle;
  isPublic: boolean;
  version: number;
  updatedAt: number;
}

export interface TableDetail extends DataTableDef {
  reportCycle: ReportCycle;
  reportDeadlineDay: number;
  isPublic: boolean;
  ownerDepartmentName: string | null;
  lastReportedAt: number | null;
  updatedAt: number;
}

// --- rows ---------------------------------------------------------------------------------------

export const SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * GET /data/api/v1.dataRows/list/: `filters` is a JSON object { field: text } — text fields match
 * "contains", others equality (dates/numbers may be a range "a~b").
 */
export const RowListQuery = Type.Object({
  ...PageFields,
  id: Id,
  filters: Type.Optional(Type.String({ maxLength: 4000 })),
  sortField: Type.Optional(Type.String({ maxLength: 60 })),
  sortOrder: Type.Optional(Type.Enum(SORT_ORDERS)),
});
export type RowListQuery = Static<typeof RowListQuery>;

/** What a user sees of a table: the definition cut to their columns and whether they may edit. */
export interface TableView {
  id: number;
  code: string;
  name: string;
  description: string;
  ownerDepartmentName: string | null;
  fields: DataTableField[];
  uniqueKey: string[];
  canEdit: boolean;
}

export interface RowPage {
  list: Record<string, unknown>[];
  /** The whole table: exact (kept count). Filtered: exact up to 10,000 matches, else 10,000 with totalExact false ("10,000+"). */
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
}

/** POST /data/api/v1.dataRows/save/ (JSON): insert without `rowId`, update with `rowId` + `version`. */
export const RowSaveBody = Type.Object({
  id: Id,
  rowId: Type.Optional(Id),
  version: Type.Optional(Id),
  values: Type.Record(Type.String({ pattern: FIELD_NAME_PATTERN }), Type.Unknown()),
});
export type RowSaveBody = Static<typeof RowSaveBody>;

export const RowDeleteBody = Type.Object({ id: Id, rowId: Id, version: Id });
export type RowDeleteBody = Static<typeof RowDeleteBody>;

export const CHANGE_ACTIONS = ['insert', 'update', 'delete', 'restore'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];
export const CHANGE_ACTION_LABELS: Record<ChangeAction, string> = {
  insert: '新增',
  update: '修改',
  delete: '删除',
  restore: '恢复',
};
export const CHANGE_SOURCES = ['sync', 'import', 'acquisition', 'edit'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];
export const CHANGE_SOURCE_LABELS: Record<ChangeSource, string> = {
  sync: '同步',
  import: '导入',
  acquisition: '采集',
  edit: '编辑',
};

/** GET /data/api/v1.dataRows/changes/ */
export const ChangeListQuery = Type.Object({
  ...PageFields,
  id: Id,
  rowId: Type.Optional(Id),
  action: Type.Optional(Type.Enum(CHANGE_ACTIONS)),
  actor: Type.Optional(Type.String({ maxLength: 60 })),
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })),
  to: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })),
});
export type ChangeListQuery = Static<typeof ChangeListQuery>;

export interface ChangeItem {
  id: number;
  rowId: number;
  action: ChangeAction;
  source: ChangeSource;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actorName: string;
  createdAt: number;
  /** Why the row changed ('' when the writer gave no reason), e.g. "数据纠错 #12：…". */
  reason: string;
  /** An update or delete can be undone: its `before` written back. */
  restorable: boolean;
}

/** POST /data/api/v1.dataRows/restore/: write a change's `before` back (itself recorded). */
export const RestoreBody = Type.Object({ id: Id, changeId: Id });
export type RestoreBody = Static<typeof RestoreBody>;

export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows refused, with the spreadsheet's row number (header = 1). */
  errors: { row: number; field: string; message: string }[];
}

// --- reporting duties ---------------------------------------------------------------------------

export type DutyStatus = 'ok' | 'dueSoon' | 'overdue';
export const DUTY_STATUS_LABELS: Record<DutyStatus, string> = {
  ok: '正常',
  dueSoon: '即将到期',
  overdue: '已逾期',
};

export interface DutyItem {
  tableId: number;
  tableName: string;
  code: string;
  cycle: ReportCycle;
  deadlineDay: number;
  /** Deadline of the current period (ms). */
  deadline: number;
  lastReportedAt: number | null;
  lastReportedBy: string | null;
  lastUpdatedAt: number | null;
  status: DutyStatus;
}

export const ReportBody = Type.Object({ id: Id });

// --- public catalogue ---------------------------------------------------------------------------

export const CatalogQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type CatalogQuery = Static<typeof CatalogQuery>;

export interface CatalogItem {
  id: number;
  name: string;
  code: string;
  description: string;
  ownerDepartmentName: string | null;
  updatedAt: number;
  fields: { name: string; label: string; type: DataFieldType; description: string }[];
}

export const DepartmentOption = Type.Object({ id: Id });
