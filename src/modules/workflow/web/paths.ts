import type { TaskListItem, TaskListType } from '../contract';

/** Approval-centre links (one place, so no page types a URL by hand). */
export const workBenchPath = (type?: TaskListType) => `/web/taskCenter/taskWorkBench${type ? `?type=${type}` : ''}`;
export const approvalByTask = (taskId: number) => `/web/taskCenter/taskApproval?taskId=${taskId}`;
export const approvalByInstance = (instanceId: number) => `/web/taskCenter/taskApproval?instanceId=${instanceId}`;
export const applyForEditPath = (instanceId: number) => `/web/taskCenter/applyForEdit?instanceId=${instanceId}`;
export const formWritePath = (formId: number) => `/web/taskCenter/taskFormWrite?formId=${formId}`;
export const recordPath = (token: string) => `/web/taskCenter/taskHistoricalRecord?token=${encodeURIComponent(token)}`;

/** A pending task opens as the task (its actions); every other row opens the instance. */
export const rowLink = (type: TaskListType, row: TaskListItem) =>
  type === 'dsp' && row.taskId ? approvalByTask(row.taskId) : approvalByInstance(row.instanceId);
