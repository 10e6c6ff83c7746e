import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  AccessLogItem,
  AppBody,
  AppItem,
  AppSecret,
  ApplicationItem,
  ApplicationListQuery,
  ApplyBody,
  DatasetBody,
  DatasetItem,
  DatasetListQuery,
  DecideBody,
  SupplementBody,
  TaskListQuery,
  ThemeBody,
  ThemeItem,
} from './contract';

const S = '/data/api/v1.dataShare';

/** GET /data/api/v1.dataShare/themes/ */
export const listThemes = () => http.get<ThemeItem[]>(`${S}/themes/`);
/** GET /data/api/v1.dataShare/catalog/ */
export const listCatalog = (q: DatasetListQuery) => http.get<Page<DatasetItem>>(`${S}/catalog/`, { params: q });
/** POST /data/api/v1.dataShare/theme/save/ */
export const saveTheme = (b: ThemeBody) => http.post<{ id: number }>(`${S}/theme/save/`, b, { json: true });
/** POST /data/api/v1.dataShare/theme/delete/ */
export const deleteTheme = (id: number) => http.post<null>(`${S}/theme/delete/`, { id });
/** GET /data/api/v1.dataShare/datasets/ (back office: every dataset) */
export const listDatasets = (q: DatasetListQuery) => http.get<Page<DatasetItem>>(`${S}/datasets/`, { params: q });
/** POST /data/api/v1.dataShare/dataset/save/ (JSON: field lists) */
export const saveDataset = (b: DatasetBody) => http.post<{ id: number }>(`${S}/dataset/save/`, b, { json: true });

/** GET /data/api/v1.dataShare/apps/ */
export const listApps = (q: { page: number; pageSize: number; all?: boolean }) =>
  http.get<Page<AppItem>>(`${S}/apps/`, { params: q });
/** POST /data/api/v1.dataShare/app/create/ */
export const createApp = (b: AppBody) => http.post<AppSecret>(`${S}/app/create/`, b, { json: true });
/** POST /data/api/v1.dataShare/app/rotate/ */
export const rotateSecret = (id: number) => http.post<AppSecret>(`${S}/app/rotate/`, { id });
/** POST /data/api/v1.dataShare/app/disable/ */
export const disableApp = (id: number) => http.post<null>(`${S}/app/disable/`, { id });
/** POST /data/api/v1.dataShare/app/enable/ */
export const enableApp = (id: number) => http.post<null>(`${S}/app/enable/`, { id });
/** GET /data/api/v1.dataShare/app/log/ */
export const accessLog = (q: { appId: number; page: number; pageSize: number }) =>
  http.get<Page<AccessLogItem>>(`${S}/app/log/`, { params: q });

/** POST /data/api/v1.dataShare/apply/ (JSON: id and field lists) */
export const applyFor = (b: ApplyBody) =>
  http.post<{ ids: number[]; batchNo: string }>(`${S}/apply/`, b, { json: true });
/** POST /data/api/v1.dataShare/supplement/ (JSON) */
export const supplementFields = (b: SupplementBody) => http.post<{ id: number }>(`${S}/supplement/`, b, { json: true });
/** GET /data/api/v1.dataShare/mine/ */
export const myApplications = (q: ApplicationListQuery) => http.get<Page<ApplicationItem>>(`${S}/mine/`, { params: q });
/** POST /data/api/v1.dataShare/revoke/ (a grant id) */
export const revokeGrant = (id: number) => http.post<null>(`${S}/revoke/`, { id });
/** GET /data/api/v1.dataShare/tasks/ */
export const listTasks = (q: TaskListQuery) => http.get<Page<ApplicationItem>>(`${S}/tasks/`, { params: q });
/** POST /data/api/v1.dataShare/decide/ */
export const decideApplication = (b: DecideBody) => http.post<null>(`${S}/decide/`, b);
