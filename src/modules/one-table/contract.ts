import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';

/**
 * 一表通 (issue 18): the calls shared by the server's route schemas and the client's api.ts.
 * Paths under `/data/api/v1.oneTable/*`.
 */

export const AUDIENCES = ['undergraduate', 'postgraduate', 'staff'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<Audience, string> = {
  undergraduate: '本科生',
  postgraduate: '研究生',
  staff: '教职工',
};

export const CORRECTION_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type CorrectionState = (typeof CORRECTION_STATES)[number];
export const CORRECTION_STATE_LABELS: Record<CorrectionState, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

/** The approval form every correction is submitted on, and the built-in process (the owning department's data staff). */
export const CORRECTION_FORM_NAME = '数据纠错申请';
export const CORRECTION_PROCESS_NAME = '数据纠错';

/** Where an approved value stands in the data table. */
export const WRITE_STATES = ['none', 'written', 'failed'] as const;
export type WriteState = (typeof WRITE_STATES)[number];
export const WRITE_STATE_LABELS: Record<WriteState, string> = { none: '未写回', written: '已写回', failed: '写回失败' };

/** Write-back to the owning system (a synced database with write-back configured). */
export const SOURCE_STATES = ['none', 'pending', 'written', 'failed'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];
export const SOURCE_STATE_LABELS: Record<SourceState, string> = {
  none: '无需写回',
  pending: '待写回源系统',
  written: '已写回源系统',
  failed: '写回源系统失败',
};

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Name = Type.String({ pattern: '^[a-z][a-z0-9_]{0,47}$' });
const Code = Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' });
const UserNo = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' });

export const LayoutFieldSchema = Type.Object({
  name: Name,
  label: Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' }),
  /** Shown as ****** until the person reveals it (audited). */
  masked: Type.Boolean(),
  /** The person may ask for a correction (reviewed by the table's owning department). */
  correctable: Type.Boolean(),
  /** The approval process a correction of this field runs through (a process of the 数据纠错申请 form); absent: the built-in 数据纠错. */
  processId: Type.Optional(Id),
});
export type LayoutField = Static<typeof LayoutFieldSchema>;

export const LayoutGroupSchema = Type.Object({
  key: Type.String({ pattern: '^[a-z0-9_-]{1,40}$' }),
  title: Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' }),
  /** Data table code (dt_<code>). */
  tableCode: Code,
  /** The field holding the person's 学号/工号. */
  personField: Name,
  fields: Type.Array(LayoutFieldSchema, { minItems: 1, maxItems: 40 }),
});
export type LayoutGroup = Static<typeof LayoutGroupSchema>;

export const LayoutQuery = Type.Object({ audience: Type.Enum(AUDIENCES) });
export type LayoutQuery = Static<typeof LayoutQuery>;
export const LayoutSaveBody = Type.Object({
  audience: Type.Enum(AUDIENCES),
  groups: Type.Array(LayoutGroupSchema, { maxItems: 30 }),
});
export type LayoutSaveBody = Static<typeof LayoutSaveBody>;
export interface LayoutView {
  audience: Audience;
  groups: LayoutGroup[];
  updatedAt: number | null;
}

/** GET myData/: without userNo the caller's own; with it, a person a staff member may look at (audited). */
export const MyDataQuery = Type.Object({ userNo: Type.Optional(UserNo) });
export type MyDataQuery = Static<typeof MyDataQuery>;

export interface DataValue {
  name: string;
  label: string;
  /** null while masked. */
  value: string | null;
  masked: boolean;
  correctable: boolean;
  /** A correction of this value is waiting. */
  pending: boolean;
}
export interface DataRowView {
  rowId: number;
  /** Last write of the row (sync, edit or correction), ms. */
  updatedAt: number | null;
  values: DataValue[];
}
export interface DataGroupView {
  key: string;
  title: string;
  tableCode: string;
  /** The data table's name: the value's source. */
  source: string;
  /** False when the data table does not exist (yet): the group is shown empty. */
  available: boolean;
  rows: DataRowView[];
  /** More rows than shown (the first 20 are). */
  more: boolean;
}
export interface MyDataView {
  person: { userNo: string; name: string; audience: Audience; department: string | null };
  groups: DataGroupView[];
}

export const RevealBody = Type.Object({
  userNo: Type.Optional(UserNo),
  tableCode: Code,
  rowId: Id,
  field: Name,
});
export type RevealBody = Static<typeof RevealBody>;

export const EvidenceId = Type.String({ pattern: '^[0-9a-f-]{36}$' });
export const SubmitBody = Type.Object({
  tableCode: Code,
  rowId: Id,
  field: Name,
  newValue: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  reason: Type.String({ minLength: 2, maxLength: 500, pattern: '\\S' }),
  evidence: Type.Array(EvidenceId, { maxItems: 5 }),
});
export type SubmitBody = Static<typeof SubmitBody>;

export const MineQuery = Type.Object({ ...PageFields, state: Type.Optional(Type.Enum(CORRECTION_STATES)) });
export type MineQuery = Static<typeof MineQuery>;
export const TodoQuery = Type.Object({
  ...PageFields,
  state: Type.Optional(Type.Enum(CORRECTION_STATES)),
  tableCode: Type.Optional(Code),
});
export type TodoQuery = Static<typeof TodoQuery>;
export const DecideBody = Type.Object({ id: Id, answer: Type.String({ maxLength: 500 }) });
/** POST correction/resolveConflict/: take the source system's value, or keep the approved one. */
export const ResolveBody = Type.Object({
  id: Id,
  keep: Type.Union([Type.Literal('source'), Type.Literal('approved')]),
});
export type ResolveBody = Static<typeof ResolveBody>;
export type DecideBody = Static<typeof DecideBody>;
export const IdQuery = Type.Object({ id: Id });

export interface Evidence {
  id: string;
  name: string;
  url: string;
}

export interface CorrectionItem {
  id: number;
  applicantName: string;
  personNo: string;
  tableCode: string;
  tableName: string;
  department: string | null;
  rowId: number;
  field: string;
  fieldLabel: string;
  oldValue: string;
  newValue: string;
  reason: string;
  evidence: Evidence[];
  state: CorrectionState;
  answer: string;
  deciderName: string;
  writeState: WriteState;
  writeError: string;
  createdAt: number;
  decidedAt: number | null;
  /** Owner's list only: the approved value is no longer in the data table (a later sync replaced it). */
  conflict?: boolean;
  /** The workflow instance the request runs through (null: decided before corrections used the engine). */
  instanceId: number | null;
  /** todo/ only: the caller's pending approval task on it (approve/reject act on it). */
  taskId?: number | null;
  /** Where the approval stands (the instance's current nodes while it runs). */
  currentNodes?: string;
  /** Write-back to the owning system and its last error (pending: retried with backoff). */
  sourceState: SourceState;
  sourceError: string;
  /** A sync brought this value instead of the approved one (kept); the owner accepts it or keeps the approved. */
  conflictValue: string | null;
}

/** A process corrections may run through (page management's per-field choice). */
export interface CorrectionProcess {
  id: number;
  name: string;
  builtIn: boolean;
}

export interface SummaryView {
  byState: { state: CorrectionState; count: number }[];
  byTable: { tableName: string; count: number }[];
  byField: { tableName: string; fieldLabel: string; count: number }[];
  byDepartment: { department: string; count: number }[];
  /** Mean hours from request to decision over decided requests; null when none. */
  meanHoursToResolve: number | null;
  /** Requests per day over the last 30 days (Beijing dates). */
  trend: { day: string; count: number }[];
}
