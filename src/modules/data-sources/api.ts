import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  DataSourceCreateBody,
  DataSourceItem,
  DataSourceListQuery,
  DataSourceOption,
  DataSourceTestBody,
  DataSourceTestResult,
  DataSourceUpdateBody,
  DatasetCreateBody,
  DatasetDetectBody,
  DatasetField,
  DatasetItem,
  DatasetListQuery,
  DatasetOption,
  DatasetOptionsQuery,
  DatasetPreview,
  DatasetPreviewBody,
  DatasetUpdateBody,
} from './contract';

const SOURCE = '/data/api/v1.dataSource';
const DATASET = '/data/api/v1.dataset';

/** GET /data/api/v1.dataSource/list/ */
export const listDataSources = (q: DataSourceListQuery) =>
  http.get<Page<DataSourceItem>>(`${SOURCE}/list/`, { params: q });

/** Every source's id, name and kind (pickers). GET /data/api/v1.dataSource/options/ */
export const listDataSourceOptions = () => http.get<DataSourceOption[]>(`${SOURCE}/options/`);

/** GET /data/api/v1.dataSource/detail/ */
export const getDataSource = (id: number) => http.get<DataSourceItem>(`${SOURCE}/detail/`, { params: { id } });

/** POST /data/api/v1.dataSource/create/ */
export const createDataSource = (b: DataSourceCreateBody) =>
  http.post<DataSourceItem>(`${SOURCE}/create/`, b, { json: true });

/** No secret: the stored one is kept. POST /data/api/v1.dataSource/update/ */
export const updateDataSource = (b: DataSourceUpdateBody) =>
  http.post<DataSourceItem>(`${SOURCE}/update/`, b, { json: true });

/** Refused while datasets use it. POST /data/api/v1.dataSource/delete/ */
export const deleteDataSource = (id: number) => http.post<null>(`${SOURCE}/delete/`, { id });

/** 测试连接: a saved source or the settings being edited. POST /data/api/v1.dataSource/test/ */
export const testDataSource = (b: DataSourceTestBody) =>
  http.post<DataSourceTestResult>(`${SOURCE}/test/`, b, { json: true, slow: true });

/** Tables and views of a database source. GET /data/api/v1.dataSource/tables/ */
export const dataSourceTables = (id: number) => http.get<string[]>(`${SOURCE}/tables/`, { params: { id }, slow: true });

/** GET /data/api/v1.dataset/list/ */
export const listDatasets = (q: DatasetListQuery) => http.get<Page<DatasetItem>>(`${DATASET}/list/`, { params: q });

/** Datasets for pickers (at most 200, by name). GET /data/api/v1.dataset/options/ */
export const listDatasetOptions = (q: DatasetOptionsQuery = {}) =>
  http.get<DatasetOption[]>(`${DATASET}/options/`, { params: q });

/** GET /data/api/v1.dataset/detail/ */
export const getDataset = (id: number) => http.get<DatasetItem>(`${DATASET}/detail/`, { params: { id } });

/** 识别字段. POST /data/api/v1.dataset/detect/ */
export const detectDatasetFields = (b: DatasetDetectBody) =>
  http.post<DatasetField[]>(`${DATASET}/detect/`, b, { json: true, slow: true });

/** POST /data/api/v1.dataset/create/ */
export const createDataset = (b: DatasetCreateBody) =>
  http.post<DatasetItem>(`${DATASET}/create/`, b, { json: true, slow: true });

/** POST /data/api/v1.dataset/update/ */
export const updateDataset = (b: DatasetUpdateBody) =>
  http.post<DatasetItem>(`${DATASET}/update/`, b, { json: true, slow: true });

/** Refused while a sync uses it. POST /data/api/v1.dataset/delete/ */
export const deleteDataset = (id: number) => http.post<null>(`${DATASET}/delete/`, { id });

/** The first rows (sensitive fields masked unless reveal). POST /data/api/v1.dataset/preview/ */
export const previewDataset = (b: DatasetPreviewBody) =>
  http.post<DatasetPreview>(`${DATASET}/preview/`, b, { json: true, slow: true });
