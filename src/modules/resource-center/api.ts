import { http, httpInstances } from '@/core/http';
import type { Envelope, Page } from '@/shared/envelope';
import type {
  ExportQuery,
  HallQuery,
  LinkCreateBody,
  LinkCreated,
  LinkListQuery,
  LinkRow,
  MineQuery,
  OpenAnswer,
  Options,
  RecordQuery,
  RecordRow,
  ResourceEdit,
  ResourceView,
  SaveBody,
  ShareInfo,
  StatsAnswer,
  StatsQuery,
  UploadAnswer,
} from './contract';

const RES = '/resource/api/v1.resource';
const LINK = '/resource/api/v1.resourceLink';
const STATS = '/resource/api/v1.resourceStats';
const SHARE = '/resource/api/v1.share';

/** The favourite kind other modules (the personal centre's 我的收藏) may use for resources. */
export const RESOURCE_FAVORITE_KIND = 'resource';
/** Where a resource opens on the desktop (the hall's preview) and on the phone. */
export const resourceHallPath = (id?: number) => `/web/webResourceCenter/resourceHall${id ? `?open=${id}` : ''}`;
export const resourcePhonePath = (id: number) => `/mobile/resourcePreview?id=${id}`;

/** GET /resource/api/v1.resource/hall/ */
export const fetchHall = (q: HallQuery) => http.get<Page<ResourceView>>(`${RES}/hall/`, { params: q });
/** GET /resource/api/v1.resource/options/ */
export const fetchOptions = () => http.get<Options>(`${RES}/options/`);
/** POST /resource/api/v1.resource/open/ */
export const openResource = (id: number) => http.post<OpenAnswer>(`${RES}/open/`, { id });
/** POST /resource/api/v1.resource/favorite/ or unfavorite/ */
export const setFavorite = (id: number, on: boolean) =>
  http.post<null>(`${RES}/${on ? 'favorite' : 'unfavorite'}/`, { id });
/**
 * POST /resource/api/v1.resource/upload/ (multipart, field "file"), with upload progress (0–100).
 * The 50 s instance: a large file takes longer than an ordinary call.
 */
export const uploadResourceFile = async (file: File, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  const r = await httpInstances.slow.post<Envelope<UploadAnswer>>(`${RES}/upload/`, form, {
    onUploadProgress: (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
  return r.data;
};
/** POST /resource/api/v1.resource/save/ (JSON: label and id lists) */
export const saveResource = (b: SaveBody) => http.post<{ id: number }>(`${RES}/save/`, b, { json: true });
/** GET /resource/api/v1.resource/get/ */
export const fetchResource = (id: number) => http.get<ResourceEdit>(`${RES}/get/`, { params: { id } });
/** GET /resource/api/v1.resource/mine/ */
export const fetchMine = (q: MineQuery) => http.get<Page<ResourceView>>(`${RES}/mine/`, { params: q });
/** POST /resource/api/v1.resource/release/ */
export const releaseResource = (id: number) => http.post<null>(`${RES}/release/`, { id });
/** POST /resource/api/v1.resource/withdraw/ */
export const withdrawResource = (id: number) => http.post<null>(`${RES}/withdraw/`, { id });
/** POST /resource/api/v1.resource/delete/ */
export const deleteResource = (id: number) => http.post<null>(`${RES}/delete/`, { id });
/** GET /resource/api/v1.resource/records/ */
export const fetchRecords = (q: RecordQuery) => http.get<Page<RecordRow>>(`${RES}/records/`, { params: q });

/** GET /resource/api/v1.resourceLink/list/ */
export const fetchLinks = (q: LinkListQuery) => http.get<Page<LinkRow>>(`${LINK}/list/`, { params: q });
/** POST /resource/api/v1.resourceLink/create/ */
export const createLink = (b: LinkCreateBody) => http.post<LinkCreated>(`${LINK}/create/`, b);
/** POST /resource/api/v1.resourceLink/revoke/ */
export const revokeLink = (id: number) => http.post<null>(`${LINK}/revoke/`, { id });

/** GET /resource/api/v1.resourceStats/report/ */
export const fetchStats = (q: StatsQuery) => http.get<StatsAnswer>(`${STATS}/report/`, { params: q });
/** GET /resource/api/v1.resourceStats/export/ (blob) */
export const exportStats = (q: ExportQuery) =>
  http.get<Blob>(`${STATS}/export/`, { params: q, responseType: 'blob', slow: true });

/** GET /resource/api/v1.share/info/ (no sign-in) */
export const fetchShareInfo = (token: string) =>
  http.get<ShareInfo>(`${SHARE}/info/`, { params: { token }, silent: true });
/** POST /resource/api/v1.share/open/ (no sign-in) */
export const openShare = (token: string, password: string) =>
  http.post<OpenAnswer>(`${SHARE}/open/`, { token, password }, { silent: true });
