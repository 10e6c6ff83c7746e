import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  SyncDetail,
  SyncEnableBody,
  SyncFields,
  SyncFieldsQuery,
  SyncListItem,
  SyncListQuery,
  SyncRunListQuery,
  SyncRunRow,
  SyncSaveBody,
  WriteBackConfig,
  WriteBackSaveBody,
} from './contract';

const SYNC = '/data/api/v1.sync';
const RUN = '/data/api/v1.syncRun';

/** GET /data/api/v1.sync/list/ */
export const listSyncs = (q: SyncListQuery) => http.get<Page<SyncListItem>>(`${SYNC}/list/`, { params: q });

/** GET /data/api/v1.sync/detail/ */
export const getSync = (id: number) => http.get<SyncDetail>(`${SYNC}/detail/`, { params: { id } });

/** GET /data/api/v1.sync/fields/: dataset and data table fields for the mapping. */
export const getSyncFields = (q: SyncFieldsQuery) => http.get<SyncFields>(`${SYNC}/fields/`, { params: q });

/** POST /data/api/v1.sync/create/ (JSON) */
export const createSync = (body: SyncSaveBody) => http.post<{ id: number }>(`${SYNC}/create/`, body, { json: true });

/** POST /data/api/v1.sync/update/ (JSON) */
export const updateSync = (body: SyncSaveBody) => http.post<{ id: number }>(`${SYNC}/update/`, body, { json: true });

/** POST /data/api/v1.sync/delete/ */
export const deleteSync = (id: number) => http.post<null>(`${SYNC}/delete/`, { id });

/** POST /data/api/v1.sync/enable/ */
export const enableSync = (body: SyncEnableBody) => http.post<null>(`${SYNC}/enable/`, body);

/** POST /data/api/v1.sync/run/: 立即同步; 0x00000632 when a run is already queued or running. */
/** GET/POST writeBack/: 一表通 write-back settings of a sync (null = off). */
export const getWriteBack = (id: number) => http.get<WriteBackConfig | null>(`${SYNC}/writeBack/`, { params: { id } });
export const saveWriteBack = (body: WriteBackSaveBody) => http.post<null>(`${SYNC}/writeBack/`, body, { json: true });
export const runSync = (id: number) => http.post<{ runId: number }>(`${SYNC}/run/`, { id });

/** GET /data/api/v1.syncRun/list/ */
export const listSyncRuns = (q: SyncRunListQuery) => http.get<Page<SyncRunRow>>(`${RUN}/list/`, { params: q });

/** POST /data/api/v1.syncRun/cancel/ */
export const cancelSyncRun = (id: number) => http.post<null>(`${RUN}/cancel/`, { id });
