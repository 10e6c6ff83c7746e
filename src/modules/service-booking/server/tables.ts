import type { Generated } from 'kysely';

/**
 * Service booking's tables (migration 0031-service-booking): windows with weekly opening rules,
 * the time slots generated from them (capacity and seats taken), bookings, call-back requests
 * (with their handling log) and electronic permits.
 */
export interface SbWindowTable {
  id: Generated<number>;
  departmentId: number;
  /** The one item it serves, or null: it serves every booking item of its department. */
  itemId: number | null;
  name: string;
  location: string;
  note: string;
  /** JSON WeeklyRule[]: weekday (1 = Monday … 7), start/end 'HH:mm'. */
  rules: string;
  slotMinutes: number;
  capacity: number;
  /** Bookings close this many minutes before a slot starts (and may be cancelled until then). */
  cutoffMinutes: number;
  /** 'active' | 'paused' */
  status: string;
  createdAt: number;
  updatedAt: number;
}

export interface SbSlotTable {
  id: Generated<number>;
  windowId: number;
  startAt: number;
  endAt: number;
  capacity: number;
  booked: number;
  /** 'open' | 'closed' (a rule no longer covers it, or staff closed it) */
  status: string;
}

export interface SbBookingTable {
  id: Generated<number>;
  slotId: number;
  windowId: number;
  itemId: number;
  departmentId: number;
  userId: number;
  slotStart: number;
  slotEnd: number;
  /** 'booked' | 'cancelled' | 'attended' | 'no_show' */
  status: string;
  phone: string;
  note: string;
  remindedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** Who marked it attended (staff), or null. */
  handledBy: number | null;
}

export interface SbCallbackTable {
  id: Generated<number>;
  itemId: number;
  departmentId: number;
  userId: number;
  topic: string;
  detail: string;
  phone: string;
  /** The time window the applicant can take the call in. */
  windowStart: number;
  windowEnd: number;
  /** 'pending' | 'accepted' | 'closed' | 'cancelled' */
  status: string;
  handlerId: number | null;
  calledAt: number | null;
  outcome: string;
  createdAt: number;
  updatedAt: number;
}

export interface SbCallbackLogTable {
  id: Generated<number>;
  callbackId: number;
  actorId: number;
  actorName: string;
  /** 'create' | 'accept' | 'call' | 'close' | 'cancel' */
  action: string;
  note: string;
  at: number;
}

export interface SbPermitTable {
  id: Generated<number>;
  itemId: number;
  departmentId: number;
  holderId: number;
  holderName: string;
  title: string;
  /** The approved workflow instance it was issued for (unique), or null when issued by hand. */
  instanceId: number | null;
  /** Verification code printed on the permit and in its QR code (unique). */
  code: string;
  /** 'valid' | 'revoked' */
  status: string;
  issuedAt: number;
  /** null = issued by the settling job. */
  issuedBy: number | null;
  validUntil: number | null;
  revokedAt: number | null;
  revokedBy: number | null;
  revokeReason: string;
}

/** Cursor of the permit-settling job: the last approved instance looked at (ended time, id). */
export interface SbSettleCursorTable {
  name: string;
  endedAt: number;
  instanceId: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    sbWindow: SbWindowTable;
    sbSlot: SbSlotTable;
    sbBooking: SbBookingTable;
    sbCallback: SbCallbackTable;
    sbCallbackLog: SbCallbackLogTable;
    sbPermit: SbPermitTable;
    sbSettleCursor: SbSettleCursorTable;
  }
}
