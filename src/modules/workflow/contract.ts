import { Type, type Static } from 'typebox';
import { EmojiFreeText } from '@/shared/emoji-free';
import { PageFields } from '@/shared/paging';
import { RuleCondition, type FormSchema, type FormValues } from '@/shared/forms/schema';
import { MAX_ID } from '@/shared/ids';
import { Nullable, StringEnum } from '@/shared/response-schema';

/**
 * The workflow engine's calls (issue 6), shared by the server's route schemas and the client's api.ts.
 * Paths: processes `/workflow/api/v1.process/*` (admin); tasks `/workflow/api/v1.task/*`;
 * instances `/workflow/api/v1.instance/*`; monitor and delegation `/workflow/api/v1.monitor/*`,
 * `/workflow/api/v1.delegation/*` (admin); the public record `/workflow/api/v1.record/`.
 */

/** In-app paths the messages link to (shared: the phone pages turn them into their own). */
export { instanceLink, taskLink, taskSubject } from '@/shared/approval-links';

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const NodeId = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,39}$' });
const Comment = EmojiFreeText({ maxLength: 1000 });

// --- the process document -----------------------------------------------------------------------

export const NODE_TYPES = ['start', 'approval', 'copy', 'condition', 'parallel', 'join', 'timer', 'end'] as const;
export type NodeType = (typeof NODE_TYPES)[number];
export const NODE_TYPE_LABELS: Record<NodeType, string> = {
  start: '开始',
  approval: '审批',
  copy: '抄送',
  condition: '条件分支',
  parallel: '并行分支',
  join: '汇合',
  timer: '等待',
  end: '结束',
};

/**
 * Who a node's tasks go to: listed users; holders of a role (by code; with `nearest`, only those in the
 * applicant's department or the nearest department up the tree that has any); the applicant's department
 * leaders (the nearest department up the tree that has any); the leaders of `levels` departments up
 * the tree, nearest first; the user the applicant picked in a user field of the form (`fieldId`);
 * the users the approver of an earlier node (`nodeId`) chose when approving.
 */
export const Assignee = Type.Union([
  Type.Object({ kind: Type.Literal('users'), userIds: Type.Array(Id, { minItems: 1, maxItems: 50 }) }),
  Type.Object({
    kind: Type.Literal('role'),
    roleCode: Type.String({ minLength: 1, maxLength: 40 }),
    nearest: Type.Optional(Type.Boolean()),
  }),
  Type.Object({ kind: Type.Literal('deptLeader') }),
  Type.Object({ kind: Type.Literal('leaderChain'), levels: Type.Integer({ minimum: 1, maximum: 10 }) }),
  Type.Object({ kind: Type.Literal('applicantPick'), fieldId: Type.String({ minLength: 1, maxLength: 40 }) }),
  Type.Object({ kind: Type.Literal('nodePick'), nodeId: NodeId }),
  /** The applicant themself (e.g. 销假 after the leave: a task back to the student). */
  Type.Object({ kind: Type.Literal('applicant') }),
]);
export type Assignee = Static<typeof Assignee>;

export const SIGN_MODES = ['any', 'all', 'sequential', 'vote'] as const;
export type SignMode = (typeof SIGN_MODES)[number];
export const SIGN_MODE_LABELS: Record<SignMode, string> = {
  any: '或签（一人同意即可）',
  all: '会签（全部同意）',
  sequential: '依次审批',
  vote: '投票（同意达到比例即通过）',
};

/** A vote node passes once this share of its approvers agree (e.g. 2/3 of a scholarship committee). */
export const VoteRatio = Type.Object({
  agree: Type.Integer({ minimum: 1, maximum: 100 }),
  of: Type.Integer({ minimum: 1, maximum: 100 }),
});
export type VoteRatio = Static<typeof VoteRatio>;
/** The ratio the designer proposes for a new vote node. */
export const DEFAULT_VOTE_RATIO: VoteRatio = { agree: 2, of: 3 };

/** Agreeing votes a vote node of `voters` approvers needs: at least the ratio of them (2/3 of 3 is 2, of 7 is 5). */
export function votesNeeded(voters: number, ratio: VoteRatio): number {
  // Integer arithmetic: 2/3 of 6 is exactly 4, not 4.000…1 rounded up to 5.
  return Math.min(voters, Math.max(1, Math.ceil((voters * ratio.agree) / ratio.of - 1e-9)));
}

/**
 * What happens once an approval node's time limit (`timeLimitHours`, calendar hours like every due
 * time here) is passed by `graceHours`: nothing (today's behaviour), 自动同意, 自动退回 (to the
 * applicant or to the approval node before, as 退回 does) or 上报上级 (the overdue task moves to
 * the leader of the assignee's department). Run by the `workflow.time-limits` job.
 */
export const TIMEOUT_ACTIONS = ['none', 'approve', 'return', 'escalate'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];
export const TIMEOUT_ACTION_LABELS: Record<TimeoutAction, string> = {
  none: '不处理（仅标记超时）',
  approve: '自动同意',
  return: '自动退回',
  escalate: '上报上级',
};
export const OnTimeout = Type.Object({
  action: Type.Enum(TIMEOUT_ACTIONS),
  /** Hours after the due time the action waits (0: at once). */
  graceHours: Type.Number({ minimum: 0, maximum: 8760 }),
  /** action 'return': back to the applicant (default) or to the approval node before this one. */
  returnTo: Type.Optional(Type.Union([Type.Literal('applicant'), Type.Literal('previous')])),
});
export type OnTimeout = Static<typeof OnTimeout>;

/** Reminders relative to a task's due time: hours before it and hours after it, each sent once. */
export const Reminders = Type.Object({
  beforeHours: Type.Array(Type.Number({ exclusiveMinimum: 0, maximum: 8760 }), { maxItems: 5 }),
  afterHours: Type.Array(Type.Number({ minimum: 0, maximum: 8760 }), { maxItems: 5 }),
});
export type Reminders = Static<typeof Reminders>;

/**
 * A timer node waits, then goes on: until the date in a form field (a date, date-time or the end of
 * a date range; a date alone means the end of that day, Beijing time) plus `offsetHours`, or for a
 * fixed number of hours from when it is reached.
 */
export const TimerSpec = Type.Union([
  Type.Object({
    kind: Type.Literal('field'),
    fieldId: Type.String({ minLength: 1, maxLength: 40 }),
    offsetHours: Type.Optional(Type.Number({ minimum: -8760, maximum: 8760 })),
  }),
  Type.Object({ kind: Type.Literal('duration'), hours: Type.Number({ exclusiveMinimum: 0, maximum: 8760 }) }),
]);
export type TimerSpec = Static<typeof TimerSpec>;

export const NO_ASSIGNEE = ['skip', 'admin', 'refuse'] as const;
export type NoAssignee = (typeof NO_ASSIGNEE)[number];

export const FIELD_PERMISSIONS = ['editable', 'readOnly', 'hidden'] as const;
export type FieldPermission = (typeof FIELD_PERMISSIONS)[number];

export const ConditionBranch = Type.Object({
  id: NodeId,
  name: Type.String({ maxLength: 40 }),
  match: Type.Union([Type.Literal('all'), Type.Literal('any')]),
  conditions: Type.Array(RuleCondition, { minItems: 1, maxItems: 20 }),
});
export type ConditionBranch = Static<typeof ConditionBranch>;

export const ProcessNode = Type.Object({
  id: NodeId,
  type: Type.Enum(NODE_TYPES),
  name: Type.String({ maxLength: 40 }),
  /** approval: who approves; copy: who receives the copy. */
  assignee: Type.Optional(Assignee),
  signMode: Type.Optional(Type.Enum(SIGN_MODES)),
  /** signMode 'vote': the share of agreeing approvers that passes the node. */
  voteRatio: Type.Optional(VoteRatio),
  noAssignee: Type.Optional(Type.Enum(NO_ASSIGNEE)),
  timeLimitHours: Type.Optional(Type.Number({ minimum: 0, maximum: 8760 })),
  /** How the designer shows the limit (hours are stored; a day is 24 calendar hours). */
  timeLimitUnit: Type.Optional(Type.Union([Type.Literal('hours'), Type.Literal('days')])),
  /** approval with a time limit: reminders to the assignee around the due time. */
  reminders: Type.Optional(Reminders),
  /** approval with a time limit: what happens once it is passed (default: nothing). */
  onTimeout: Type.Optional(OnTimeout),
  /** timer: how long it waits. */
  timer: Type.Optional(TimerSpec),
  /** Field id → permission; fields not listed are read-only. */
  fieldPermissions: Type.Optional(Type.Record(Type.String(), Type.Enum(FIELD_PERMISSIONS))),
  /** The task may be approved from the list together with others (batch approve). */
  batchApprove: Type.Optional(Type.Boolean()),
  /** condition: tested in order; the edge labelled 'default' is taken when none holds. */
  branches: Type.Optional(Type.Array(ConditionBranch, { maxItems: 20 })),
  /** join: the parallel node whose branches it waits for. */
  splitId: Type.Optional(NodeId),
  /** Designer position (the flow chart). */
  x: Type.Optional(Type.Number()),
  y: Type.Optional(Type.Number()),
});
export type ProcessNode = Static<typeof ProcessNode>;

export const ProcessEdge = Type.Object({
  from: NodeId,
  to: NodeId,
  /** Edges out of a condition node: a branch id or 'default'. */
  branch: Type.Optional(Type.String({ maxLength: 40 })),
});
export type ProcessEdge = Static<typeof ProcessEdge>;

export const PROCESS_FORMAT = 1;

export const ProcessDefinition = Type.Object({
  format: Type.Literal(PROCESS_FORMAT),
  nodes: Type.Array(ProcessNode, { minItems: 2, maxItems: 200 }),
  edges: Type.Array(ProcessEdge, { maxItems: 400 }),
  /** applyForEdit: the process a change request travels through (default: this one). */
  editProcessId: Type.Optional(Id),
  /** The requests' title rule, e.g. `{申请人}的请假申请（{请假时间}）` (title-template.ts); default `{申请人}的{表单}`. */
  titleTemplate: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ProcessDefinition = Static<typeof ProcessDefinition>;

// --- process administration ---------------------------------------------------------------------

export const PROCESS_STATUSES = ['draft', 'published', 'disabled'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

const ProcessName = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });

export const ProcessListQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  formId: Type.Optional(Id),
});
export type ProcessListQuery = Static<typeof ProcessListQuery>;
export const ProcessIdBody = Type.Object({ id: Id });
export type ProcessIdBody = Static<typeof ProcessIdBody>;
export const ProcessCreateBody = Type.Object({
  name: ProcessName,
  formId: Id,
  definition: Type.Optional(ProcessDefinition),
});
export type ProcessCreateBody = Static<typeof ProcessCreateBody>;
export const ProcessSaveBody = Type.Object({ id: Id, name: ProcessName, definition: ProcessDefinition });
export type ProcessSaveBody = Static<typeof ProcessSaveBody>;

export interface ProcessListItem {
  id: number;
  name: string;
  formId: number;
  formName: string;
  status: ProcessStatus;
  latestVersion: number | null;
  updatedAt: number;
  updatedBy: string;
}
/** GET /workflow/api/v1.process/startable/ (session): what taskProcessServices lists. */
export const StartableQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  category: Type.Optional(Type.String({ maxLength: 30 })),
});
export type StartableQuery = Static<typeof StartableQuery>;
export interface StartableProcess {
  processId: number;
  processName: string;
  formId: number;
  formName: string;
  category: string;
  description: string;
}

export interface ProcessVersionInfo {
  version: number;
  publishedAt: number;
  publishedBy: string;
}
export interface ProcessDetail extends ProcessListItem {
  draft: ProcessDefinition;
  versions: ProcessVersionInfo[];
}

// --- instances and tasks ------------------------------------------------------------------------

export const INSTANCE_STATUSES = ['running', 'returned', 'approved', 'rejected', 'withdrawn', 'terminated'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export const INSTANCE_STATUS_LABELS: Record<InstanceStatus, string> = {
  running: '审批中',
  returned: '已退回',
  approved: '已通过',
  rejected: '未通过',
  withdrawn: '已撤回',
  terminated: '已终止',
};

/** waiting: a later approver of a sequential node, not yet their turn. */
export const TASK_STATUSES = ['pending', 'waiting', 'approved', 'rejected', 'transferred', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const HISTORY_ACTIONS = [
  'submit',
  'approve',
  'reject',
  'return',
  'transfer',
  'addSigner',
  'withdraw',
  'resubmit',
  'urge',
  'comment',
  'copy',
  'skip',
  'reassign',
  'terminate',
  'finish',
  'applyEdit',
  'editApplied',
  'voteAgainst',
  'votePassed',
  'voteFailed',
  'remind',
  'autoApprove',
  'autoReturn',
  'escalate',
  'timeout',
  'timerWait',
  'timerDone',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** Approval centre types (spec §3): pending, launched, dealt, copied to me. */
export const TASK_LIST_TYPES = ['dsp', 'wfq', 'ysp', 'cswd'] as const;
export type TaskListType = (typeof TASK_LIST_TYPES)[number];

export const StartBody = Type.Object({ submissionId: Id });
export type StartBody = Static<typeof StartBody>;

const Values = Type.Record(Type.String(), Type.Unknown());
const AttachmentIds = Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 });

export const ApproveBody = Type.Object({
  taskId: Id,
  comment: Type.Optional(Comment),
  /** Only the node's editable fields. */
  values: Type.Optional(Values),
  /** Users this approver picks for the nodes assigned by 'nodePick' of this node. */
  nextAssignees: Type.Optional(Type.Array(Id, { maxItems: 50 })),
});
export type ApproveBody = Static<typeof ApproveBody>;

/** to: 'applicant' (default) returns the request for editing; 'end' refuses it; a node id sends it back there. */
export const RejectBody = Type.Object({
  taskId: Id,
  comment: Type.Optional(Comment),
  to: Type.Optional(Type.String({ maxLength: 40 })),
});
export type RejectBody = Static<typeof RejectBody>;
export const TransferBody = Type.Object({ taskId: Id, userId: Id, comment: Type.Optional(Comment) });
export type TransferBody = Static<typeof TransferBody>;
export const AddSignerBody = Type.Object({
  taskId: Id,
  userIds: Type.Array(Id, { minItems: 1, maxItems: 20 }),
  comment: Type.Optional(Comment),
});
export type AddSignerBody = Static<typeof AddSignerBody>;
export const BatchApproveBody = Type.Object({
  taskIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
  comment: Type.Optional(Comment),
});
export type BatchApproveBody = Static<typeof BatchApproveBody>;
export const InstanceIdBody = Type.Object({ instanceId: Id, comment: Type.Optional(Comment) });
export type InstanceIdBody = Static<typeof InstanceIdBody>;
export const ResubmitBody = Type.Object({ instanceId: Id, values: Values, comment: Type.Optional(Comment) });
export type ResubmitBody = Static<typeof ResubmitBody>;
export const CommentBody = Type.Object({
  instanceId: Id,
  comment: EmojiFreeText({ minLength: 1, maxLength: 1000 }),
  attachmentIds: Type.Optional(AttachmentIds),
});
export type CommentBody = Static<typeof CommentBody>;
export const ApplyEditBody = Type.Object({
  instanceId: Id,
  values: Values,
  reason: EmojiFreeText({ minLength: 1, maxLength: 500 }),
});
export type ApplyEditBody = Static<typeof ApplyEditBody>;
export const TaskIdQuery = Type.Object({ taskId: Id });
export type TaskIdQuery = Static<typeof TaskIdQuery>;
/** POST /workflow/api/v1.task/upload/?taskId=&field= (multipart `file`): an approver's file for a field this node may edit. */
export const TaskUploadQuery = Type.Object({ taskId: Id, field: Type.String({ minLength: 1, maxLength: 40 }) });
export type TaskUploadQuery = Static<typeof TaskUploadQuery>;
export const InstanceIdQuery = Type.Object({ instanceId: Id });
export type InstanceIdQuery = Static<typeof InstanceIdQuery>;
/** GET /workflow/api/v1.instance/file/: an attachment of the instance's form record. */
export const InstanceFileQuery = Type.Object({ instanceId: Id, fileId: Type.String({ pattern: '^[0-9a-f-]{36}$' }) });
export type InstanceFileQuery = Static<typeof InstanceFileQuery>;
export const instanceFileUrl = (instanceId: number, fileId: string) =>
  `/workflow/api/v1.instance/file/?instanceId=${instanceId}&fileId=${fileId}`;

export const RecordQuery = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 80, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type RecordQuery = Static<typeof RecordQuery>;

export const TaskListQuery = Type.Object({
  ...PageFields,
  type: Type.Enum(TASK_LIST_TYPES),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  formId: Type.Optional(Id),
  /** ms: created (dsp, cswd), handled (ysp) or started (wfq) at or after / before. */
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The applicant's name, exactly. */
  applicant: Type.Optional(Type.String({ maxLength: 40 })),
  /** 1: only overdue pending tasks (dsp). */
  overdue: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  /** Only this kind of instance ('edit': change requests). */
  kind: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('edit')])),
  /** Only forms of this category (reservationServices: the booking forms' category). */
  category: Type.Optional(Type.String({ maxLength: 30 })),
});
export type TaskListQuery = Static<typeof TaskListQuery>;

/** One row of the approval centre's task lists; also their response schema (issue 15). */
export const TaskListItem = Type.Object({
  /** Task id (dsp, ysp), instance id (wfq) or copy id (cswd). */
  id: Type.Integer(),
  instanceId: Type.Integer(),
  taskId: Nullable(Type.Integer()),
  title: Type.String(),
  formId: Type.Integer(),
  applicantName: Type.String(),
  nodeName: Type.String(),
  taskStatus: Nullable(StringEnum(TASK_STATUSES)),
  instanceStatus: StringEnum(INSTANCE_STATUSES),
  kind: StringEnum(['normal', 'edit'] as const),
  createdAt: Type.Number(),
  handledAt: Nullable(Type.Number()),
  dueAt: Nullable(Type.Number()),
  overdue: Type.Boolean(),
  batchApprove: Type.Boolean(),
});
export type TaskListItem = Static<typeof TaskListItem>;
/** GET /workflow/api/v1.task/counts/: how many rows each list has. */
export const TaskCounts = Type.Object({
  dsp: Type.Integer(),
  wfq: Type.Integer(),
  ysp: Type.Integer(),
  cswd: Type.Integer(),
});
export type TaskCounts = Static<typeof TaskCounts>;
// The counts name every list, no more.
const countsNameEveryList: Same<keyof TaskCounts, TaskListType> = true;
void countsNameEveryList;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export interface HistoryItem {
  id: number;
  nodeId: string;
  nodeName: string;
  actorId: number | null;
  actorName: string;
  action: HistoryAction;
  comment: string;
  attachments: { id: string; name: string; url: string }[];
  at: number;
}

export interface InstanceTask {
  id: number;
  nodeId: string;
  nodeName: string;
  assigneeId: number;
  assigneeName: string;
  status: TaskStatus;
  createdAt: number;
  handledAt: number | null;
  dueAt: number | null;
  /** Reminders the time-limit job has sent for this task. */
  remindersSent: number;
}

export interface InstanceView {
  id: number;
  processId: number;
  processName: string;
  version: number;
  formId: number;
  submissionId: number;
  kind: 'normal' | 'edit';
  title: string;
  applicant: { id: number; name: string };
  status: InstanceStatus;
  /** Ids of the nodes waiting for someone (running instances only). */
  currentNodes: string[];
  startedAt: number;
  endedAt: number | null;
  definition: ProcessDefinition;
  /** The form version's schema without the fields hidden from this reader. */
  schema: FormSchema;
  values: FormValues;
  /** applyForEdit: fieldId → { from, to } (hidden fields left out). */
  diff: Record<string, { from: unknown; to: unknown }> | null;
  tasks: InstanceTask[];
  history: HistoryItem[];
  /** Only for the applicant: the unguessable link of the public record. */
  recordToken: string | null;
  canWithdraw: boolean;
  canResubmit: boolean;
  canUrge: boolean;
  canApplyEdit: boolean;
}

export interface TaskView extends InstanceView {
  task: InstanceTask & { batchApprove: boolean };
  permissions: Record<string, FieldPermission>;
  /** Earlier approval nodes the task can be sent back to. */
  rejectTargets: { id: string; name: string }[];
  /** Later nodes whose approvers this approver picks. */
  picksFor: { id: string; name: string }[];
  /** A vote node's tally so far (null on other nodes): 退回 is then a vote against. */
  vote: VoteTally | null;
}

export interface VoteTally {
  voters: number;
  agree: number;
  against: number;
  /** Agreeing votes that pass the node. */
  needed: number;
  ratio: VoteRatio;
}

export interface BatchApproveAnswer {
  approved: number[];
  failed: { taskId: number; message: string }[];
}

export interface PublicRecord {
  title: string;
  processName: string;
  status: InstanceStatus;
  applicantName: string;
  startedAt: number;
  endedAt: number | null;
  schema: FormSchema;
  values: FormValues;
  history: Omit<HistoryItem, 'attachments' | 'actorId'>[];
  /** What the phone's progress chart draws (mobileFlowChart?token=): nodes without their assignee rules. */
  definition: ProcessDefinition;
  currentNodes: string[];
  tasks: Omit<InstanceTask, 'assigneeId'>[];
}

// --- monitor and delegation (administrators) ----------------------------------------------------

export const MonitorQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  processId: Type.Optional(Id),
  overdue: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type MonitorQuery = Static<typeof MonitorQuery>;
export interface MonitorItem {
  id: number;
  title: string;
  processName: string;
  applicantName: string;
  startedAt: number;
  /** Where it waits: node names and their pending approvers. */
  waitingAt: { nodeName: string; assignees: string[]; since: number; dueAt: number | null }[];
  overdue: boolean;
}
export const ReassignBody = Type.Object({ taskId: Id, userId: Id, comment: Type.Optional(Comment) });
export type ReassignBody = Static<typeof ReassignBody>;
export const TerminateBody = Type.Object({ instanceId: Id, reason: EmojiFreeText({ minLength: 1, maxLength: 500 }) });
export type TerminateBody = Static<typeof TerminateBody>;

export const DelegationBody = Type.Object({
  fromUserId: Id,
  toUserId: Id,
  startsAt: Type.Integer({ minimum: 0 }),
  endsAt: Type.Integer({ minimum: 0 }),
  note: Type.Optional(Type.String({ maxLength: 200 })),
  enabled: Type.Optional(Type.Boolean()),
});
export type DelegationBody = Static<typeof DelegationBody>;
export const DelegationUpdateBody = Type.Intersect([Type.Object({ id: Id }), DelegationBody]);
export type DelegationUpdateBody = Static<typeof DelegationUpdateBody>;
export const DelegationListQuery = Type.Object({ ...PageFields, userId: Type.Optional(Id) });
export type DelegationListQuery = Static<typeof DelegationListQuery>;
export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;
export interface DelegationItem {
  id: number;
  from: { id: number; name: string };
  to: { id: number; name: string };
  startsAt: number;
  endsAt: number;
  note: string;
  enabled: boolean;
  createdAt: number;
}

export interface DeptLeader {
  id: number;
  name: string;
  userNo: string;
}

/** Seconds between two urges of one instance. */
export const URGE_INTERVAL_MS = 10 * 60_000;
