import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';
import { Nullable, StringEnum } from '@/shared/response-schema';

/**
 * 个人中心 (issue 19). Paths: the spec's own calls under `/user/api/v1.user/` (getMyInfo,
 * getPersonalInfo, getMyPic, upload_signature, get_signature) and the rest under
 * `/user/api/v1.userCenter/*`. Campus facts come from the data centre's tables.
 */
export const UC = '/user/api/v1.userCenter';
export const USER = '/user/api/v1.user';

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Short = (max: number) => Type.String({ maxLength: max });

// --- favourites ---------------------------------------------------------------------------------
/** Kinds kept here; service items ('item') stay in the service hall's favourites (its own star). */
export const FAVORITE_KINDS = ['app', 'article', 'form', 'page'] as const;
export type FavoriteKind = (typeof FAVORITE_KINDS)[number];
export const FAVORITE_KIND_LABELS: Record<FavoriteKind | 'item', string> = {
  item: '服务事项',
  app: '应用',
  article: '文章',
  form: '表单',
  page: '页面',
};
const FavoriteKindField = Type.Union([
  Type.Literal('app'),
  Type.Literal('article'),
  Type.Literal('form'),
  Type.Literal('page'),
]);
/** In-app links only: a favourite never points off site. */
const InAppLink = Type.String({ pattern: '^/[A-Za-z0-9/_?&=%.\\-]*$', maxLength: 300 });
export const FavoriteAddBody = Type.Object({
  kind: FavoriteKindField,
  refKey: Type.String({ minLength: 1, maxLength: 100 }),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  link: InAppLink,
});
export type FavoriteAddBody = Static<typeof FavoriteAddBody>;
export const FavoriteRemoveBody = Type.Object({
  kind: FavoriteKindField,
  refKey: Type.String({ minLength: 1, maxLength: 100 }),
});
export const FavoriteListQuery = Type.Object({ ...PageFields, kind: Type.Optional(FavoriteKindField) });
export type FavoriteListQuery = Static<typeof FavoriteListQuery>;
export const FavoriteCheckQuery = Type.Object({
  kind: FavoriteKindField,
  refKey: Type.String({ minLength: 1, maxLength: 100 }),
});
export const FavoriteRow = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(FAVORITE_KINDS),
  refKey: Type.String(),
  title: Type.String(),
  link: Type.String(),
  createdAt: Type.Number(),
});
export type FavoriteRow = Static<typeof FavoriteRow>;

// --- footprints ---------------------------------------------------------------------------------
export const FOOTPRINT_DAYS = 90;
export const FootprintVisit = Type.Object({
  kind: Type.Union([Type.Literal('page'), Type.Literal('item')]),
  path: InAppLink,
  title: Type.String({ minLength: 1, maxLength: 100 }),
  at: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 }),
});
/** Visits batched by the client (at most 20 per call, debounced). */
export const FootprintRecordBody = Type.Object({ visits: Type.Array(FootprintVisit, { minItems: 1, maxItems: 20 }) });
export type FootprintRecordBody = Static<typeof FootprintRecordBody>;
export const FootprintListQuery = Type.Object({ ...PageFields });
export const FootprintRow = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(['page', 'item'] as const),
  path: Type.String(),
  title: Type.String(),
  visitedAt: Type.Number(),
});
export type FootprintRow = Static<typeof FootprintRow>;

// --- smart card ---------------------------------------------------------------------------------
export interface CardInfo {
  cardNo: string;
  status: string;
  balance: number;
  updatedAt: number | null;
  /** A 挂失/解冻 request waiting at the card office. */
  pending: CardRequestRow | null;
}
export const CardTxnQuery = Type.Object({
  ...PageFields,
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  place: Type.Optional(Short(60)),
  kind: Type.Optional(Short(20)),
});
export type CardTxnQuery = Static<typeof CardTxnQuery>;
export interface CardTxn {
  txnId: number;
  merchant: string;
  kind: string;
  amount: number;
  balanceAfter: number;
  occurredAt: number;
}
export interface CardMonth {
  month: string;
  spent: number;
  topUp: number;
  count: number;
}
export const CARD_REQUEST_KINDS = ['loss', 'unfreeze'] as const;
export type CardRequestKind = (typeof CARD_REQUEST_KINDS)[number];
export const CARD_REQUEST_KIND_LABELS: Record<CardRequestKind, string> = { loss: '挂失', unfreeze: '解冻' };
export const CARD_REQUEST_STATUS_LABELS: Record<string, string> = {
  pending: '待处理',
  done: '已办结',
  rejected: '已驳回',
};
export const CardRequestBody = Type.Object({
  kind: Type.Union([Type.Literal('loss'), Type.Literal('unfreeze')]),
  reason: Type.String({ maxLength: 200 }),
});
export const CardOfficeQuery = Type.Object({
  ...PageFields,
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('rejected')])),
});
export type CardOfficeQuery = Static<typeof CardOfficeQuery>;
export const CardHandleBody = Type.Object({ id: Id, approve: Type.Boolean(), remark: Type.String({ maxLength: 200 }) });
export interface CardRequestRow {
  id: number;
  userNo: string;
  userName: string;
  cardNo: string;
  kind: CardRequestKind;
  reason: string;
  status: string;
  remark: string;
  handledByName: string;
  handledAt: number | null;
  createdAt: number;
}

// --- salary -------------------------------------------------------------------------------------
/** How long a re-entered password shows payslip amounts. */
export const SALARY_UNLOCK_MS = 5 * 60_000;
export const SalaryVerifyBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) });
export const SalaryMonthQuery = Type.Object({ month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }) });
export interface SalaryStatus {
  months: string[];
  /** ms until which amounts show; null = verify first. */
  unlockedUntil: number | null;
}
export interface Payslip {
  month: string;
  gross: number;
  deductions: number;
  net: number;
  paidAt: number | null;
  items: { item: string; kind: string; amount: number }[];
}

// --- library ------------------------------------------------------------------------------------
/** The library's rules: at most this many renewals, none once overdue; each adds the reader's loan period. */
export const MAX_RENEWALS = 2;
export const LoanQuery = Type.Object({
  ...PageFields,
  scope: Type.Union([Type.Literal('current'), Type.Literal('history')]),
});
export type LoanQuery = Static<typeof LoanQuery>;
export const RenewBody = Type.Object({ loanId: Id });
export interface LoanRow {
  loanId: number;
  title: string;
  borrowedAt: number | null;
  dueDate: string;
  renewals: number;
  returnedAt: number | null;
  status: string;
  overdueDays: number;
  fine: number;
  overdue: boolean;
  renewable: boolean;
}

// --- timetable ----------------------------------------------------------------------------------
export const WeekQuery = Type.Object({ week: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })) });
export const ClassSlot = Type.Object({
  id: Type.Integer(),
  courseCode: Type.String(),
  courseName: Type.String(),
  teacher: Type.String(),
  room: Type.String(),
  className: Type.String(),
  weekday: Type.Integer(),
  periodStart: Type.Integer(),
  periodEnd: Type.Integer(),
  weekStart: Type.Integer(),
  weekEnd: Type.Integer(),
});
export type ClassSlot = Static<typeof ClassSlot>;
export interface TimetableWeek {
  term: { code: string; name: string; start: string; weeks: number };
  week: number;
  /** This week (null outside the term). */
  currentWeek: number | null;
  today: string;
  slots: ClassSlot[];
  todayClasses: ClassSlot[];
  /** The next class from now (this week or later). */
  next: (ClassSlot & { date: string }) | null;
}
export interface IcalInfo {
  active: boolean;
  createdAt: number | null;
  /** Only right after (re)creating: the token is stored hashed and never shown again. */
  url: string | null;
}

// --- research -----------------------------------------------------------------------------------
export const SCIENCE_KINDS = ['project', 'paper', 'award'] as const;
export type ScienceKind = (typeof SCIENCE_KINDS)[number];
export const ScienceQuery = Type.Object({
  ...PageFields,
  kind: Type.Union([Type.Literal('project'), Type.Literal('paper'), Type.Literal('award')]),
});
export type ScienceQuery = Static<typeof ScienceQuery>;

// --- home ---------------------------------------------------------------------------------------
export const HomeSummary = Type.Object({
  today: Type.String(),
  todayClasses: Type.Array(ClassSlot),
  card: Nullable(Type.Object({ balance: Type.Number(), status: Type.String() })),
  favorites: Type.Array(FavoriteRow),
  footprints: Type.Array(FootprintRow),
  loans: Type.Object({ current: Type.Integer(), overdue: Type.Integer() }),
});
export type HomeSummary = Static<typeof HomeSummary>;

// --- account ------------------------------------------------------------------------------------
export const MyInfo = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  realName: Type.String(),
  userNo: Type.String(),
  kind: Type.String(),
  department: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
});
export type MyInfo = Static<typeof MyInfo>;
export const PersonalInfo = Type.Object({
  ...MyInfo.properties,
  /** Campus facts from the data centre (post, title, unit, hire date for staff; college for students). */
  facts: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
});
export type PersonalInfo = Static<typeof PersonalInfo>;
export const CONTACT_CHANNELS = ['phone', 'email'] as const;
export const ContactCodeBody = Type.Union([
  Type.Object({ channel: Type.Literal('phone'), target: Type.String({ pattern: '^1[3-9]\\d{9}$' }) }),
  Type.Object({
    channel: Type.Literal('email'),
    target: Type.String({ pattern: '^[^@\\s]{1,64}@[^@\\s]{1,180}\\.[A-Za-z]{2,20}$', maxLength: 254 }),
  }),
]);
export const ContactBindBody = Type.Object({
  channel: Type.Union([Type.Literal('phone'), Type.Literal('email')]),
  code: Type.String({ pattern: '^\\d{6}$' }),
});
export const CONTACT_CODE_MS = 10 * 60_000;
export interface SessionRow {
  id: string;
  current: boolean;
  createdAt: number;
  lastSeenAt: number;
  ip: string | null;
  userAgent: string | null;
}
export const SessionRevokeBody = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{16}$' }) });
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
