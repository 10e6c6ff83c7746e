import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  CopyBody,
  ParamValue,
  PreviewBody,
  PublishBody,
  ReportItem,
  ReportListQuery,
  ReportSaveBody,
  ReportSource,
  ReportViewDetail,
  ReportViewItem,
  RunResult,
  ViewListQuery,
} from './contract';

const R = '/bi/api/v1.report';
const V = '/bi/api/v1.reportView';

// --- 报表管理 (back office) ---

/** GET /bi/api/v1.report/list/ — one tab: 草稿, 已发布, 已停用 or 模板. */
export const listReports = (q: ReportListQuery) => http.get<Page<ReportItem>>(`${R}/list/`, { params: q });
/** GET /bi/api/v1.report/detail/ */
export const getReport = (id: number) => http.get<ReportItem>(`${R}/detail/`, { params: { id } });
/** POST /bi/api/v1.report/save/ (JSON) — create without id, edit with one. */
export const saveReport = (b: ReportSaveBody) => http.post<{ id: number }>(`${R}/save/`, b, { json: true });
/** POST /bi/api/v1.report/copy/ (JSON) — 复制 and 从模板新建: a new draft. */
export const copyReport = (b: CopyBody) => http.post<{ id: number }>(`${R}/copy/`, b, { json: true });
/** POST /bi/api/v1.report/publish/ (JSON) — platforms and roles. */
export const publishReport = (b: PublishBody) => http.post<null>(`${R}/publish/`, b, { json: true });
/** POST /bi/api/v1.report/deactivate/ */
export const deactivateReport = (id: number) => http.post<null>(`${R}/deactivate/`, { id });
/** POST /bi/api/v1.report/delete/ — drafts and templates only. */
export const deleteReport = (id: number) => http.post<null>(`${R}/delete/`, { id });
/** GET /bi/api/v1.report/source/ — a data table's fields. */
export const getReportSource = (table: string) => http.get<ReportSource>(`${R}/source/`, { params: { table } });
/** GET /bi/api/v1.report/audience/ — platforms and roles to publish to. */
export const getAudienceChoices = () =>
  http.get<{ platforms: { id: number; name: string }[]; roles: { id: number; name: string; code: string }[] }>(
    `${R}/audience/`,
  );
/** POST /bi/api/v1.report/preview/ (JSON) — the editor's live preview of an unsaved design. */
export const previewReport = (b: PreviewBody) => http.post<RunResult>(`${R}/preview/`, b, { json: true, slow: true });

// --- viewers (web and phone) ---

/** GET /bi/api/v1.reportView/list/ — published reports the caller may see. */
export const listVisibleReports = (q: ViewListQuery) => http.get<Page<ReportViewItem>>(`${V}/list/`, { params: q });
/** GET /bi/api/v1.reportView/detail/ — name and parameters. */
export const getReportView = (id: number) => http.get<ReportViewDetail>(`${V}/detail/`, { params: { id } });
/** GET /bi/api/v1.reportView/options/ — a select parameter's values. */
export const getParamOptions = (id: number, param: string) =>
  http.get<string[]>(`${V}/options/`, { params: { id, param } });
/** POST /bi/api/v1.reportView/run/ (JSON) — one page of grouped rows. */
export const runReport = (b: { id: number; params: Record<string, ParamValue>; page: number; pageSize: number }) =>
  http.post<RunResult>(`${V}/run/`, b, { json: true, slow: true });
/** GET /bi/api/v1.reportView/exportExcel/ — the whole report as .xlsx. */
export const exportReportExcel = (id: number, params: Record<string, ParamValue>) =>
  http.get<Blob>(`${V}/exportExcel/`, {
    params: { id, params: JSON.stringify(params) },
    responseType: 'blob',
    slow: true,
  });
/** GET /bi/api/v1.reportView/exportPdf/ — the whole report as PDF (A4 landscape). */
export const exportReportPdf = (id: number, params: Record<string, ParamValue>) =>
  http.get<Blob>(`${V}/exportPdf/`, {
    params: { id, params: JSON.stringify(params) },
    responseType: 'blob',
    slow: true,
  });
