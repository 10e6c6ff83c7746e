import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/**
 * 校历与日程 (issue 21, lightApps/calendar). Paths: `/portal/api/v1.calendar/*` (a person's calendar:
 * the school calendar, their own and their department's events, the iCalendar subscription),
 * `/portal/api/v1.schoolCalendar/*` (the back office keeps the school calendar) and the feed itself,
 * `GET /portal/calendar/feed/<token>.ics` (no session: the token is the key, revocable).
 */

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
/** ms since epoch, bounded so it stays an ordinary number on both databases. */
const Ms = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 });
const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** What the school calendar holds: terms (their first day starts teaching week 1), holidays, exams, other days. */
export const SCHOOL_KINDS = ['term', 'holiday', 'exam', 'other'] as const;
export type SchoolKind = (typeof SCHOOL_KINDS)[number];
export const SCHOOL_KIND_LABELS: Record<SchoolKind, string> = {
  term: '学期',
  holiday: '假期',
  exam: '考试周',
  other: '校园活动',
};
export const SCHOOL_KIND_COLORS: Record<SchoolKind, string> = {
  term: '#1677ff',
  holiday: '#52c41a',
  exam: '#fa541c',
  other: '#722ed1',
};

const SchoolKindField = Type.Union([
  Type.Literal('term'),
  Type.Literal('holiday'),
  Type.Literal('exam'),
  Type.Literal('other'),
]);

export const EVENT_SCOPES = ['personal', 'department'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];
export const EVENT_SCOPE_LABELS: Record<EventScope, string> = { personal: '个人日程', department: '部门日程' };

/** Reminder choices (minutes before the start); 0 = at the start. */
export const REMIND_CHOICES = [0, 5, 15, 30, 60, 1440] as const;
export const REMIND_LABELS: Record<number, string> = {
  0: '开始时',
  5: '提前5分钟',
  15: '提前15分钟',
  30: '提前30分钟',
  60: '提前1小时',
  1440: '提前1天',
};

export const TITLE_MAX = 60;
export const TEXT_MAX = 500;
export const LOCATION_MAX = 60;
/** An event may last at most this long (a longer one is a school calendar entry). */
export const EVENT_MAX_DAYS = 31;
/** The widest window one events/ call answers (a month view with its spill-over weeks fits). */
export const RANGE_MAX_DAYS = 62;

// --- a person's calendar ------------------------------------------------------------------

/** GET /portal/api/v1.calendar/events/ — everything in [start, end). */
export const RangeQuery = Type.Object({ start: Ms, end: Ms });
export type RangeQuery = Static<typeof RangeQuery>;

export const EventSaveBody = Type.Object({
  id: Type.Optional(Id),
  scope: Type.Union([Type.Literal('personal'), Type.Literal('department')]),
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX }),
  location: Type.String({ maxLength: LOCATION_MAX, default: '' }),
  note: Type.String({ maxLength: TEXT_MAX, default: '' }),
  startAt: Ms,
  endAt: Ms,
  allDay: Type.Boolean({ default: false }),
  /** Minutes before the start; absent = no reminder. */
  remindMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10080 })),
});
export type EventSaveBody = Static<typeof EventSaveBody>;

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;

export interface SchoolEntryView {
  id: number;
  kind: SchoolKind;
  title: string;
  /** 'YYYY-MM-DD', inclusive. */
  startDate: string;
  endDate: string;
  note: string;
}

export interface EventView {
  id: number;
  scope: EventScope;
  title: string;
  location: string;
  note: string;
  startAt: number;
  endAt: number;
  allDay: boolean;
  remindMinutes: number | null;
  departmentName: string;
  /** The caller may change or delete it. */
  editable: boolean;
}

export interface CalendarAnswer {
  school: SchoolEntryView[];
  events: EventView[];
  /** Terms overlapping the window, for the teaching-week numbers. */
  terms: SchoolEntryView[];
  /** The caller may keep their department's events. */
  canEditDepartment: boolean;
  departmentName: string;
}

export interface FeedStatus {
  active: boolean;
  createdAt: number | null;
  lastFetchedAt: number | null;
}
/** POST feed/create/: the link is shown once (only its hash is kept). */
export interface FeedCreated {
  url: string;
  createdAt: number;
}

// --- back office: the school calendar ----------------------------------------------------

export const SchoolListQuery = Type.Object({
  ...PageFields,
  kind: Type.Optional(SchoolKindField),
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
});
export type SchoolListQuery = Static<typeof SchoolListQuery>;

export const SchoolSaveBody = Type.Object({
  id: Type.Optional(Id),
  kind: SchoolKindField,
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX }),
  startDate: DateText,
  endDate: DateText,
  note: Type.String({ maxLength: TEXT_MAX, default: '' }),
});
export type SchoolSaveBody = Static<typeof SchoolSaveBody>;

/** Teaching week of a day within a term (week 1 holds the term's first day; weeks start Monday). */
export function teachingWeek(termStart: string, day: string): number {
  const ms = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));
  const start = ms(termStart);
  const monday = start - ((new Date(start).getUTCDay() + 6) % 7) * 86_400_000;
  return Math.floor((ms(day) - monday) / (7 * 86_400_000)) + 1;
}
