import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';
import { Metric, type AggregateResult } from './contract';

/**
 * BI dashboards (issue 20, part 3): a grid of widgets (react-grid-layout positions), each a metric of
 * the aggregate layer drawn as a chart, a KPI card, a table or a filter. Back office
 * `/bi/api/v1.dashboard/*` (插件 → BI → 仪表板管理); viewers `/bi/api/v1.dashboardView/*`.
 */

export const WIDGET_TYPES = ['line', 'bar', 'pie', 'scatter', 'gauge', 'funnel', 'kpi', 'table', 'filter'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
/** The widget types ECharts draws (each loads only its own chart module). */
export const CHART_TYPES = ['line', 'bar', 'pie', 'scatter', 'gauge', 'funnel'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const WIDGET_LABELS: Record<WidgetType, string> = {
  line: '折线图',
  bar: '柱状图',
  pie: '饼图',
  scatter: '散点图',
  gauge: '仪表盘',
  funnel: '漏斗图',
  kpi: '指标卡',
  table: '表格',
  filter: '筛选器',
};
/** Widgets whose click (a bar, a slice, a row, a picked value) sets a linkage filter on the dimension. */
export const LINKING_TYPES: ReadonlySet<WidgetType> = new Set(['bar', 'pie', 'funnel', 'table', 'filter']);

export const DASHBOARD_STATUSES = ['draft', 'published', 'inactive'] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];
export const DASHBOARD_STATUS_LABELS: Record<DashboardStatus, string> = {
  draft: '草稿',
  published: '已发布',
  inactive: '已停用',
};
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The grid: 12 columns; heights in rows of GRID_ROW_HEIGHT px. */
export const GRID_COLS = 12;
export const GRID_ROW_HEIGHT = 60;
export const DASHBOARD_LIMITS = { name: 60, description: 300, widgets: 24, title: 40, rows: 40 } as const;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

export const WidgetOptions = Type.Object({
  /** Shown after values (元, 笔). */
  unit: Type.Optional(Type.String({ maxLength: 10 })),
  /** The gauge's full scale. */
  max: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
  /** Rows or categories shown at most (bar, pie, funnel, table). */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  /** Bars drawn sideways. */
  horizontal: Type.Optional(Type.Boolean()),
});
export type WidgetOptions = Static<typeof WidgetOptions>;

export const Widget = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9]{1,16}$' }),
  type: Type.Enum(WIDGET_TYPES),
  title: Type.String({ minLength: 1, maxLength: DASHBOARD_LIMITS.title, pattern: '\\S' }),
  x: Type.Integer({ minimum: 0, maximum: GRID_COLS - 1 }),
  y: Type.Integer({ minimum: 0, maximum: 1000 }),
  w: Type.Integer({ minimum: 1, maximum: GRID_COLS }),
  h: Type.Integer({ minimum: 1, maximum: DASHBOARD_LIMITS.rows }),
  metric: Metric,
  options: WidgetOptions,
  /** Drill-down: the dashboard opened (bi/linkageDetail) with the clicked dimension value as its filter. */
  drillDashboardId: Type.Union([Id, Type.Null()]),
});
export type Widget = Static<typeof Widget>;

export const DashboardBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: DASHBOARD_LIMITS.name, pattern: '\\S' }),
  description: Type.String({ maxLength: DASHBOARD_LIMITS.description }),
  theme: Type.Enum(THEMES),
  widgets: Type.Array(Widget, { maxItems: DASHBOARD_LIMITS.widgets }),
});
export type DashboardBody = Static<typeof DashboardBody>;

export const DashboardSaveBody = Type.Object({ id: Type.Optional(Id), ...DashboardBody.properties });
export type DashboardSaveBody = Static<typeof DashboardSaveBody>;

/** Who sees a published dashboard: signed-in users on one of the platforms with one of the roles; public = anyone. */
export const Audience = Type.Object({
  platformIds: Type.Array(Id, { maxItems: 20 }),
  roleCodes: Type.Array(Type.String({ pattern: '^[a-z][a-z0-9_-]{0,39}$' }), { maxItems: 50 }),
  isPublic: Type.Boolean(),
});
export type Audience = Static<typeof Audience>;

export const PublishBody = Type.Object({ id: Id, ...Audience.properties });
export type PublishBody = Static<typeof PublishBody>;

export const DashboardIdBody = Type.Object({ id: Id });
export const RestoreBody = Type.Object({ id: Id, version: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type RestoreBody = Static<typeof RestoreBody>;

export const DashboardListQuery = Type.Object({
  ...PageFields,
  status: Type.Enum(DASHBOARD_STATUSES),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type DashboardListQuery = Static<typeof DashboardListQuery>;

export const ViewListQuery = Type.Object({ ...PageFields });
export type ViewListQuery = Static<typeof ViewListQuery>;

/** A linkage filter: rows whose `field` is one of `values`, applied to every widget whose table has the field. */
export const LinkFilter = Type.Object({
  field: Type.String({ pattern: '^[a-z][a-z0-9_]{0,47}$' }),
  values: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 50 }),
  /** The widget the click came from: it is not filtered by its own click. */
  from: Type.Optional(Type.String({ pattern: '^[a-z0-9]{1,16}$' })),
});
export type LinkFilter = Static<typeof LinkFilter>;

export const DataBody = Type.Object({
  id: Id,
  filters: Type.Array(LinkFilter, { maxItems: 10 }),
});
export type DataBody = Static<typeof DataBody>;

/** The designer's live preview: unsaved widgets. */
export const PreviewDataBody = Type.Object({
  widgets: Type.Array(Widget, { maxItems: DASHBOARD_LIMITS.widgets }),
  filters: Type.Array(LinkFilter, { maxItems: 10 }),
});
export type PreviewDataBody = Static<typeof PreviewDataBody>;

/** One widget's answer: its rows, or why it cannot be drawn (its table or field was dropped since). */
export type WidgetData = ({ ok: true } & AggregateResult) | { ok: false; message: string };
export type DashboardData = Record<string, WidgetData>;

export interface DashboardItem {
  id: number;
  name: string;
  description: string;
  theme: Theme;
  status: DashboardStatus;
  widgetCount: number;
  /** The published version's number (null: never published). */
  version: number | null;
  audience: Audience;
  audienceText: string;
  updatedAt: number;
  publishedAt: number | null;
}

export interface DashboardDetail extends DashboardItem {
  widgets: Widget[];
}

/** What a viewer gets: the published snapshot. */
export interface DashboardView {
  id: number;
  name: string;
  description: string;
  theme: Theme;
  version: number;
  publishedAt: number;
  widgets: Widget[];
}

export interface ViewCard {
  id: number;
  name: string;
  description: string;
  theme: Theme;
  widgetCount: number;
  isPublic: boolean;
  publishedAt: number;
}

export interface VersionItem {
  version: number;
  name: string;
  widgetCount: number;
  publishedBy: string;
  publishedAt: number;
}

export interface AudienceOptions {
  platforms: { id: number; name: string }[];
  roles: { code: string; name: string }[];
}

export interface DashboardOption {
  id: number;
  name: string;
  status: DashboardStatus;
}
