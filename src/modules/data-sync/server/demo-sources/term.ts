/**
 * The demo's calendar: fixed dates, never Date.now(), so every install generates the same
 * source systems. The 2026 autumn term starts on Monday 2026-09-07; events are generated for
 * its first weeks (up to the week the demo was written in), times in China time (UTC+8).
 */
export const TERM = {
  code: '2026-2027-1',
  name: '2026-2027学年第一学期',
  start: '2026-09-07',
  end: '2027-01-17',
  weeks: 19,
} as const;

/**
 * Weeks of daily events (card transactions, gate events, attendance) by size: the full demo runs
 * to the end of week 11 (Sunday 2026-11-22), the last full week before the demo was made, so no
 * event lies in its future.
 */
export const EVENT_WEEKS = { small: 2, full: 11 } as const;
export type DemoSize = keyof typeof EVENT_WEEKS;

const CHINA_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

/** Midnight (China time) of a 'YYYY-MM-DD' date, in ms since the epoch. */
export function dayStart(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) - CHINA_OFFSET_MS;
}

/** 'YYYY-MM-DD' (China time) of an instant. */
export function isoDate(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A day of the term: its date, midnight, week (1…) and weekday (1 = Monday … 7 = Sunday). */
export interface TermDay {
  date: string;
  start: number;
  week: number;
  weekday: number;
  /** National Day holiday (1–7 October): most students go home. */
  holiday: boolean;
}

export function termDays(weeks: number): TermDay[] {
  const first = dayStart(TERM.start);
  const out: TermDay[] = [];
  for (let i = 0; i < weeks * 7; i++) {
    const start = first + i * DAY_MS;
    const date = isoDate(start);
    out.push({
      date,
      start,
      week: Math.floor(i / 7) + 1,
      weekday: (i % 7) + 1,
      holiday: date >= '2026-10-01' && date <= '2026-10-07',
    });
  }
  return out;
}

/** Academic terms from a grade's first autumn up to the current one ('2023-2024-2' = spring 2024). */
export function termsSince(firstYear: number): string[] {
  const out: string[] = [];
  for (let y = firstYear; y <= 2026; y++) {
    out.push(`${y}-${y + 1}-1`);
    if (y < 2026) out.push(`${y}-${y + 1}-2`);
  }
  return out;
}

/** The first Monday on or after a date (UTC calendar arithmetic, no time zone involved). */
function firstMonday(y: number, month: number, day: number): string {
  const d = new Date(Date.UTC(y, month - 1, day));
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}

/** Dates and name of an academic term code: autumn from the first Monday of September, spring from late February. */
export function termDates(code: string): { start: string; end: string; name: string } {
  const [y1, y2, n] = code.split('-').map(Number) as [number, number, number];
  return n === 1
    ? { start: firstMonday(y1, 9, 1), end: `${y2}-01-17`, name: `${y1}-${y2}学年第一学期` }
    : { start: firstMonday(y2, 2, 20), end: `${y2}-07-05`, name: `${y1}-${y2}学年第二学期` };
}
