import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  ApproveBody,
  ApproveItem,
  ApproveListQuery,
  ApproveRecordView,
  CollabProgress,
  FillAnswer,
  FillBody,
  FillView,
  MineItem,
  MineQuery,
  PersonOption,
  ProcessOption,
  ProgressItem,
  ProgressQuery,
  PublishPreview,
  RecordsQuery,
  RecordState,
  RejectBody,
  RemindBody,
  TargetTable,
  TaskDetail,
  TaskListItem,
  TaskListQuery,
  TaskSaveBody,
} from './contract';

const TASK = '/data/api/v1.acquisition';
const FILL = '/data/api/v1.acquisitionFill';
const APPROVE = '/data/api/v1.fillApprove';

/** GET /data/api/v1.acquisition/list/ */
export const listTasks = (q: TaskListQuery) => http.get<Page<TaskListItem>>(`${TASK}/list/`, { params: q });
/** GET /data/api/v1.acquisition/detail/ */
export const getTask = (id: number) => http.get<TaskDetail>(`${TASK}/detail/`, { params: { id } });
/** POST /data/api/v1.acquisition/save/ (JSON) */
export const saveTask = (b: TaskSaveBody) => http.post<{ id: number }>(`${TASK}/save/`, b, { json: true });
/** GET /data/api/v1.acquisition/preview/ */
export const previewTask = (id: number) => http.get<PublishPreview>(`${TASK}/preview/`, { params: { id } });
/** POST /data/api/v1.acquisition/publish/ */
export const publishTask = (id: number) => http.post<{ records: number; people: number }>(`${TASK}/publish/`, { id });
/** POST /data/api/v1.acquisition/close/ */
export const closeTask = (id: number) => http.post<null>(`${TASK}/close/`, { id });
/** POST /data/api/v1.acquisition/delete/ */
export const deleteTask = (id: number) => http.post<null>(`${TASK}/delete/`, { id });
/** GET /data/api/v1.acquisition/progress/ */
export const listProgress = (q: ProgressQuery) => http.get<Page<ProgressItem>>(`${TASK}/progress/`, { params: q });
/** GET /data/api/v1.acquisition/collab/ */
export const getCollab = (id: number, page: number, pageSize: number) =>
  http.get<CollabProgress>(`${TASK}/collab/`, { params: { id, page, pageSize } });
/** POST /data/api/v1.acquisition/remind/ (JSON) */
export const remind = (b: RemindBody) => http.post<{ people: number }>(`${TASK}/remind/`, b, { json: true });
/** GET /data/api/v1.acquisition/export/ (xlsx, streamed) */
export const exportProgress = (q: Omit<ProgressQuery, 'page' | 'pageSize'>) =>
  http.get<Blob>(`${TASK}/export/`, { params: q, responseType: 'blob', slow: true });
/** GET /data/api/v1.acquisition/people/ */
export const searchPeople = (q: { keyword?: string; ids?: string }) =>
  http.get<PersonOption[]>(`${TASK}/people/`, { params: q });
/** GET /data/api/v1.acquisition/table/ */
export const getTargetTable = (id: number) => http.get<TargetTable>(`${TASK}/table/`, { params: { id } });
/** GET /data/api/v1.acquisition/processes/ */
export const listProcesses = (formId: number) =>
  http.get<ProcessOption[]>(`${TASK}/processes/`, { params: { formId } });

/** GET /data/api/v1.acquisitionFill/mine/ */
export const listMine = (q: MineQuery) => http.get<Page<MineItem>>(`${FILL}/mine/`, { params: q });
/** GET /data/api/v1.acquisitionFill/open/ */
export const openFill = (assignmentId: number) => http.get<FillView>(`${FILL}/open/`, { params: { assignmentId } });
/** POST /data/api/v1.acquisitionFill/save/ (JSON) */
export const saveFill = (b: FillBody) => http.post<FillAnswer>(`${FILL}/save/`, b, { json: true });
/** POST /data/api/v1.acquisitionFill/submit/ (JSON) */
export const submitFill = (b: FillBody) => http.post<FillAnswer>(`${FILL}/submit/`, b, { json: true });
/** GET /data/api/v1.acquisitionFill/records/ */
export const listRecords = (q: RecordsQuery & { state?: RecordState }) =>
  http.get<Page<MineItem>>(`${FILL}/records/`, { params: q });

/** GET /data/api/v1.fillApprove/fills/ — 填报审批 */
export const listFillsToApprove = (q: ApproveListQuery) =>
  http.get<Page<ApproveItem>>(`${APPROVE}/fills/`, { params: q });
/** GET /data/api/v1.fillApprove/writes/ — 入库审批 */
export const listWritesToApprove = (q: ApproveListQuery) =>
  http.get<Page<ApproveItem>>(`${APPROVE}/writes/`, { params: q });
/** GET /data/api/v1.fillApprove/record/ */
export const getApproveRecord = (id: number) => http.get<ApproveRecordView>(`${APPROVE}/record/`, { params: { id } });
/** POST /data/api/v1.fillApprove/approve/ (JSON) */
export const approveRecord = (b: ApproveBody) => http.post<{ state: RecordState }>(`${APPROVE}/approve/`, b);
/** POST /data/api/v1.fillApprove/reject/ (JSON) */
export const rejectRecord = (b: RejectBody) => http.post<{ state: RecordState }>(`${APPROVE}/reject/`, b);
