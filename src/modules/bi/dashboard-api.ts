import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type { MetricSource } from './contract';
import type {
  AudienceOptions,
  DashboardData,
  DashboardDetail,
  DashboardItem,
  DashboardListQuery,
  DashboardOption,
  DashboardSaveBody,
  DashboardView,
  LinkFilter,
  PublishBody,
  VersionItem,
  ViewCard,
  Widget,
} from './dashboard-contract';

const D = '/bi/api/v1.dashboard';
const V = '/bi/api/v1.dashboardView';

// --- 仪表板管理 (back office) ---

/** GET /bi/api/v1.dashboard/list/ */
export const listDashboards = (q: DashboardListQuery) => http.get<Page<DashboardItem>>(`${D}/list/`, { params: q });
/** GET /bi/api/v1.dashboard/detail/ — the draft, its state and audience. */
export const getDashboard = (id: number) => http.get<DashboardDetail>(`${D}/detail/`, { params: { id } });
/** POST /bi/api/v1.dashboard/save/ (JSON) — the draft: create without id. */
export const saveDashboard = (b: DashboardSaveBody) => http.post<{ id: number }>(`${D}/save/`, b, { json: true });
/** POST /bi/api/v1.dashboard/publish/ (JSON) — a new version to the audience. */
export const publishDashboard = (b: PublishBody) => http.post<{ version: number }>(`${D}/publish/`, b, { json: true });
/** POST /bi/api/v1.dashboard/deactivate/ */
export const deactivateDashboard = (id: number) => http.post<null>(`${D}/deactivate/`, { id });
/** POST /bi/api/v1.dashboard/delete/ — a draft never published. */
export const deleteDashboard = (id: number) => http.post<null>(`${D}/delete/`, { id });
/** POST /bi/api/v1.dashboard/copy/ — a new draft. */
export const copyDashboard = (id: number) => http.post<{ id: number }>(`${D}/copy/`, { id });
/** GET /bi/api/v1.dashboard/versions/ */
export const listVersions = (id: number) => http.get<VersionItem[]>(`${D}/versions/`, { params: { id } });
/** POST /bi/api/v1.dashboard/restore/ — a version back into the draft. */
export const restoreVersion = (id: number, version: number) => http.post<null>(`${D}/restore/`, { id, version });
/** GET /bi/api/v1.dashboard/audienceOptions/ */
export const audienceOptions = () => http.get<AudienceOptions>(`${D}/audienceOptions/`);
/** GET /bi/api/v1.dashboard/options/ — drill-down targets. */
export const dashboardOptions = () => http.get<DashboardOption[]>(`${D}/options/`);
/** GET /bi/api/v1.dashboard/source/ — a data table's fields. */
export const dashboardSource = (table: string) => http.get<MetricSource>(`${D}/source/`, { params: { table } });
/** POST /bi/api/v1.dashboard/preview/ (JSON) — the designer's live data (silent: the designer shows the refusal). */
export const previewData = (widgets: Widget[], filters: LinkFilter[]) =>
  http.post<DashboardData>(`${D}/preview/`, { widgets, filters }, { json: true, slow: true, silent: true });

// --- viewers ---

/** GET /bi/api/v1.dashboardView/list/ — the dashboards I may see. */
export const listVisible = (page: number, pageSize: number) =>
  http.get<Page<ViewCard>>(`${V}/list/`, { params: { page, pageSize } });
/** GET /bi/api/v1.dashboardView/detail/ — the published version (public ones without a session). */
export const viewDashboard = (id: number) => http.get<DashboardView>(`${V}/detail/`, { params: { id } });
/** POST /bi/api/v1.dashboardView/data/ (JSON) — every widget's data under the linkage filters. */
export const dashboardData = (id: number, filters: LinkFilter[]) =>
  http.post<DashboardData>(`${V}/data/`, { id, filters }, { json: true, slow: true });
