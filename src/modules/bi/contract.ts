import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';

/**
 * BI (issue 20), part 1: metrics over the data centre's data tables, indicators with thresholds
 * (back office 插件 → BI → 指标管理), their values per period and the warnings a breach opens.
 * Paths: `/bi/api/v1.metric/*`, `/bi/api/v1.indicator/*` (back office), `/bi/api/v1.indicatorWarning/*`.
 */

export const AGGREGATIONS = ['count', 'countDistinct', 'sum', 'avg', 'min', 'max'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export const AGGREGATION_LABELS: Record<Aggregation, string> = {
  count: '计数',
  countDistinct: '去重计数',
  sum: '求和',
  avg: '平均值',
  min: '最小值',
  max: '最大值',
};

export const FILTER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains', 'isNull', 'notNull'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export const FILTER_OP_LABELS: Record<FilterOp, string> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  in: '属于',
  contains: '包含',
  isNull: '为空',
  notNull: '不为空',
};

export const GRAINS = ['day', 'week', 'month', 'year'] as const;
export type Grain = (typeof GRAINS)[number];
export const GRAIN_LABELS: Record<Grain, string> = { day: '日', week: '周', month: '月', year: '年' };

/** Bounds of a metric (the aggregate layer refuses more). */
export const METRIC_LIMITS = {
  filters: 10,
  inValues: 50,
  /** Dimension values kept by value; the rest are summed up as 其他. */
  topDimensions: 50,
  /** Rows (period × dimension) one aggregate answers at most. */
  rows: 5000,
  lastPeriods: 400,
} as const;
/** The bucket of the dimension values beyond the top ones. */
export const OTHER_DIMENSION = '其他';

const Name = Type.String({ pattern: '^[a-z][a-z0-9_]{0,47}$' });
const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Scalar = Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]);

export const MetricFilter = Type.Object({
  field: Name,
  op: Type.Enum(FILTER_OPS),
  /** Absent for isNull/notNull; a list for `in`. Always bound as a parameter. */
  value: Type.Optional(Type.Union([Scalar, Type.Array(Scalar, { maxItems: METRIC_LIMITS.inValues })])),
});
export type MetricFilter = Static<typeof MetricFilter>;

/**
 * The window on the time field: dates (China time, inclusive), or the last N periods (of the grain,
 * days without one) up to the newest row — so a source that stopped syncing still shows its last periods.
 */
export const MetricWindow = Type.Object({
  from: Type.Optional(DateText),
  to: Type.Optional(DateText),
  lastPeriods: Type.Optional(Type.Integer({ minimum: 1, maximum: METRIC_LIMITS.lastPeriods })),
});
export type MetricWindow = Static<typeof MetricWindow>;

export const Metric = Type.Object({
  /** The data table's code (`dt_<code>`). */
  table: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
  aggregation: Type.Enum(AGGREGATIONS),
  /** The measured field; null for count. */
  measure: Type.Union([Name, Type.Null()]),
  filters: Type.Array(MetricFilter, { maxItems: METRIC_LIMITS.filters }),
  dimension: Type.Union([Name, Type.Null()]),
  /** A date or datetime field: what grain and window apply to. */
  timeField: Type.Union([Name, Type.Null()]),
  grain: Type.Union([Type.Enum(GRAINS), Type.Null()]),
  window: Type.Union([MetricWindow, Type.Null()]),
});
export type Metric = Static<typeof Metric>;

export interface AggregateRow {
  /** Period key: `YYYY-MM-DD` (day; week = its Monday), `YYYY-MM`, `YYYY`; null without grain. */
  period: string | null;
  /** Dimension value as text ('' = empty, OTHER_DIMENSION = the rest); null without dimension. */
  dim: string | null;
  /** null when nothing was aggregated (sum/avg/min/max of no rows). */
  value: number | null;
}
export interface AggregateResult {
  rows: AggregateRow[];
  /** More rows than METRIC_LIMITS.rows: the oldest periods were left out. */
  truncated: boolean;
}

// --- indicators ---

export const LEVELS = ['info', 'warning', 'critical'] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_LABELS: Record<Level, string> = { info: '提示', warning: '预警', critical: '严重' };
export const LEVEL_COLORS: Record<Level, string> = { info: 'blue', warning: 'orange', critical: 'red' };

export const Threshold = Type.Object({
  bound: Type.Enum(['upper', 'lower'] as const),
  value: Type.Number({ minimum: -1e12, maximum: 1e12 }),
  level: Type.Enum(LEVELS),
});
export type Threshold = Static<typeof Threshold>;

export const INDICATOR_LIMITS = { name: 60, code: 40, description: 500, unit: 20, owners: 20, thresholds: 6 } as const;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

export const IndicatorBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: INDICATOR_LIMITS.name, pattern: '\\S' }),
  code: Type.String({ pattern: '^[a-z][a-z0-9_]{1,39}$' }),
  description: Type.String({ maxLength: INDICATOR_LIMITS.description }),
  metric: Metric,
  unit: Type.String({ maxLength: INDICATOR_LIMITS.unit }),
  ownerIds: Type.Array(Id, { minItems: 1, maxItems: INDICATOR_LIMITS.owners }),
  thresholds: Type.Array(Threshold, { minItems: 1, maxItems: INDICATOR_LIMITS.thresholds }),
});
export type IndicatorBody = Static<typeof IndicatorBody>;

export const IndicatorSaveBody = Type.Object({ id: Type.Optional(Id), ...IndicatorBody.properties });
export type IndicatorSaveBody = Static<typeof IndicatorSaveBody>;

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;
export const IdQuery = IdBody;

export const INDICATOR_STATUSES = ['active', 'inactive'] as const;
export type IndicatorStatus = (typeof INDICATOR_STATUSES)[number];

export const IndicatorListQuery = Type.Object({
  ...PageFields,
  status: Type.Enum(INDICATOR_STATUSES),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type IndicatorListQuery = Static<typeof IndicatorListQuery>;

export const SetStatusBody = Type.Object({ id: Id, status: Type.Enum(INDICATOR_STATUSES) });
export type SetStatusBody = Static<typeof SetStatusBody>;

export const PreviewBody = Type.Object({ metric: Metric });
export type PreviewBody = Static<typeof PreviewBody>;

export interface Owner {
  id: number;
  name: string;
  userNo: string;
}

export interface IndicatorItem {
  id: number;
  name: string;
  code: string;
  description: string;
  metric: Metric;
  unit: string;
  owners: Owner[];
  thresholds: Threshold[];
  status: IndicatorStatus;
  /** The latest evaluation: its period and value (null: never evaluated, or nothing to aggregate). */
  lastPeriod: string | null;
  lastValue: number | null;
  lastEvaluatedAt: number | null;
  /** Why the last evaluation failed (the table was dropped…), else ''. */
  lastError: string;
  /** An open (unacknowledged) warning's level, else null. */
  openLevel: Level | null;
  updatedAt: number;
}

/** The data tables and fields a metric may use (the editor's pickers). */
export interface MetricSource {
  code: string;
  name: string;
  fields: { name: string; label: string; type: string }[];
}

export interface StaffOption {
  id: number;
  name: string;
  userNo: string;
  department: string;
}
export const StaffQuery = Type.Object({ keyword: Type.String({ minLength: 1, maxLength: 40 }) });

// --- warnings ---

/** open: waiting for an owner; acknowledged: 确认 by an owner; closed: the value came back within bounds. */
export const WARNING_STATUSES = ['open', 'acknowledged', 'closed'] as const;
export type WarningStatus = (typeof WARNING_STATUSES)[number];
export const WARNING_STATUS_LABELS: Record<WarningStatus, string> = {
  open: '待确认',
  acknowledged: '已确认',
  closed: '已恢复',
};

export const WarningListQuery = Type.Object({
  ...PageFields,
  status: Type.Optional(Type.Enum(WARNING_STATUSES)),
});
export type WarningListQuery = Static<typeof WarningListQuery>;

export interface Notified {
  userId: number;
  name: string;
  at: number;
}

export interface WarningItem {
  id: number;
  indicatorId: number;
  indicatorName: string;
  unit: string;
  status: WarningStatus;
  level: Level;
  bound: 'upper' | 'lower';
  threshold: number;
  period: string;
  value: number;
  /** The newest value seen while the breach lasted (the job refreshes it). */
  latestValue: number;
  thresholds: Threshold[];
  openedAt: number;
  notified: Notified[];
  ackName: string;
  ackNote: string;
  ackAt: number | null;
  closedAt: number | null;
  closeNote: string;
}

export const AckBody = Type.Object({
  id: Id,
  note: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
});
export type AckBody = Static<typeof AckBody>;

export const HistoryQuery = Type.Object({
  id: Id,
  limit: Type.Integer({ minimum: 1, maximum: 400, default: 60 }),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

export interface ValuePoint {
  period: string;
  value: number | null;
  evaluatedAt: number;
}

export const SourceQuery = Type.Object({ table: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }) });
export type SourceQuery = Static<typeof SourceQuery>;
