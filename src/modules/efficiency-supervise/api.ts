import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  EscalateAnswer,
  EscalateBody,
  ExportQuery,
  GroupQuery,
  GroupRow,
  Overview,
  OverviewQuery,
  SuperviseScope,
  SupervisedTaskItem,
  TaskQuery,
  TrendPoint,
  TrendQuery,
} from './contract';

const S = '/workflow/api/v1.supervise';

/** GET /workflow/api/v1.supervise/scope/ — all departments or the reader's own; the processes. */
export const fetchScope = () => http.get<SuperviseScope>(`${S}/scope/`);
/** GET /workflow/api/v1.supervise/overview/ */
export const fetchOverview = (q: OverviewQuery) => http.get<Overview>(`${S}/overview/`, { params: q });
/** GET /workflow/api/v1.supervise/tasks/ */
export const fetchTasks = (q: TaskQuery) => http.get<Page<SupervisedTaskItem>>(`${S}/tasks/`, { params: q });
/** GET /workflow/api/v1.supervise/groups/ */
export const fetchGroups = (q: GroupQuery) => http.get<GroupRow[]>(`${S}/groups/`, { params: q });
/** GET /workflow/api/v1.supervise/trend/ */
export const fetchTrend = (q: TrendQuery) => http.get<TrendPoint[]>(`${S}/trend/`, { params: q });
/** POST /workflow/api/v1.supervise/urge/ */
export const urgeTask = (taskId: number) => http.post<null>(`${S}/urge/`, { taskId });
/** POST /workflow/api/v1.supervise/escalate/ */
export const escalateTask = (b: EscalateBody) => http.post<EscalateAnswer>(`${S}/escalate/`, b);
/** GET /workflow/api/v1.supervise/export/ (.xlsx) */
export const exportTasks = (q: ExportQuery) =>
  http.get<Blob>(`${S}/export/`, { params: q, responseType: 'blob', slow: true });
