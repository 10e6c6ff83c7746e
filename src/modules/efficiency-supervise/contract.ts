import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/**
 * 效能督查 (issue 22 part 2): approval time limits of the workflow engine's nodes, watched live.
 * Paths `/workflow/api/v1.supervise/*`; every one needs the route `efficiencySupervise` (or its
 * phone page) and the server narrows what it answers to the reader's scope (see README).
 */

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
/** ms since epoch, bounded so it stays an ordinary number on both databases. */
const Ms = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 });

/** Open tasks falling due within this many hours count as 即将超期. */
export const DUE_SOON_HOURS = 24;
/** The longest period the statistics take (days). */
export const MAX_PERIOD_DAYS = 366;
/** Rankings show at most this many rows. */
export const RANK_LIMIT = 50;
export const NOTE_MAX = 200;

export const OPEN_KINDS = ['overdue', 'dueSoon'] as const;
export type OpenKind = (typeof OPEN_KINDS)[number];
export const OPEN_KIND_LABELS: Record<OpenKind, string> = { overdue: '已超期', dueSoon: '即将超期' };

export const GROUP_BYS = ['department', 'person', 'process'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];
export const GROUP_BY_LABELS: Record<GroupBy, string> = { department: '部门', person: '人员', process: '流程' };

/** Filters every read takes: the assignee's department, the process, one assignee. */
const Filters = {
  departmentId: Type.Optional(Id),
  processId: Type.Optional(Id),
  assigneeId: Type.Optional(Id),
};
/** The statistics' period: tasks that began (or, for the trend, fell due) in [from, to). */
const Period = { from: Type.Optional(Ms), to: Type.Optional(Ms) };

/** GET …/overview/ — the key counts. */
export const OverviewQuery = Type.Object({ ...Filters, ...Period });
export type OverviewQuery = Static<typeof OverviewQuery>;

export interface Overview {
  overdue: number;
  dueSoon: number;
  /** The period's limited tasks, the late ones among them, the late rate and mean handling hours. */
  total: number;
  late: number;
  lateRate: number;
  meanHours: number | null;
  from: number;
  to: number;
}

/** What the reader may see: everything, or their departments (the department filter's choices). */
export interface SuperviseScope {
  all: boolean;
  departments: { id: number; name: string }[];
  processes: { id: number; name: string }[];
}

/** GET …/tasks/ — open overdue or soon-due tasks, most urgent first. */
export const TaskQuery = Type.Object({
  ...PageFields,
  ...Filters,
  kind: Type.Union([Type.Literal('overdue'), Type.Literal('dueSoon')]),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type TaskQuery = Static<typeof TaskQuery>;

export interface SupervisedTaskItem {
  id: number;
  instanceId: number;
  title: string;
  processName: string;
  nodeName: string;
  assigneeId: number;
  assigneeName: string;
  /** 工号 */
  assigneeNo: string;
  departmentName: string;
  applicantName: string;
  createdAt: number;
  dueAt: number;
  lastUrgedAt: number | null;
  /** The last escalation to the assignee's leaders, if any. */
  escalatedAt: number | null;
  escalatedTo: string;
}

/** GET …/export/ — the same list as an .xlsx file (streamed). */
export const ExportQuery = Type.Object({
  ...Filters,
  kind: Type.Union([Type.Literal('overdue'), Type.Literal('dueSoon')]),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type ExportQuery = Static<typeof ExportQuery>;

/** GET …/groups/ — by department, person or process, ranked by late rate or mean handling time. */
export const GroupQuery = Type.Object({
  ...Filters,
  ...Period,
  by: Type.Union([Type.Literal('department'), Type.Literal('person'), Type.Literal('process')]),
  sort: Type.Optional(Type.Union([Type.Literal('lateRate'), Type.Literal('meanHours')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RANK_LIMIT })),
});
export type GroupQuery = Static<typeof GroupQuery>;

export interface GroupRow {
  key: number;
  name: string;
  departmentName: string;
  total: number;
  late: number;
  openOverdue: number;
  lateRate: number;
  meanHours: number | null;
}

/** GET …/trend/ — daily overdue counts. */
export const TrendQuery = Type.Object({ ...Filters, ...Period });
export type TrendQuery = Static<typeof TrendQuery>;
export interface TrendPoint {
  /** YYYY-MM-DD (Beijing time) */
  day: string;
  overdue: number;
}

/** POST …/urge/ — urge one open task's assignee (the engine's 催办 message). */
export const UrgeBody = Type.Object({ taskId: Id });
export type UrgeBody = Static<typeof UrgeBody>;

/** POST …/escalate/ — report an overdue task to the assignee's leaders (a message to each, recorded). */
export const EscalateBody = Type.Object({ taskId: Id, note: Type.Optional(Type.String({ maxLength: NOTE_MAX })) });
export type EscalateBody = Static<typeof EscalateBody>;
export interface EscalateAnswer {
  leaders: string[];
}
