import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  AckBody,
  AggregateResult,
  IndicatorItem,
  IndicatorListQuery,
  IndicatorSaveBody,
  IndicatorStatus,
  Metric,
  MetricSource,
  StaffOption,
  ValuePoint,
  WarningItem,
  WarningListQuery,
} from './contract';

const I = '/bi/api/v1.indicator';
const M = '/bi/api/v1.metric';
const W = '/bi/api/v1.indicatorWarning';

// --- 指标管理 (back office) ---

/** GET /bi/api/v1.indicator/list/ */
export const listIndicators = (q: IndicatorListQuery) => http.get<Page<IndicatorItem>>(`${I}/list/`, { params: q });
/** GET /bi/api/v1.indicator/detail/ */
export const getIndicator = (id: number) => http.get<IndicatorItem>(`${I}/detail/`, { params: { id } });
/** POST /bi/api/v1.indicator/save/ (JSON) — create without id, edit with one. */
export const saveIndicator = (b: IndicatorSaveBody) => http.post<{ id: number }>(`${I}/save/`, b, { json: true });
/** POST /bi/api/v1.indicator/status/ — 启用 / 停用. */
export const setIndicatorStatus = (id: number, status: IndicatorStatus) =>
  http.post<null>(`${I}/status/`, { id, status });
/** POST /bi/api/v1.indicator/delete/ — only one never evaluated. */
export const deleteIndicator = (id: number) => http.post<null>(`${I}/delete/`, { id });
/** POST /bi/api/v1.indicator/evaluate/ — 立即计算 (queues the job). */
export const evaluateNow = () => http.post<null>(`${I}/evaluate/`, {});
/** GET /bi/api/v1.indicator/staff/ — owners to pick. */
export const searchStaff = (keyword: string) => http.get<StaffOption[]>(`${I}/staff/`, { params: { keyword } });
/** GET /bi/api/v1.metric/source/ — a data table's fields. */
export const getMetricSource = (table: string) => http.get<MetricSource>(`${M}/source/`, { params: { table } });
/** POST /bi/api/v1.metric/preview/ (JSON) — the metric's current values. */
export const previewMetric = (metric: Metric) =>
  http.post<AggregateResult>(`${M}/preview/`, { metric }, { json: true, slow: true });

// --- 指标预警 (owners; administrators see all) ---

/** GET /bi/api/v1.indicatorWarning/list/ */
export const listWarnings = (q: WarningListQuery) => http.get<Page<WarningItem>>(`${W}/list/`, { params: q });
/** GET /bi/api/v1.indicatorWarning/history/ — an indicator's values, oldest first. */
export const valueHistory = (id: number, limit = 60) =>
  http.get<ValuePoint[]>(`${W}/history/`, { params: { id, limit } });
/** POST /bi/api/v1.indicatorWarning/ack/ — 确认 with a note. */
export const acknowledgeWarning = (b: AckBody) => http.post<null>(`${W}/ack/`, b);
