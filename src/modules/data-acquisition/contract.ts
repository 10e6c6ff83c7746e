import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import type { FormSchema, FormValues } from '@/shared/forms/schema';
import { MAX_ID } from '@/shared/ids';

/**
 * Data collection (数据采集, issue 16): tasks that send a published form to people, departments,
 * roles or one record per row of a data table; fills (drafts, submissions), collaborative records
 * (several people, each owning some fields), approval through the workflow engine and writing
 * into a data table. Paths: `/data/api/v1.acquisition/*` (owners), `/data/api/v1.acquisitionFill/*`
 * (fillers), `/data/api/v1.fillApprove/*` (approval centre).
 */

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const FieldName = Type.String({ minLength: 1, maxLength: 60 });

export const TASK_STATUSES = ['draft', 'published', 'closed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { draft: '草稿', published: '进行中', closed: '已结束' };

/** Who must fill: listed people, members of departments (with sub-departments), holders of roles, or one record per row of a data table. */
export const FILLER_KINDS = ['people', 'departments', 'roles', 'rows'] as const;
export type FillerKind = (typeof FILLER_KINDS)[number];
export const FILLER_KIND_LABELS: Record<FillerKind, string> = {
  people: '指定人员',
  departments: '按部门',
  roles: '按角色',
  rows: '数据表逐行',
};

/** A record's state: draft → submitted (waits for 入库审批) / approving (the process runs) → approved (waits for 入库审批) → written; returned; rejected. */
export const RECORD_STATES = [
  'draft',
  'submitted',
  'approving',
  'approved',
  'returned',
  'rejected',
  'written',
] as const;
export type RecordState = (typeof RECORD_STATES)[number];
export const RECORD_STATE_LABELS: Record<RecordState, string> = {
  draft: '未提交',
  submitted: '待入库',
  approving: '审批中',
  approved: '待入库',
  returned: '已退回',
  rejected: '未通过',
  written: '已入库',
};

/** One person's part of a record: nothing yet, a saved draft, submitted. */
export const PART_STATES = ['unfilled', 'draft', 'submitted'] as const;
export type PartState = (typeof PART_STATES)[number];
export const PART_STATE_LABELS: Record<PartState, string> = {
  unfilled: '未填写',
  draft: '已暂存',
  submitted: '已提交',
};

export const Fillers = Type.Object({
  kind: Type.Enum(FILLER_KINDS),
  userIds: Type.Optional(Type.Array(Id, { maxItems: 2000 })),
  departmentIds: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  roleCodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 50 })),
  /** rows: the data table, equality filter on its fields, and the field holding each row's filler (学号/工号). */
  tableId: Type.Optional(Id),
  where: Type.Optional(
    Type.Record(Type.String({ maxLength: 48 }), Type.Union([Type.String({ maxLength: 200 }), Type.Number()])),
  ),
  userField: Type.Optional(Type.String({ maxLength: 48 })),
  /** rows: the table field whose value names each record on lists (e.g. 姓名). */
  labelField: Type.Optional(Type.String({ maxLength: 48 })),
});
export type Fillers = Static<typeof Fillers>;

/** Form field → data table field. */
export const MappingItem = Type.Object({ from: FieldName, to: Type.String({ minLength: 1, maxLength: 48 }) });
export type MappingItem = Static<typeof MappingItem>;

/** A collaborator of a collaborative task and the form fields they own. */
export const Collaborator = Type.Object({
  userId: Id,
  fields: Type.Array(FieldName, { minItems: 1, maxItems: 200 }),
});
export type Collaborator = Static<typeof Collaborator>;

/** POST /data/api/v1.acquisition/save/ (JSON): create (no id) or change a draft task. */
export const TaskSaveBody = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }),
  description: Type.String({ maxLength: 1000 }),
  formId: Id,
  fillers: Fillers,
  /** ms since epoch. */
  deadline: Type.Integer({ minimum: 0 }),
  /** Hours before the deadline when those who have not submitted are reminded. */
  reminders: Type.Array(Type.Integer({ minimum: 1, maximum: 24 * 30 }), { maxItems: 5 }),
  tableId: Type.Union([Id, Type.Null()]),
  mapping: Type.Array(MappingItem, { maxItems: 200 }),
  /** Table fields the write upserts by; [] = insert. */
  keyFields: Type.Array(Type.String({ minLength: 1, maxLength: 48 }), { maxItems: 10 }),
  processId: Type.Union([Id, Type.Null()]),
  /** The task owner confirms each record before it is written (入库审批). */
  reviewWrite: Type.Boolean(),
  collaborative: Type.Boolean(),
  collaborators: Type.Array(Collaborator, { maxItems: 50 }),
});
export type TaskSaveBody = Static<typeof TaskSaveBody>;

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;

/** GET /data/api/v1.acquisition/list/ — the caller's tasks (administrators: all). */
export const TaskListQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  status: Type.Optional(Type.Enum(TASK_STATUSES)),
  collaborative: Type.Optional(Type.Boolean()),
});
export type TaskListQuery = Static<typeof TaskListQuery>;

export interface TaskProgress {
  /** Records to fill (people × records; collaborative: records). */
  records: number;
  /** Records submitted or further (approving, approved, written). */
  submitted: number;
  written: number;
  returned: number;
}

export interface TaskListItem {
  id: number;
  title: string;
  formId: number;
  formName: string;
  status: TaskStatus;
  collaborative: boolean;
  deadline: number;
  ownerName: string;
  updatedAt: number;
  progress: TaskProgress;
}

export interface TaskDetail extends Omit<TaskSaveBody, 'id'> {
  id: number;
  status: TaskStatus;
  formName: string;
  formVersion: number | null;
  ownerId: number;
  ownerName: string;
  processName: string | null;
  tableName: string | null;
  publishedAt: number | null;
  progress: TaskProgress;
}

/** GET /data/api/v1.acquisition/preview/?id — what publishing would do. */
export interface PublishPreview {
  formName: string;
  formVersion: number;
  schema: FormSchema;
  /** People who will be asked to fill, and records (collaborative: one per record). */
  people: number;
  records: number;
  /** The first people, to check the choice. */
  sample: { id: number; name: string; userNo: string; department: string }[];
  /** Problems that block publishing ([] = ready). */
  problems: string[];
  tableName: string | null;
  processName: string | null;
}

/** GET /data/api/v1.acquisition/progress/?id&state&keyword&page — one row per person × record. */
export const ProgressQuery = Type.Object({
  ...PageFields,
  id: Id,
  /** unfilled/draft/submitted: a person's part; or a record state. */
  state: Type.Optional(Type.Union([Type.Enum(PART_STATES), Type.Enum(RECORD_STATES)])),
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
});
export type ProgressQuery = Static<typeof ProgressQuery>;

export interface ProgressItem {
  assignmentId: number;
  recordId: number;
  recordLabel: string;
  userId: number;
  userName: string;
  userNo: string;
  department: string;
  part: PartState;
  /** Fields this person owns (collaborative), null = all. */
  fields: string[] | null;
  recordState: RecordState;
  submittedAt: number | null;
  remindedAt: number | null;
}

/** Collaborative progress: per person and per record. */
export interface CollabProgress {
  people: { userId: number; userName: string; fields: string[]; submitted: number; total: number }[];
  records: { recordId: number; label: string; state: RecordState; parts: number; submittedParts: number }[];
  recordsTotal: number;
}
export const CollabQuery = Type.Object({ ...PageFields, id: Id });
export type CollabQuery = Static<typeof CollabQuery>;

/** POST /data/api/v1.acquisition/remind/ (JSON): everyone who has not submitted, or the listed assignments. */
export const RemindBody = Type.Object({
  id: Id,
  assignmentIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500 })),
});
export type RemindBody = Static<typeof RemindBody>;

/** People for the filler and collaborator pickers (task owners). */
export const PeopleQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
  ids: Type.Optional(Type.String({ maxLength: 2000, pattern: '^\\d+(,\\d+)*$' })),
});
export type PeopleQuery = Static<typeof PeopleQuery>;
export interface PersonOption {
  id: number;
  name: string;
  userNo: string;
  department: string;
}

/** The target table's fields (through data-tables), for the mapping editor. */
export interface TargetTable {
  id: number;
  code: string;
  name: string;
  fields: { name: string; label: string; type: string; required: boolean }[];
  uniqueKey: string[];
}

/** Forms' published processes of a form, for 需要审批. */
export interface ProcessOption {
  id: number;
  name: string;
}

// --- fillers ---------------------------------------------------------------------------------------

/** GET /data/api/v1.acquisitionFill/mine/ — my assignments of published tasks (and closed ones with something of mine). */
export const MineQuery = Type.Object({
  ...PageFields,
  /** open: not submitted yet (including returned records); done: submitted. */
  scope: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('done')])),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type MineQuery = Static<typeof MineQuery>;

export interface MineItem {
  assignmentId: number;
  taskId: number;
  title: string;
  formName: string;
  deadline: number;
  taskStatus: TaskStatus;
  recordLabel: string;
  part: PartState;
  recordState: RecordState;
  collaborative: boolean;
  updatedAt: number;
  note: string;
}

/** GET /data/api/v1.acquisitionFill/open/?assignmentId — what the fill page draws. */
export interface FillView {
  assignmentId: number;
  taskId: number;
  title: string;
  description: string;
  deadline: number;
  formId: number;
  formVersion: number;
  schema: FormSchema;
  values: FormValues;
  /** Fields I may edit (collaborative), null = all. */
  editable: string[] | null;
  part: PartState;
  recordState: RecordState;
  recordLabel: string;
  /** Whether I may still change and submit it. */
  canEdit: boolean;
  note: string;
  instanceId: number | null;
  /** Collaborative: the other parts. */
  parts: { userName: string; fields: string[]; part: PartState }[];
}

/** POST /data/api/v1.acquisitionFill/save/ and submit/ (JSON). */
export const FillBody = Type.Object({
  assignmentId: Id,
  values: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown()),
});
export type FillBody = Static<typeof FillBody>;

export interface FillAnswer {
  recordState: RecordState;
  part: PartState;
  instanceId: number | null;
}

/** GET /data/api/v1.acquisitionFill/records/ — what I submitted and where it stands. */
export const RecordsQuery = Type.Object({
  ...PageFields,
  state: Type.Optional(Type.Enum(RECORD_STATES)),
});
export type RecordsQuery = Static<typeof RecordsQuery>;

// --- approval centre ---------------------------------------------------------------------------

/** GET /data/api/v1.fillApprove/fills/ — fills whose approval waits for me (填报审批). */
export const ApproveListQuery = Type.Object({ ...PageFields, keyword: Type.Optional(Type.String({ maxLength: 60 })) });
export type ApproveListQuery = Static<typeof ApproveListQuery>;

export interface ApproveItem {
  recordId: number;
  taskId: number;
  title: string;
  recordLabel: string;
  applicantName: string;
  submittedAt: number | null;
  state: RecordState;
  /** fillFromApprove: my pending workflow task. */
  taskIdOfFlow: number | null;
  nodeName: string;
  instanceId: number | null;
  tableName: string | null;
}

/** GET /data/api/v1.fillApprove/record/?id — a record with its form and the row it becomes. */
export interface ApproveRecordView {
  item: ApproveItem;
  schema: FormSchema;
  values: FormValues;
  /** The row to be written: table field label → value. */
  row: { field: string; label: string; value: unknown }[];
}

/** POST /data/api/v1.fillApprove/approve/ and reject/ (JSON). fillFromApprove: the record's flow task; dataTableApprove: the owner's confirmation. */
export const ApproveBody = Type.Object({
  recordId: Id,
  comment: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ApproveBody = Static<typeof ApproveBody>;
export const RejectBody = Type.Object({
  recordId: Id,
  comment: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  /** return: back to the filler to change and resubmit; reject: ends it. */
  action: Type.Union([Type.Literal('return'), Type.Literal('reject')]),
});
export type RejectBody = Static<typeof RejectBody>;
