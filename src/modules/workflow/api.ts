import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type { FileRef } from '@/shared/forms/schema';
import type {
  AddSignerBody,
  ApplyEditBody,
  ApproveBody,
  BatchApproveAnswer,
  CommentBody,
  DelegationBody,
  DelegationItem,
  DelegationListQuery,
  DelegationUpdateBody,
  InstanceView,
  MonitorItem,
  MonitorQuery,
  ProcessCreateBody,
  ProcessDetail,
  ProcessListItem,
  ProcessListQuery,
  ProcessSaveBody,
  ProcessVersionInfo,
  PublicRecord,
  StartableProcess,
  StartableQuery,
  ReassignBody,
  RejectBody,
  ResubmitBody,
  TaskCounts,
  TaskListItem,
  TaskListQuery,
  TaskView,
  TransferBody,
} from './contract';

const P = '/workflow/api/v1.process';
const T = '/workflow/api/v1.task';
const I = '/workflow/api/v1.instance';
const M = '/workflow/api/v1.monitor';
const D = '/workflow/api/v1.delegation';

// --- process definitions (administrators) ---
export const listProcesses = (q: ProcessListQuery) => http.get<Page<ProcessListItem>>(`${P}/list/`, { params: q });
export const getProcess = (id: number) => http.get<ProcessDetail>(`${P}/detail/`, { params: { id } });
export const processVersions = (id: number) => http.get<ProcessVersionInfo[]>(`${P}/versions/`, { params: { id } });
export const createProcess = (body: ProcessCreateBody) =>
  http.post<{ id: number }>(`${P}/create/`, body, { json: true });
/** A document the checker refuses answers 0x00000101 with data.messages. */
export const saveProcess = (body: ProcessSaveBody) =>
  http.post<{ updatedAt: number; problems: string[] }>(`${P}/save/`, body, { json: true });
export const publishProcess = (id: number) => http.post<{ version: number }>(`${P}/publish/`, { id });
export const disableProcess = (id: number) => http.post<null>(`${P}/disable/`, { id });
export const enableProcess = (id: number) => http.post<null>(`${P}/enable/`, { id });

// --- approval centre ---
export const listTasks = (q: TaskListQuery) => http.get<Page<TaskListItem>>(`${T}/list/`, { params: q });
export const taskCounts = () => http.get<TaskCounts>(`${T}/counts/`);
export const getTask = (taskId: number) => http.get<TaskView>(`${T}/detail/`, { params: { taskId } });
/** 0x00000410 (409): another approver handled it first. */
export const approveTask = (body: ApproveBody) => http.post<null>(`${T}/approve/`, body, { json: true });
export const rejectTask = (body: RejectBody) => http.post<null>(`${T}/reject/`, body);
export const transferTask = (body: TransferBody) => http.post<null>(`${T}/transfer/`, body);
export const addSigner = (body: AddSignerBody) => http.post<null>(`${T}/addSigner/`, body, { json: true });
export const batchApprove = (taskIds: number[], comment?: string) =>
  http.post<BatchApproveAnswer>(`${T}/batchApprove/`, { taskIds, comment }, { json: true });

/** taskProcessServices: processes the caller may start (their forms open with formFill/open). */
export const startableProcesses = (q: StartableQuery) =>
  http.get<Page<StartableProcess>>(`${P}/startable/`, { params: q });
export const startInstance = (submissionId: number) =>
  http.post<{ instanceId: number }>(`${I}/start/`, { submissionId });
export const getInstance = (instanceId: number) => http.get<InstanceView>(`${I}/detail/`, { params: { instanceId } });
export const withdrawInstance = (instanceId: number) => http.post<null>(`${I}/withdraw/`, { instanceId });
export const resubmitInstance = (body: ResubmitBody) => http.post<null>(`${I}/resubmit/`, body, { json: true });
export const urgeInstance = (instanceId: number) => http.post<null>(`${I}/urge/`, { instanceId });
export const commentInstance = (body: CommentBody) => http.post<null>(`${I}/comment/`, body, { json: true });
export const applyForEdit = (body: ApplyEditBody) =>
  http.post<{ instanceId: number }>(`${I}/applyForEdit/`, body, { json: true });
export const instanceRevisions = (instanceId: number) =>
  http.get<{ revision: number; values: Record<string, unknown>; reason: string; createdAt: number }[]>(
    `${I}/revisions/`,
    { params: { instanceId } },
  );
/** The form record's attachments for approvers and copy recipients: instanceFileUrl(instanceId, fileId) in contract.ts. */
/** The upload URL for a comment attachment (multipart `file`). */
export const commentUploadUrl = (instanceId: number) => `${I}/upload/?instanceId=${instanceId}`;
/** POST /workflow/api/v1.instance/upload/?instanceId= (multipart `file`): a comment attachment of a participant. */
export const uploadCommentFile = (instanceId: number, file: Blob, fileName?: string) => {
  const form = new FormData();
  form.append('file', file, fileName ?? (file instanceof File ? file.name : 'file'));
  return http.post<{ id: string; name: string; size: number; url: string }>(`${I}/upload/`, form, {
    params: { instanceId },
    slow: true,
  });
};
/** POST /workflow/api/v1.task/upload/?taskId=&field= (multipart `file`): an approver's file for a field the node may edit. */
export const uploadTaskFile = (taskId: number, field: string, file: Blob) => {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'file');
  return http.post<FileRef>(`${T}/upload/`, form, { params: { taskId, field }, slow: true });
};
export const publicRecord = (token: string) =>
  http.get<PublicRecord>('/workflow/api/v1.record/', { params: { token } });

// --- back office ---
export const monitorList = (q: MonitorQuery) => http.get<Page<MonitorItem>>(`${M}/list/`, { params: q });
export const monitorDetail = (instanceId: number) => http.get<InstanceView>(`${M}/detail/`, { params: { instanceId } });
export const reassignTask = (body: ReassignBody) => http.post<null>(`${M}/reassign/`, body);
export const terminateInstance = (instanceId: number, reason: string) =>
  http.post<null>(`${M}/terminate/`, { instanceId, reason });
export const listDelegations = (q: DelegationListQuery) => http.get<Page<DelegationItem>>(`${D}/list/`, { params: q });
export const createDelegation = (body: DelegationBody) => http.post<{ id: number }>(`${D}/create/`, body);
export const updateDelegation = (body: DelegationUpdateBody) => http.post<null>(`${D}/update/`, body);
export const deleteDelegation = (id: number) => http.post<null>(`${D}/delete/`, { id });

// --- other modules' reads the back-office pages use (so workflow pages import only this file) ---
/** Forms to bind (GET /workflow/api/v1.form/list/), a form's draft (…/detail/) and a version's schema (…/version/). */
export { listForms, getForm, getFormVersion } from '@/modules/forms/api';
/** Editing a returned or approved record: uploads (POST …formFill/upload/) and the pickers (GET …formFill/users/, …/departments/). */
export { uploadFormFile, pickUsers, pickDepartments } from '@/modules/forms/api';
/** The user picker (POST /user/api/v1.user/getUserList/) and roles (POST /user/api/v1.role/getRoleGroup/). */
export { getUserList, getRoles } from '@/modules/organization/api';
