import type { Db } from '@/server/db/dialect';
import { getSetting } from '@/server/identity/settings';

/**
 * The term calendar the timetable's weeks count from. The university sets it in the setting
 * `userCenter.term` ({ code, name, start: 'YYYY-MM-DD' Monday of week 1, weeks }); without one
 * the current autumn term (the one the demo's academic system holds) applies.
 */
export interface Term {
  code: string;
  name: string;
  start: string;
  weeks: number;
}
export const TERM_SETTING = 'userCenter.term';
const DEFAULT_TERM: Term = { code: '2026-2027-1', name: '2026-2027学年第一学期', start: '2026-09-07', weeks: 19 };

export async function currentTerm(db: Db): Promise<Term> {
  return (await getSetting<Term>(db, TERM_SETTING)) ?? DEFAULT_TERM;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

/** Midnight, China time, of a 'YYYY-MM-DD' day. */
export function dayStart(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) - CHINA_OFFSET_MS;
}
/** 'YYYY-MM-DD', China time. */
export const isoDay = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
/** 'YYYY-MM', China time. */
export const isoMonth = (ms: number) => isoDay(ms).slice(0, 7);

/** Term week (1…) and weekday (1 = Monday) of an instant; week may fall outside 1…weeks. */
export function termPosition(term: Term, ms: number): { week: number; weekday: number } {
  const days = Math.floor((ms - dayStart(term.start)) / DAY_MS);
  return { week: Math.floor(days / 7) + 1, weekday: (((days % 7) + 7) % 7) + 1 };
}

/** The date of a week's weekday. */
export const dateOf = (term: Term, week: number, weekday: number) =>
  isoDay(dayStart(term.start) + ((week - 1) * 7 + (weekday - 1)) * DAY_MS);

/** Class periods' clock times (start, end), the university's bell schedule. */
export const PERIODS: Record<number, [string, string]> = {
  1: ['08:00', '08:45'],
  2: ['08:55', '09:40'],
  3: ['10:00', '10:45'],
  4: ['10:55', '11:40'],
  5: ['14:00', '14:45'],
  6: ['14:55', '15:40'],
  7: ['16:00', '16:45'],
  8: ['16:55', '17:40'],
  9: ['19:00', '19:45'],
  10: ['19:55', '20:40'],
  11: ['20:50', '21:35'],
  12: ['21:45', '22:30'],
};

/** ms of a clock time on a day, China time. */
export function at(date: string, hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return dayStart(date) + (h * 60 + m) * 60_000;
}
