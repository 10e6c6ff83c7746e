import { leaveSchema } from '@/modules/forms/testing';
import type { InstanceView, ProcessDefinition, TaskListItem, TaskView } from '@/modules/workflow/contract';

/** Test data of the approval-centre pages: the demo's leave process in the middle of its run. */
export const LEAVE_PROCESS: ProcessDefinition = {
  format: 1,
  nodes: [
    { id: 'start', type: 'start', name: '发起' },
    { id: 'counsellor', type: 'approval', name: '辅导员审批', signMode: 'any', batchApprove: true },
    { id: 'college', type: 'approval', name: '学院审批', signMode: 'all' },
    { id: 'dorm', type: 'copy', name: '抄送宿管办' },
    { id: 'end', type: 'end', name: '结束' },
  ],
  edges: [
    { from: 'start', to: 'counsellor' },
    { from: 'counsellor', to: 'college' },
    { from: 'college', to: 'dorm' },
    { from: 'dorm', to: 'end' },
  ],
};

const T0 = Date.UTC(2026, 2, 1, 1, 0, 0);

export function instanceView(patch: Partial<InstanceView> = {}): InstanceView {
  return {
    id: 40,
    processId: 2,
    processName: '学生请假审批',
    version: 1,
    formId: 12,
    submissionId: 5,
    kind: 'normal',
    title: '张三的请假申请',
    applicant: { id: 7, name: '张三' },
    status: 'running',
    currentNodes: ['college'],
    startedAt: T0,
    endedAt: null,
    definition: LEAVE_PROCESS,
    schema: leaveSchema,
    values: { name: '张三', kind: 'personal', reason: '回家', days: 2 },
    diff: null,
    tasks: [
      {
        id: 90,
        nodeId: 'counsellor',
        nodeName: '辅导员审批',
        assigneeId: 3,
        assigneeName: '李老师',
        status: 'approved',
        createdAt: T0,
        handledAt: T0 + 3600_000,
        dueAt: null,
        remindersSent: 0,
      },
      {
        id: 91,
        nodeId: 'college',
        nodeName: '学院审批',
        assigneeId: 4,
        assigneeName: '王院长',
        status: 'pending',
        createdAt: T0 + 3600_000,
        handledAt: null,
        dueAt: null,
        remindersSent: 0,
      },
    ],
    history: [
      {
        id: 1,
        nodeId: 'start',
        nodeName: '发起',
        actorId: 7,
        actorName: '张三',
        action: 'submit',
        comment: '',
        attachments: [],
        at: T0,
      },
      {
        id: 2,
        nodeId: 'counsellor',
        nodeName: '辅导员审批',
        actorId: 3,
        actorName: '李老师',
        action: 'approve',
        comment: '同意，注意安全',
        attachments: [{ id: 'f1', name: '说明.pdf', url: '/files/f1' }],
        at: T0 + 3600_000,
      },
    ],
    recordToken: null,
    canWithdraw: false,
    canResubmit: false,
    canUrge: false,
    canApplyEdit: false,
    ...patch,
  };
}

export function taskView(patch: Partial<TaskView> = {}): TaskView {
  return {
    ...instanceView(),
    task: {
      id: 91,
      nodeId: 'college',
      nodeName: '学院审批',
      assigneeId: 4,
      assigneeName: '王院长',
      status: 'pending',
      createdAt: T0 + 3600_000,
      handledAt: null,
      dueAt: null,
      remindersSent: 0,
      batchApprove: false,
    },
    permissions: { name: 'readOnly', kind: 'readOnly', reason: 'editable', days: 'readOnly' },
    rejectTargets: [{ id: 'counsellor', name: '辅导员审批' }],
    picksFor: [],
    vote: null,
    ...patch,
  };
}

export function taskRow(patch: Partial<TaskListItem> = {}): TaskListItem {
  return {
    id: 91,
    instanceId: 40,
    taskId: 91,
    title: '张三的请假申请',
    formId: 12,
    applicantName: '张三',
    nodeName: '学院审批',
    taskStatus: 'pending',
    instanceStatus: 'running',
    kind: 'normal',
    createdAt: T0,
    handledAt: null,
    dueAt: null,
    overdue: false,
    batchApprove: true,
    ...patch,
  };
}
