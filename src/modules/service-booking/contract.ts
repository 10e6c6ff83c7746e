import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/**
 * Service booking (预约办理, issue 17): windows with weekly opening rules and time slots, bookings
 * (book, cancel until the cut-off, check-in, no-show), call-back requests (预约回电) and electronic
 * permits (电子证照) with a public verification page. Paths: `/affairs/api/v1.booking/*`,
 * `/affairs/api/v1.callback/*`, `/affairs/api/v1.permit/*`; staff paths under `…/manage/`.
 */

export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Ms = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 });
const Text = (max: number, min = 0) => Type.String({ minLength: min, maxLength: max });

/** Bookings stop this many days ahead (slots are generated for this horizon). */
export const BOOKING_HORIZON_DAYS = 14;
/** Booking pauses for a person with this many no-shows in the last 30 days. */
export const NO_SHOW_LIMIT = 3;
/** How long before its slot a booking is reminded. */
export const REMIND_BEFORE_MS = 24 * 3600_000;

/** Mainland mobile (1[3-9]x) or a landline with area code (0xx-xxxxxxx, optional extension). */
export const PHONE_PATTERN = '^(1[3-9]\\d{9}|0\\d{2,3}-?\\d{7,8}(-\\d{1,6})?)$';
export const Phone = Type.String({ pattern: PHONE_PATTERN, maxLength: 20 });
/** 'HH:mm', 00:00–23:59. */
const Clock = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

export const BOOKING_STATUSES = ['booked', 'cancelled', 'attended', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  booked: '已预约',
  cancelled: '已取消',
  attended: '已到场',
  no_show: '失约',
};

export const CALLBACK_STATUSES = ['pending', 'accepted', 'closed', 'cancelled'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];
export const CALLBACK_STATUS_LABELS: Record<CallbackStatus, string> = {
  pending: '待受理',
  accepted: '处理中',
  closed: '已办结',
  cancelled: '已撤销',
};
export const CALLBACK_ACTION_LABELS: Record<string, string> = {
  create: '提交申请',
  accept: '受理',
  call: '回电记录',
  close: '办结',
  cancel: '撤销',
};

export const PERMIT_STATUSES = ['valid', 'revoked'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];
export const PERMIT_STATUS_LABELS: Record<PermitStatus, string> = { valid: '有效', revoked: '已撤销' };

export const WEEKDAY_LABELS = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

// ---- windows and rules ----
export const WeeklyRule = Type.Object({
  weekday: Type.Integer({ minimum: 1, maximum: 7 }),
  start: Clock,
  end: Clock,
});
export type WeeklyRule = Static<typeof WeeklyRule>;

export const WindowSaveBody = Type.Object({
  id: Type.Optional(Id),
  departmentId: Id,
  itemId: Type.Union([Id, Type.Null()]),
  name: Text(60, 1),
  location: Text(120, 1),
  note: Text(500),
  rules: Type.Array(WeeklyRule, { minItems: 1, maxItems: 28 }),
  slotMinutes: Type.Integer({ minimum: 10, maximum: 240 }),
  capacity: Type.Integer({ minimum: 1, maximum: 500 }),
  cutoffMinutes: Type.Integer({ minimum: 0, maximum: 7 * 24 * 60 }),
  status: Type.Union([Type.Literal('active'), Type.Literal('paused')]),
});
export type WindowSaveBody = Static<typeof WindowSaveBody>;

export interface WindowRow {
  id: number;
  departmentId: number;
  departmentName: string;
  itemId: number | null;
  itemName: string | null;
  name: string;
  location: string;
  note: string;
  rules: WeeklyRule[];
  slotMinutes: number;
  capacity: number;
  cutoffMinutes: number;
  status: 'active' | 'paused';
  updatedAt: number;
}

export const WindowListQuery = Type.Object({
  ...PageFields,
  departmentId: Type.Optional(Id),
  keyword: Type.Optional(Text(60)),
});
export type WindowListQuery = Static<typeof WindowListQuery>;

// ---- booking (applicant) ----
export const ItemQuery = Type.Object({ itemId: Id });
export type ItemQuery = Static<typeof ItemQuery>;

export const SlotsQuery = Type.Object({
  itemId: Id,
  /** 'YYYY-MM-DD' (Beijing time); the first bookable day when absent. */
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
});
export type SlotsQuery = Static<typeof SlotsQuery>;

export interface SlotView {
  id: number;
  windowId: number;
  windowName: string;
  location: string;
  startAt: number;
  endAt: number;
  capacity: number;
  booked: number;
  /** Bookable now (open, before the cut-off, a seat free). */
  bookable: boolean;
}

export interface BookingOverview {
  item: { id: number; name: string; departmentName: string };
  /** Days (YYYY-MM-DD) with at least one slot, and how many seats are free that day. */
  days: { date: string; free: number }[];
  windows: { id: number; name: string; location: string; note: string; cutoffMinutes: number }[];
  /** The caller's no-shows in the last 30 days and the limit (null for a visitor). */
  noShows: number | null;
  noShowLimit: number;
  /** Whether the caller may book this item (signed in, allowed by the item's rules). */
  canBook: boolean;
}

export const BookBody = Type.Object({
  slotId: Id,
  itemId: Id,
  phone: Type.Union([Phone, Type.Literal('')]),
  note: Text(200),
});
export type BookBody = Static<typeof BookBody>;

/** The data of a 已约满 (bookingFull) answer: the next free slots of the same item. */
export interface FullAnswer {
  alternatives: SlotView[];
}

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;

export interface BookingRow {
  id: number;
  itemId: number;
  itemName: string;
  departmentName: string;
  windowName: string;
  location: string;
  slotStart: number;
  slotEnd: number;
  status: BookingStatus;
  phone: string;
  note: string;
  createdAt: number;
  /** May still be cancelled by the applicant (booked, before the cut-off). */
  cancellable: boolean;
  userName?: string;
  userNo?: string;
}

export const MyBookingsQuery = Type.Object({
  ...PageFields,
  scope: Type.Optional(Type.Union([Type.Literal('upcoming'), Type.Literal('past'), Type.Literal('all')])),
});
export type MyBookingsQuery = Static<typeof MyBookingsQuery>;

// ---- booking desk (department staff) ----
export const DeskQuery = Type.Object({
  ...PageFields,
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  windowId: Type.Optional(Id),
  status: Type.Optional(Type.Unsafe<BookingStatus>({ type: 'string', enum: [...BOOKING_STATUSES] })),
  keyword: Type.Optional(Text(40)),
});
export type DeskQuery = Static<typeof DeskQuery>;

export interface DeskSummary {
  date: string;
  slots: {
    id: number;
    windowName: string;
    startAt: number;
    endAt: number;
    capacity: number;
    booked: number;
    status: string;
  }[];
}

// ---- call-backs ----
export const CallbackBody = Type.Object({
  itemId: Id,
  topic: Text(60, 2),
  detail: Text(1000),
  phone: Phone,
  windowStart: Ms,
  windowEnd: Ms,
});
export type CallbackBody = Static<typeof CallbackBody>;

export interface CallbackRow {
  id: number;
  itemId: number;
  itemName: string;
  departmentName: string;
  topic: string;
  detail: string;
  phone: string;
  windowStart: number;
  windowEnd: number;
  status: CallbackStatus;
  handlerName: string | null;
  calledAt: number | null;
  outcome: string;
  createdAt: number;
  updatedAt: number;
  userName?: string;
  userNo?: string;
  /** Past the end of the applicant's window and not closed. */
  overdue: boolean;
}

export interface CallbackDetail extends CallbackRow {
  log: { action: string; actorName: string; note: string; at: number }[];
}

export const CallbackListQuery = Type.Object({
  ...PageFields,
  status: Type.Optional(Type.Unsafe<CallbackStatus>({ type: 'string', enum: [...CALLBACK_STATUSES] })),
  keyword: Type.Optional(Text(40)),
});
export type CallbackListQuery = Static<typeof CallbackListQuery>;

export const CallbackActBody = Type.Object({
  id: Id,
  action: Type.Union([Type.Literal('accept'), Type.Literal('call'), Type.Literal('close')]),
  note: Text(1000),
  /** With 'call': when the call took place (defaults to now). */
  calledAt: Type.Optional(Ms),
});
export type CallbackActBody = Static<typeof CallbackActBody>;

// ---- permits ----
export interface PermitRow {
  id: number;
  itemId: number;
  itemName: string;
  departmentName: string;
  holderName: string;
  holderNo: string;
  title: string;
  code: string;
  status: PermitStatus;
  issuedAt: number;
  validUntil: number | null;
  revokedAt: number | null;
  revokeReason: string;
  /** 'auto' (the approval ended approved) or the issuer's name. */
  issuedByName: string;
  instanceId: number | null;
}

export interface PermitDocument extends PermitRow {
  /** The QR code (PNG data URL) that opens the public verification page. */
  qr: string;
  verifyPath: string;
}

export const PermitListQuery = Type.Object({
  ...PageFields,
  status: Type.Optional(Type.Unsafe<PermitStatus>({ type: 'string', enum: [...PERMIT_STATUSES] })),
  keyword: Type.Optional(Text(40)),
});
export type PermitListQuery = Static<typeof PermitListQuery>;

export const PermitIssueBody = Type.Object({
  itemId: Id,
  /** The holder's 学号/工号 (their username). */
  holderNo: Text(40, 1),
  /** End of validity (ms); absent = no end. */
  validUntil: Type.Optional(Ms),
});
export type PermitIssueBody = Static<typeof PermitIssueBody>;

export const PermitRevokeBody = Type.Object({ id: Id, reason: Text(200, 2) });
export type PermitRevokeBody = Static<typeof PermitRevokeBody>;

/** Verification codes: 12 characters of an unambiguous alphabet (no 0/O, 1/I/L). */
export const PERMIT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VerifyQuery = Type.Object({ code: Type.String({ pattern: '^[0-9A-Za-z-]{4,40}$' }) });
export type VerifyQuery = Static<typeof VerifyQuery>;

export interface VerifyAnswer {
  result: 'valid' | 'revoked' | 'expired' | 'unknown';
  title?: string;
  itemName?: string;
  departmentName?: string;
  /** Masked: 李*轩. */
  holderName?: string;
  issuedAt?: number;
  validUntil?: number | null;
  revokedAt?: number | null;
  revokeReason?: string;
}

/** Options the staff pages need: the items of the caller's department(s). */
export interface StaffScope {
  isAdmin: boolean;
  departments: { id: number; name: string }[];
  items: { id: number; name: string; departmentId: number; modes: string[]; issuesPermit: boolean }[];
}

export const PERMIT_VERIFY_PATH = '/home/permitVerify';
