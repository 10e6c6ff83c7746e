import type { FillWindowState, SubmitLimit } from '../contract';

/** China time (UTC+8, no daylight saving): the days, weeks and months a limit per person counts in. */
const CHINA_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** Where a form's window stands at `now`: before opening, open, or after closing. */
export function windowState(opensAt: number | null, closesAt: number | null, now: number): FillWindowState {
  if (opensAt !== null && now < opensAt) return 'notOpen';
  if (closesAt !== null && now >= closesAt) return 'closed';
  return 'open';
}

/**
 * The period a submission at `now` uses up under a limit per person, as stored in form_submit_slot:
 * 'once'; 'd:2026-11-25'; 'w:2026-11-23' (the week's Monday); 'm:2026-11'. null: no limit.
 */
export function periodKey(limit: SubmitLimit, now: number): string | null {
  if (limit === 'none') return null;
  if (limit === 'once') return 'once';
  const local = new Date(now + CHINA_MS);
  const day = local.toISOString().slice(0, 10);
  if (limit === 'day') return `d:${day}`;
  if (limit === 'month') return `m:${day.slice(0, 7)}`;
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return `w:${new Date(now + CHINA_MS - sinceMonday * DAY_MS).toISOString().slice(0, 10)}`;
}

/** 'YYYY-MM-DD HH:mm' in China time, as refusals name the window. */
export const chinaTime = (ms: number) => new Date(ms + CHINA_MS).toISOString().slice(0, 16).replace('T', ' ');
