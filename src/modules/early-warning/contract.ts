import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';

/**
 * 学生预警 (issue 22): ten lists under /web/earlyWarning. Seven are computed by rules over the
 * synced data tables (RULE_LISTS), the other three show what people recorded (家访/走访宿舍),
 * the leave that suppresses warnings, and one student's gate history.
 */
export const RULE_LISTS = [
  'absentWarning',
  'studyWarning',
  'lateBackWarning',
  'unBackWarning',
  'disContactWarning',
  'solitaryWarning',
  'preciseFunding',
] as const;
export type RuleList = (typeof RULE_LISTS)[number];

export const LIST_TITLES: Record<RuleList, string> = {
  absentWarning: '旷课预警',
  studyWarning: '学业预警',
  lateBackWarning: '晚归预警',
  unBackWarning: '未归预警',
  disContactWarning: '失联预警',
  solitaryWarning: '孤僻预警',
  preciseFunding: '精准资助',
};

/** A rule's thresholds: what each number means, its default and bounds (the settings form reads this). */
export interface ParamSpec {
  key: string;
  label: string;
  unit: string;
  def: number;
  min: number;
  max: number;
}

export const RULE_PARAMS: Record<RuleList, ParamSpec[]> = {
  absentWarning: [
    { key: 'days', label: '统计天数', unit: '天', def: 14, min: 1, max: 120 },
    { key: 'min', label: '缺勤次数达到', unit: '次', def: 3, min: 1, max: 100 },
  ],
  studyWarning: [
    { key: 'credits', label: '最近学期不及格（补考未过）学分达到', unit: '学分', def: 6, min: 1, max: 60 },
  ],
  lateBackWarning: [
    { key: 'days', label: '统计天数', unit: '天', def: 14, min: 1, max: 120 },
    { key: 'curfew', label: '晚归时间（几点后进楼）', unit: '点', def: 23, min: 20, max: 23 },
    { key: 'min', label: '晚归次数达到', unit: '次', def: 2, min: 1, max: 100 },
  ],
  unBackWarning: [
    { key: 'days', label: '统计天数', unit: '天', def: 14, min: 1, max: 120 },
    { key: 'min', label: '夜不归宿达到', unit: '晚', def: 1, min: 1, max: 60 },
  ],
  disContactWarning: [{ key: 'days', label: '无门禁、一卡通与上网记录达到', unit: '天', def: 4, min: 1, max: 60 }],
  solitaryWarning: [
    { key: 'days', label: '统计天数', unit: '天', def: 28, min: 7, max: 120 },
    { key: 'meals', label: '食堂用餐至少', unit: '次', def: 15, min: 1, max: 300 },
    { key: 'share', label: '非高峰时段独自用餐占比达到', unit: '%', def: 60, min: 10, max: 100 },
  ],
  preciseFunding: [
    { key: 'days', label: '统计天数', unit: '天', def: 30, min: 7, max: 120 },
    { key: 'meals', label: '食堂用餐至少', unit: '次', def: 30, min: 1, max: 300 },
    { key: 'daily', label: '日均食堂消费低于', unit: '元', def: 12, min: 1, max: 100 },
  ],
};

export const WARNING_STATUSES = ['open', 'closed', 'escalated'] as const;
export type WarningStatus = (typeof WARNING_STATUSES)[number];
export const STATUS_LABELS: Record<WarningStatus, string> = { open: '跟进中', closed: '已关闭', escalated: '已上报' };

export const CARE_ACTIONS = ['assign', 'contact', 'visit', 'close', 'escalate', 'report', 'assist'] as const;
export const CARE_ACTION_LABELS: Record<(typeof CARE_ACTIONS)[number], string> = {
  assign: '指派',
  contact: '联系学生',
  visit: '走访宿舍',
  close: '关闭预警',
  escalate: '上报',
  report: '情况报告',
  assist: '协助申请',
};

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Text = (max: number, min = 0) => Type.String({ minLength: min, maxLength: max });
const ListName = Type.Union([
  Type.Literal('absentWarning'),
  Type.Literal('studyWarning'),
  Type.Literal('lateBackWarning'),
  Type.Literal('unBackWarning'),
  Type.Literal('disContactWarning'),
  Type.Literal('solitaryWarning'),
  Type.Literal('preciseFunding'),
]);

export const WarningListQuery = Type.Object({
  list: ListName,
  ...PageFields,
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('escalated')])),
  keyword: Type.Optional(Text(40)),
});
export type WarningListQuery = Static<typeof WarningListQuery>;

export const IdQuery = Type.Object({ id: Id });
export type IdQuery = Static<typeof IdQuery>;

export const RuleQuery = Type.Object({ list: ListName });
export const RuleSaveBody = Type.Object({
  list: ListName,
  /** key → number, as RULE_PARAMS lists them. */
  params: Type.Record(Type.String({ maxLength: 20 }), Type.Number()),
});
export type RuleSaveBody = Static<typeof RuleSaveBody>;

export const CareBody = Type.Object({
  warningId: Id,
  action: Type.Union([Type.Literal('contact'), Type.Literal('close'), Type.Literal('escalate')]),
  content: Text(500, 1),
  outcome: Type.Optional(Text(200)),
});
export type CareBody = Static<typeof CareBody>;

export const AssignBody = Type.Object({ warningId: Id, assigneeId: Id });
export type AssignBody = Static<typeof AssignBody>;

export const VisitBody = Type.Object({
  studentNo: Text(20, 1),
  place: Text(60, 1),
  content: Text(500, 1),
  warningId: Type.Optional(Id),
});
export type VisitBody = Static<typeof VisitBody>;

export const PageQuery = Type.Object({ ...PageFields, keyword: Type.Optional(Text(40)) });
export type PageQuery = Static<typeof PageQuery>;

export const DormHistoryQuery = Type.Object({ studentNo: Text(20, 1), ...PageFields });
export type DormHistoryQuery = Static<typeof DormHistoryQuery>;

export const StudentQuery = Type.Object({ studentNo: Text(20, 1) });

/** Approval centre: 报告 (report) and 协助 (assist) about a warning or a followed student. */
export const RequestBody = Type.Object({
  kind: Type.Union([Type.Literal('report'), Type.Literal('assist')]),
  source: Type.Union([Type.Literal('warning'), Type.Literal('focus')]),
  refId: Id,
  departmentId: Type.Optional(Id),
  content: Text(1000, 1),
});
export type RequestBody = Static<typeof RequestBody>;

export const RequestListQuery = Type.Object({
  kind: Type.Union([Type.Literal('report'), Type.Literal('assist'), Type.Literal('unfollow')]),
  source: Type.Union([Type.Literal('warning'), Type.Literal('focus')]),
  ...PageFields,
});
export type RequestListQuery = Static<typeof RequestListQuery>;

export const ReplyBody = Type.Object({ id: Id, reply: Text(500, 1) });
export const FollowBody = Type.Object({ studentNo: Text(20, 1), reason: Text(200, 1) });
export const UnfollowBody = Type.Object({ id: Id, reason: Text(300, 1) });
export const DecideBody = Type.Object({ id: Id, approve: Type.Boolean(), comment: Type.Optional(Text(300)) });

export interface WarningRow {
  id: number;
  list: RuleList;
  studentNo: string;
  studentName: string;
  collegeName: string;
  counsellorName: string | null;
  assigneeName: string | null;
  period: string;
  reason: string;
  /** preciseFunding: the average daily spend, only for the funding office (null otherwise). */
  amount: number | null;
  status: WarningStatus;
  detectedAt: number;
}

export interface CareRow {
  id: number;
  action: string;
  actorName: string;
  content: string;
  outcome: string;
  at: number;
}

export interface WarningDetail extends WarningRow {
  evidence: { columns: { key: string; title: string }[]; rows: Record<string, unknown>[] };
  care: CareRow[];
  /** Counsellors of the student's college the caller may assign to (leaders and 学工处 only). */
  canAssign: boolean;
  canAct: boolean;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
