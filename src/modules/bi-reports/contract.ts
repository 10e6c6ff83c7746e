import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';

/**
 * BI reports (issue 20, part 4): parameterised tables over one data table, grouped (0–3 nested
 * levels with subtotals) with a grand total, exported to Excel and PDF; templates to start from.
 * Paths: `/bi/api/v1.report/*` (administrators: 插件 → BI → 报表管理) and `/bi/api/v1.reportView/*`
 * (the published reports a user may see, on the web and the phone).
 */

export const REPORT_AGGREGATIONS = ['count', 'countDistinct', 'sum', 'avg', 'min', 'max'] as const;
export type ReportAggregation = (typeof REPORT_AGGREGATIONS)[number];
export const REPORT_AGGREGATION_LABELS: Record<ReportAggregation, string> = {
  count: '计数',
  countDistinct: '去重计数',
  sum: '求和',
  avg: '平均值',
  min: '最小值',
  max: '最大值',
};

/** A group on a date or datetime field may be bucketed (China-time days). */
export const GROUP_GRAINS = ['day', 'month', 'year'] as const;
export type GroupGrain = (typeof GROUP_GRAINS)[number];
export const GROUP_GRAIN_LABELS: Record<GroupGrain, string> = { day: '按日', month: '按月', year: '按年' };

export const PARAM_OPS = ['eq', 'in', 'contains', 'range'] as const;
export type ParamOp = (typeof PARAM_OPS)[number];
export const PARAM_OP_LABELS: Record<ParamOp, string> = {
  eq: '等于（下拉选择）',
  in: '属于（多选）',
  contains: '包含（文本）',
  range: '范围（日期或数值）',
};

export const REPORT_STATUSES = ['draft', 'published', 'inactive'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  draft: '草稿',
  published: '已发布',
  inactive: '已停用',
};

export const REPORT_LIMITS = {
  name: 60,
  description: 500,
  columns: 12,
  groups: 3,
  params: 6,
  label: 30,
  /** Top-level groups a run answers per page. */
  pageSize: 200,
  /** Rows (leaves and subtotals) one page holds at most; the page is cut short beyond. */
  pageRows: 5000,
  /** Values one multi-select parameter may hold. */
  inValues: 50,
  /** Distinct values offered for a select parameter. */
  options: 200,
  /** Rows an Excel export writes at most; a PDF, fewer (it is read on paper). */
  excelRows: 100_000,
  pdfRows: 5000,
} as const;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const FieldName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,47}$' });
const Label = Type.String({ minLength: 1, maxLength: REPORT_LIMITS.label, pattern: '\\S' });
const ValueText = Type.String({ maxLength: 200 });

export const ReportColumn = Type.Object({
  /** The field shown (plain column) or measured; null only for count = rows. */
  field: Type.Union([FieldName, Type.Null()]),
  /** null: a plain field, shown per row (a detail level under the groups). */
  aggregation: Type.Union([Type.Enum(REPORT_AGGREGATIONS), Type.Null()]),
  label: Label,
  /** Number format of a measure: decimals and thousands separators. */
  decimals: Type.Integer({ minimum: 0, maximum: 4 }),
  thousands: Type.Boolean(),
});
export type ReportColumn = Static<typeof ReportColumn>;

export const ReportGroup = Type.Object({
  field: FieldName,
  label: Label,
  /** Only for a date or datetime field. */
  grain: Type.Union([Type.Enum(GROUP_GRAINS), Type.Null()]),
});
export type ReportGroup = Static<typeof ReportGroup>;

/** Parameter values travel as text: one value, a list (in), or [from, to] (range; '' = open end). */
export const ParamValue = Type.Union([ValueText, Type.Array(ValueText, { maxItems: REPORT_LIMITS.inValues })]);
export type ParamValue = Static<typeof ParamValue>;

export const ReportParam = Type.Object({
  /** Key of the value in a run's `params`. */
  name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,29}$' }),
  label: Label,
  field: FieldName,
  op: Type.Enum(PARAM_OPS),
  /** Default value ('' or [] = not applied). */
  defaultValue: ParamValue,
  /** A value must be given to run. */
  required: Type.Boolean(),
});
export type ReportParam = Static<typeof ReportParam>;

export const ReportSort = Type.Object({
  /** -1: by the groups' values; else the index of a measure column (its subtotal orders the groups). */
  column: Type.Integer({ minimum: -1, maximum: REPORT_LIMITS.columns - 1 }),
  desc: Type.Boolean(),
});
export type ReportSort = Static<typeof ReportSort>;

export const ReportDesign = Type.Object({
  /** The data table's code (`dt_<code>`). */
  table: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
  columns: Type.Array(ReportColumn, { minItems: 1, maxItems: REPORT_LIMITS.columns }),
  groups: Type.Array(ReportGroup, { maxItems: REPORT_LIMITS.groups }),
  params: Type.Array(ReportParam, { maxItems: REPORT_LIMITS.params }),
  sort: ReportSort,
  /** Show the grand total row. */
  showTotal: Type.Boolean(),
});
export type ReportDesign = Static<typeof ReportDesign>;

export const ReportBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: REPORT_LIMITS.name, pattern: '\\S' }),
  description: Type.String({ maxLength: REPORT_LIMITS.description }),
  isTemplate: Type.Boolean(),
  design: ReportDesign,
});
export type ReportBody = Static<typeof ReportBody>;

export const ReportSaveBody = Type.Object({ id: Type.Optional(Id), ...ReportBody.properties });
export type ReportSaveBody = Static<typeof ReportSaveBody>;

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;
export const IdQuery = IdBody;

/** The tabs of 报表管理: the three states, and templates apart. */
export const REPORT_TABS = ['draft', 'published', 'inactive', 'template'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export const ReportListQuery = Type.Object({
  ...PageFields,
  tab: Type.Enum(REPORT_TABS),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type ReportListQuery = Static<typeof ReportListQuery>;

export const PublishBody = Type.Object({
  id: Id,
  platformIds: Type.Array(Id, { minItems: 1, maxItems: 20 }),
  roleIds: Type.Array(Id, { minItems: 1, maxItems: 50 }),
});
export type PublishBody = Static<typeof PublishBody>;

export const CopyBody = Type.Object({ id: Id, name: Type.Optional(ReportBody.properties.name) });
export type CopyBody = Static<typeof CopyBody>;

export const SourceQuery = Type.Object({ table: ReportDesign.properties.table });
export type SourceQuery = Static<typeof SourceQuery>;

const Params = Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]{0,29}$' }), ParamValue, { maxProperties: 6 });

export const RunBody = Type.Object({
  id: Id,
  params: Params,
  ...PageFields,
});
export type RunBody = Static<typeof RunBody>;

/** 报表管理's live preview: an unsaved design run like a report. */
export const PreviewBody = Type.Object({ design: ReportDesign, params: Params, ...PageFields });
export type PreviewBody = Static<typeof PreviewBody>;

/** Exports are GETs (a plain download link): the parameters as JSON text. */
export const ExportQuery = Type.Object({ id: Id, params: Type.Optional(Type.String({ maxLength: 20_000 })) });
export type ExportQuery = Static<typeof ExportQuery>;

export const OptionsQuery = Type.Object({ id: Id, param: ReportParam.properties.name });
export type OptionsQuery = Static<typeof OptionsQuery>;

export const ViewListQuery = Type.Object({ ...PageFields, keyword: Type.Optional(Type.String({ maxLength: 60 })) });
export type ViewListQuery = Static<typeof ViewListQuery>;

// --- answers ---

export interface AudienceItem {
  id: number;
  name: string;
}

export interface ReportItem {
  id: number;
  name: string;
  description: string;
  tableCode: string;
  status: ReportStatus;
  isTemplate: boolean;
  design: ReportDesign;
  platforms: AudienceItem[];
  roles: AudienceItem[];
  publishedAt: number | null;
  updatedAt: number;
}

export interface ReportViewItem {
  id: number;
  name: string;
  description: string;
  tableName: string;
  publishedAt: number | null;
}

/** A column of a run's table: a group or plain field (text), or a measure (number, formatted). */
export interface RunColumn {
  label: string;
  kind: 'key' | 'measure';
  decimals: number;
  thousands: boolean;
}

/**
 * A row: `header` (a group begins: its column says 学院：…), `row` (the most detailed level),
 * `subtotal` (of a group, after its rows: …小计) or `total` (合计). Cells follow `columns`; a
 * measure with nothing to aggregate is null; a header's measures are null.
 */
export interface RunRow {
  type: 'header' | 'row' | 'subtotal' | 'total';
  /** 0 = the first group; a total -1. */
  level: number;
  cells: (string | number | null)[];
}

export interface RunParamUsed {
  label: string;
  /** The value as shown ('全部' when not applied). */
  text: string;
}

export interface RunResult {
  title: string;
  columns: RunColumn[];
  rows: RunRow[];
  /** Top-level groups in all (a page holds pageSize of them). */
  totalGroups: number;
  page: number;
  pageSize: number;
  /** The page held more than REPORT_LIMITS.pageRows rows: the last groups were cut short. */
  truncated: boolean;
  params: RunParamUsed[];
}

export interface SourceField {
  name: string;
  label: string;
  type: string;
}
export interface ReportSource {
  code: string;
  name: string;
  fields: SourceField[];
}

/** A report as the viewer sees it before running: its parameters (with their fields' types). */
export interface ReportViewDetail {
  id: number;
  name: string;
  description: string;
  tableName: string;
  params: (ReportParam & { fieldType: string })[];
}

export const SUBTOTAL_LABEL = '小计';
export const TOTAL_LABEL = '合计';
export const EMPTY_KEY = '（空）';

/** A measure as the table, the spreadsheet's text cells and the PDF show it. */
export function formatMeasure(v: number | null, decimals: number, thousands: boolean): string {
  if (v === null) return '—';
  const s = v.toFixed(decimals);
  if (!thousands) return s;
  const [int, frac] = s.split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}
