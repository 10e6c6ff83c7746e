import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/**
 * 好差评 (issue 17). Paths: `/affairs/api/v1.feedback/*` (public aggregates, the applicant's own
 * ratings), `/affairs/api/v1.rectify/*` (the item's department works on 差评), and
 * `/affairs/api/v1.feedbackAdmin/*` (back office: evaluations, labels, settings, statistics).
 */

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Keyword = Type.String({ maxLength: 60 });
/** ms since epoch, bounded so it stays an ordinary number on both databases. */
const Ms = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 });

/** Levels: 5 非常满意 … 1 非常不满意. 差评 = 2 and 1. */
export const LEVELS = [5, 4, 3, 2, 1] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_LABELS: Record<number, string> = {
  5: '非常满意',
  4: '满意',
  3: '基本满意',
  2: '不满意',
  1: '非常不满意',
};
export const isBadLevel = (level: number) => level <= 2;
/** A rating counts as satisfied (满意率) from 基本满意 up. */
export const isSatisfiedLevel = (level: number) => level >= 3;
const LevelField = Type.Integer({ minimum: 1, maximum: 5 });

/** What was handled: an application (workflow instance of the item's process) or a booking. */
export const SUBJECT_KINDS = ['instance', 'booking'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];
export const SUBJECT_KIND_LABELS: Record<SubjectKind, string> = { instance: '网上办件', booking: '预约办件' };

/** An ended application or booking may be rated within this many days. */
export const RATE_WINDOW_DAYS = 90;
export const COMMENT_MAX = 500;
export const REPLY_MAX = 1000;
export const DEFAULT_RECTIFY_DAYS = 7;

export const RECTIFY_STATUSES = ['open', 'replied', 'closed'] as const;
export type RectifyStatus = (typeof RECTIFY_STATUSES)[number];
export const RECTIFY_STATUS_LABELS: Record<RectifyStatus, string> = {
  open: '待整改',
  replied: '已答复待回访',
  closed: '已办结',
};

export const IdQuery = Type.Object({ id: Id });
export type IdQuery = Static<typeof IdQuery>;

// --- public ----------------------------------------------------------------------------------

/** GET /affairs/api/v1.feedback/summary/ — satisfaction per item or per department. */
export const SummaryQuery = Type.Object({
  ...PageFields,
  by: Type.Union([Type.Literal('item'), Type.Literal('department')]),
  keyword: Type.Optional(Keyword),
});
export type SummaryQuery = Static<typeof SummaryQuery>;

export interface Satisfaction {
  total: number;
  /** Average level, 0 when there is no rating. */
  average: number;
  /** Share of ratings from 基本满意 up, 0–1. */
  satisfiedRate: number;
  bad: number;
}

export interface SummaryRow extends Satisfaction {
  id: number;
  name: string;
  /** by item: the item's department. */
  departmentName: string;
}

export interface Overview extends Satisfaction {
  /** Count per level, index 0 = level 1 … index 4 = level 5. */
  distribution: number[];
  items: number;
  departments: number;
}

/** GET /affairs/api/v1.feedback/itemReviews/ — an item's reviews (public). */
export const ItemReviewsQuery = Type.Object({
  ...PageFields,
  itemId: Id,
  level: Type.Optional(LevelField),
});
export type ItemReviewsQuery = Static<typeof ItemReviewsQuery>;

export interface Review {
  id: number;
  level: number;
  labels: string[];
  comment: string;
  /** '匿名用户' for an anonymous rating; else the name with the middle hidden (李*轩). */
  userName: string;
  kind: SubjectKind;
  createdAt: number;
  reply: string;
  repliedAt: number | null;
}

export interface ItemReviews extends Satisfaction {
  item: { id: number; name: string; departmentName: string };
  distribution: number[];
  labels: { name: string; count: number }[];
  page: number;
  pageSize: number;
  /** Total of the filtered list. */
  listTotal: number;
  list: Review[];
}

// --- the applicant ---------------------------------------------------------------------------

export const MinePageQuery = Type.Object({ ...PageFields });
export type MinePageQuery = Static<typeof MinePageQuery>;

export interface PendingRow {
  kind: SubjectKind;
  refId: number;
  itemId: number;
  itemName: string;
  departmentName: string;
  title: string;
  endedAt: number;
}

export interface RectificationView {
  id: number;
  status: RectifyStatus;
  deadline: number;
  overdue: boolean;
  reply: string;
  repliedAt: number | null;
  repliedByName: string;
  visitResult: string;
  visitSatisfied: boolean | null;
  visitedAt: number | null;
  closedAt: number | null;
}

export interface MyEvaluation {
  id: number;
  kind: SubjectKind;
  refId: number;
  itemId: number;
  itemName: string;
  departmentName: string;
  title: string;
  level: number;
  labels: string[];
  comment: string;
  anonymous: boolean;
  createdAt: number;
  reply: string;
  repliedAt: number | null;
  rectification: RectificationView | null;
}

export interface LabelView {
  id: number;
  level: number;
  name: string;
  sort: number;
  enabled: boolean;
}

/** POST /affairs/api/v1.feedback/rate/ (JSON). */
export const RateBody = Type.Object({
  kind: Type.Enum(SUBJECT_KINDS),
  refId: Id,
  level: LevelField,
  labelIds: Type.Array(Id, { maxItems: 10 }),
  comment: Type.String({ maxLength: COMMENT_MAX }),
  anonymous: Type.Boolean(),
});
export type RateBody = Static<typeof RateBody>;

// --- the department --------------------------------------------------------------------------

/** GET /affairs/api/v1.rectify/list/ — the caller's department's rectifications (administrators: all). */
export const RectifyListQuery = Type.Object({
  ...PageFields,
  status: Type.Optional(Type.Enum(RECTIFY_STATUSES)),
  overdue: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Keyword),
});
export type RectifyListQuery = Static<typeof RectifyListQuery>;

export interface RectifyRow extends RectificationView {
  evaluationId: number;
  itemId: number;
  itemName: string;
  departmentName: string;
  level: number;
  labels: string[];
  comment: string;
  /** '匿名用户' when the applicant chose anonymity. */
  applicantName: string;
  applicantPhone: string;
  ratedAt: number;
  createdAt: number;
}

const Answer = Type.String({ minLength: 1, maxLength: REPLY_MAX, pattern: '\\S' });

/** POST …/rectify/reply/ (the department's answer) and …/feedbackAdmin/reply/ (the back office's reply). */
export const ReplyBody = Type.Object({ id: Id, reply: Answer });
export type ReplyBody = Static<typeof ReplyBody>;

export const RectifyVisitBody = Type.Object({ id: Id, result: Answer, satisfied: Type.Boolean() });
export type RectifyVisitBody = Static<typeof RectifyVisitBody>;

// --- back office -----------------------------------------------------------------------------

const Filters = {
  keyword: Type.Optional(Keyword),
  itemId: Type.Optional(Id),
  departmentId: Type.Optional(Id),
  level: Type.Optional(LevelField),
  bad: Type.Optional(Type.Boolean()),
  from: Type.Optional(Ms),
  to: Type.Optional(Ms),
};

/** GET /affairs/api/v1.feedbackAdmin/list/ */
export const AdminListQuery = Type.Object({ ...PageFields, ...Filters });
export type AdminListQuery = Static<typeof AdminListQuery>;
export const AdminExportQuery = Type.Object(Filters);
export type AdminExportQuery = Static<typeof AdminExportQuery>;

export interface AdminEvaluation extends MyEvaluation {
  userName: string;
  userNo: string;
}

export const LabelSaveBody = Type.Object({
  id: Type.Optional(Id),
  level: LevelField,
  name: Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' }),
  sort: Type.Integer({ minimum: 0, maximum: 9999 }),
  enabled: Type.Boolean(),
});
export type LabelSaveBody = Static<typeof LabelSaveBody>;

export interface FeedbackSettings {
  /** Days a department has to answer a 差评. */
  rectifyDays: number;
}
export const SettingsBody = Type.Object({ rectifyDays: Type.Integer({ minimum: 1, maximum: 60 }) });

/** GET /affairs/api/v1.feedbackAdmin/stats/ — grouped by item, department or month (Beijing time). */
export const StatsQuery = Type.Object({
  ...PageFields,
  by: Type.Union([Type.Literal('item'), Type.Literal('department'), Type.Literal('month')]),
  itemId: Type.Optional(Id),
  departmentId: Type.Optional(Id),
  from: Type.Optional(Ms),
  to: Type.Optional(Ms),
});
export type StatsQuery = Static<typeof StatsQuery>;
export const StatsExportQuery = Type.Omit(StatsQuery, ['page', 'pageSize']);
export type StatsExportQuery = Static<typeof StatsExportQuery>;

export interface StatsRow extends Satisfaction {
  /** item or department id; 0 for a month. */
  id: number;
  /** item or department name, or the month 'YYYY-MM'. */
  name: string;
  distribution: number[];
}

export interface StatsAnswer {
  list: StatsRow[];
  total: number;
  page: number;
  pageSize: number;
  overall: Overview;
  /** Open rectifications and how many of them are past their deadline (in the filter's scope). */
  rectify: { open: number; overdue: number; closed: number };
}
