import { http } from '@/core/http';
import type {
  AssignBody,
  CareBody,
  CareRow,
  Page,
  RequestBody,
  RuleList,
  ParamSpec,
  VisitBody,
  WarningDetail,
  WarningListQuery,
  WarningRow,
} from './contract';

const W = '/warning/api/v1.warning';
const T = '/warning/api/v1.warningTask';

export interface VisitRow {
  id: number;
  studentNo: string;
  studentName: string;
  collegeName: string | null;
  visitorName: string;
  place: string;
  content: string;
  visitedAt: number;
  warningId: number | null;
}
export interface LeaveRow {
  id: number;
  instanceId: number;
  studentNo: string;
  studentName: string;
  collegeName: string | null;
  startDate: string;
  endDate: string;
  kind: string;
  approvedAt: number;
}
export interface GateRow {
  at: number;
  direction: string;
  building: number;
  gate: number;
  method: string;
}
export interface AssignedRow {
  id: number;
  list: RuleList;
  studentNo: string;
  studentName: string;
  collegeName: string;
  period: string;
  reason: string;
  status: string;
  detectedAt: number;
}
export interface FollowRow {
  id: number;
  studentNo: string;
  studentName: string;
  collegeName: string | null;
  reason: string;
  status: string;
  createdAt: number;
}
export interface RequestRow {
  id: number;
  kind: string;
  refId: number;
  studentNo: string;
  studentName: string;
  authorId: number;
  authorName: string;
  departmentName: string | null;
  departmentId: number | null;
  approverId: number | null;
  /** 不再关注: its workflow instance, and the caller's pending approval task on it (null: nothing to decide). */
  instanceId: number | null;
  taskId: number | null;
  content: string;
  status: string;
  reply: string;
  replierName: string;
  createdAt: number;
  decidedAt: number | null;
}
export type { CareRow };

/** GET /warning/api/v1.warning/list/ */
export const fetchWarnings = (q: WarningListQuery) => http.get<Page<WarningRow>>(`${W}/list/`, { params: q });
/** GET /warning/api/v1.warning/detail/ */
export const fetchWarning = (id: number) => http.get<WarningDetail>(`${W}/detail/`, { params: { id } });
/** GET /warning/api/v1.warning/rule/ */
export const fetchRule = (list: RuleList) =>
  http.get<{ list: RuleList; params: Record<string, number>; specs: ParamSpec[] }>(`${W}/rule/`, { params: { list } });
/** POST /warning/api/v1.warning/rule/save/ (JSON: a settings document) */
export const saveRule = (list: RuleList, params: Record<string, number>) =>
  http.post<null>(`${W}/rule/save/`, { list, params }, { json: true });
/** POST /warning/api/v1.warning/recompute/ */
export const recompute = () => http.post<null>(`${W}/recompute/`, {});
/** POST /warning/api/v1.warning/care/ */
export const recordCare = (b: CareBody) => http.post<null>(`${W}/care/`, b);
/** GET /warning/api/v1.warning/assignees/ */
export const fetchAssignees = (id: number) =>
  http.get<{ id: number; realName: string; userNo: string }[]>(`${W}/assignees/`, { params: { id } });
/** POST /warning/api/v1.warning/assign/ */
export const assignWarning = (b: AssignBody) => http.post<null>(`${W}/assign/`, b);
/** GET /warning/api/v1.warning/visits/ */
export const fetchVisits = (q: { page: number; pageSize: number; keyword?: string }) =>
  http.get<Page<VisitRow>>(`${W}/visits/`, { params: q });
/** POST /warning/api/v1.warning/visit/ */
export const recordVisit = (b: VisitBody) => http.post<null>(`${W}/visit/`, b);
/** GET /warning/api/v1.warning/leaves/ */
export const fetchLeaves = (q: { page: number; pageSize: number; keyword?: string }) =>
  http.get<Page<LeaveRow>>(`${W}/leaves/`, { params: q });
/** GET /warning/api/v1.warning/dormHistory/ */
export const fetchDormHistory = (q: { studentNo: string; page: number; pageSize: number }) =>
  http.get<Page<GateRow> & { student: string }>(`${W}/dormHistory/`, { params: q });

/** GET /warning/api/v1.warningTask/assigned/ */
export const fetchAssigned = (q: { page: number; pageSize: number; status?: string }) =>
  http.get<Page<AssignedRow>>(`${T}/assigned/`, { params: q });
/** GET /warning/api/v1.warningTask/follows/ */
export const fetchFollows = (q: { page: number; pageSize: number }) =>
  http.get<Page<FollowRow>>(`${T}/follows/`, { params: q });
/** POST /warning/api/v1.warningTask/follow/ */
export const followStudent = (b: { studentNo: string; reason: string }) => http.post<{ id: number }>(`${T}/follow/`, b);
/** GET /warning/api/v1.warningTask/requests/ */
export const fetchRequests = (q: { kind: string; source: string; page: number; pageSize: number }) =>
  http.get<Page<RequestRow>>(`${T}/requests/`, { params: q });
/** POST /warning/api/v1.warningTask/request/ */
export const createRequest = (b: RequestBody) => http.post<{ id: number }>(`${T}/request/`, b);
/** POST /warning/api/v1.warningTask/unfollow/ */
export const requestUnfollow = (b: { source: string; refId: number; reason: string }) =>
  http.post<{ id: number }>(`${T}/unfollow/`, b);
/** POST /warning/api/v1.warningTask/decide/ */
export const decideUnfollow = (b: { id: number; approve: boolean; comment?: string }) =>
  http.post<null>(`${T}/decide/`, b);
/** POST /warning/api/v1.warningTask/reply/ */
export const replyRequest = (b: { id: number; reply: string }) => http.post<null>(`${T}/reply/`, b);
/** GET /warning/api/v1.warningTask/departments/ */
export const fetchDepartments = () => http.get<{ id: number; name: string; kind: string }[]>(`${T}/departments/`);
