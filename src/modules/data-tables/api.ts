import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  CatalogItem,
  CatalogQuery,
  ChangeItem,
  ChangeListQuery,
  DataTableDef,
  DdlPlan,
  DutyItem,
  ImportResult,
  RowListQuery,
  RowPage,
  RowSaveBody,
  TableCreateBody,
  TableDetail,
  TableListItem,
  TableListQuery,
  TableSaveBody,
  TableView,
} from './contract';

const TABLE = '/data/api/v1.dataTable';
const ROWS = '/data/api/v1.dataRows';
const REPORTING = '/data/api/v1.dataReporting';
const SERVICE = '/data/api/v1.dataService';

// --- back office ---

/** 数据表列表 GET /data/api/v1.dataTable/list/ */
export const listTables = (q: Partial<TableListQuery> & { page: number; pageSize: number }) =>
  http.get<Page<TableListItem>>(`${TABLE}/list/`, { params: q });
/** GET /data/api/v1.dataTable/detail/ */
export const getTable = (id: number) => http.get<TableDetail>(`${TABLE}/detail/`, { params: { id } });
/** GET /data/api/v1.dataTable/ddl/ — the DDL the platform ran on the table, newest first. */
export const getDdlHistory = (id: number) =>
  http.get<{ id: number; step: string; sqlText: string; dialect: string; createdAt: number }[]>(`${TABLE}/ddl/`, {
    params: { id },
  });
/** POST /data/api/v1.dataTable/create/ */
export const createTable = (b: TableCreateBody) => http.post<DataTableDef>(`${TABLE}/create/`, b, { json: true });
/** What a save would change. POST /data/api/v1.dataTable/plan/ */
export const planTable = (b: TableSaveBody) => http.post<DdlPlan>(`${TABLE}/plan/`, b, { json: true });
/** POST /data/api/v1.dataTable/save/ */
export const saveTable = (b: TableSaveBody) =>
  http.post<{ def: DataTableDef; plan: DdlPlan }>(`${TABLE}/save/`, b, { json: true, slow: true });
/** POST /data/api/v1.dataTable/delete/ */
export const deleteTable = (id: number) => http.post<null>(`${TABLE}/delete/`, { id });
/**
 * POST /data/api/v1.dataTable/import/?id= — a partial import rejects with 0x00000106 and the
 * ImportResult (with the refused rows) as the HttpError's data.data.
 */
export const importTable = (id: number, file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<ImportResult>(`${TABLE}/import/?id=${id}`, fd, { slow: true });
};
/** GET /data/api/v1.dataTable/export/ (.xlsx) */
export const exportTableAdmin = (id: number) =>
  http.get<Blob>(`${TABLE}/export/`, { params: { id }, responseType: 'blob', slow: true });

// --- department data centre ---

/** Tables the caller may browse. GET /data/api/v1.dataRows/tables/ */
export const listVisibleTables = (q: Partial<TableListQuery> & { page: number; pageSize: number }) =>
  http.get<Page<TableListItem>>(`${ROWS}/tables/`, { params: q });
/** GET /data/api/v1.dataRows/view/ */
export const getTableView = (id: number) => http.get<TableView>(`${ROWS}/view/`, { params: { id } });
/** GET /data/api/v1.dataRows/list/ */
export const listRows = (q: RowListQuery) => http.get<RowPage>(`${ROWS}/list/`, { params: q });
/** GET /data/api/v1.dataRows/export/ (.xlsx) */
export const exportRows = (id: number, filters?: string) =>
  http.get<Blob>(`${ROWS}/export/`, { params: { id, filters }, responseType: 'blob', slow: true });
/** POST /data/api/v1.dataRows/save/ — a stale version answers 409 (0x00000409). */
export const saveRow = (b: RowSaveBody) => http.post<Record<string, unknown>>(`${ROWS}/save/`, b, { json: true });
/** POST /data/api/v1.dataRows/delete/ */
export const deleteRow = (b: { id: number; rowId: number; version: number }) => http.post<null>(`${ROWS}/delete/`, b);
/** GET /data/api/v1.dataRows/changes/ */
export const listChanges = (q: ChangeListQuery) => http.get<Page<ChangeItem>>(`${ROWS}/changes/`, { params: q });
/** POST /data/api/v1.dataRows/restore/ */
export const restoreChange = (b: { id: number; changeId: number }) =>
  http.post<Record<string, unknown>>(`${ROWS}/restore/`, b);

/** GET /data/api/v1.dataReporting/list/ */
export const listDuties = () => http.get<DutyItem[]>(`${REPORTING}/list/`);
/** POST /data/api/v1.dataReporting/report/ */
export const reportDuty = (id: number) => http.post<null>(`${REPORTING}/report/`, { id });

/** 数据服务目录 (public). GET /data/api/v1.dataService/list/ */
export const listCatalogue = (q: CatalogQuery) => http.get<Page<CatalogItem>>(`${SERVICE}/list/`, { params: q });
