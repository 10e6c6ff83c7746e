import { HttpError } from '@/core/http';
import { Codes } from '@/shared/errors';
import type { BookingStatus, CallbackStatus, FullAnswer, PermitStatus, SlotView } from '../contract';

/** Beijing wall-clock parts of an instant (the campus's time, whatever the browser's zone). */
const bj = (ms: number) => new Date(ms + 8 * 3600_000).toISOString();

/** 'YYYY-MM-DD HH:mm' in Beijing time. */
export const time = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '' : bj(ms).slice(0, 16).replace('T', ' ');
/** 'HH:mm'. */
export const clock = (ms: number) => bj(ms).slice(11, 16);
/** 'YYYY-MM-DD'. */
export const day = (ms: number) => bj(ms).slice(0, 10);
/** '09:00–09:30'. */
export const span = (start: number, end: number) => `${clock(start)}–${clock(end)}`;

const WEEK = ['日', '一', '二', '三', '四', '五', '六'];
/** '11月25日 周二' of a 'YYYY-MM-DD'. */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 周${WEEK[d.getUTCDay()]}`;
}
/** '11月25日 周二 09:00–09:30'. */
export const slotLabel = (start: number, end: number) => `${dayLabel(day(start))} ${span(start, end)}`;

export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  booked: 'processing',
  cancelled: 'default',
  attended: 'success',
  no_show: 'error',
};
export const CALLBACK_STATUS_COLORS: Record<CallbackStatus, string> = {
  pending: 'warning',
  accepted: 'processing',
  closed: 'success',
  cancelled: 'default',
};
export const PERMIT_STATUS_COLORS: Record<PermitStatus, string> = { valid: 'success', revoked: 'error' };

/** Where the pages of this module live (links from messages and other modules use the same). */
export const orderlinePath = (itemId?: number) => `/web/eventService/orderline${itemId ? `?id=${itemId}` : ''}`;
export const applyCallPath = (itemId?: number) => `/web/eventService/applyCall${itemId ? `?id=${itemId}` : ''}`;
export const permitPath = (id?: number) => `/web/eventService/electronicWorkPermit${id ? `?id=${id}` : ''}`;
export const itemGuidePath = (itemId: number) => `/web/eventService/online?id=${itemId}`;

/** A positive integer query parameter, or undefined. */
export function idParam(v: string | null): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : undefined;
}

/**
 * The next free slots a 已约满 answer (bookingFull) carries, or null when the error is another one.
 * A failed call rejects with the whole envelope as its data.
 */
export function fullAlternatives(e: unknown): SlotView[] | null {
  if (!(e instanceof HttpError) || e.code !== Codes.bookingFull) return null;
  const body = e.data as { data?: Partial<FullAnswer> } | null;
  return body?.data?.alternatives ?? [];
}

/** A time window: '2026-11-24 19:00 – 21:00' within a day, both dates when it spans days. */
export const windowLabel = (start: number, end: number) =>
  day(start) === day(end) ? `${time(start)} – ${clock(end)}` : `${time(start)} – ${time(end)}`;
