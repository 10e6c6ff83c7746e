import type { DutyStatus, ReportCycle } from '../contract';

/**
 * Reporting duties: the period a table must be confirmed in, its deadline and the status.
 * Periods are Beijing time: weeks from Monday, months, terms from 1 March and 1 September.
 */
const BEIJING_MS = 8 * 3600_000;
const DAY = 86_400_000;
/** A duty is "due soon" this long before its deadline. */
export const DUE_SOON_MS = 3 * DAY;

export interface Period {
  key: string;
  start: number;
  /** The deadline: end of the deadline day. */
  deadline: number;
}

export function periodOf(cycle: ReportCycle, deadlineDay: number, now: number): Period | null {
  if (cycle === 'none') return null;
  const t = new Date(now + BEIJING_MS);
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth();
  let startLocal: number;
  let key: string;
  let day = deadlineDay;
  if (cycle === 'weekly') {
    const dow = (t.getUTCDay() + 6) % 7; // Monday = 0
    startLocal = Date.UTC(y, m, t.getUTCDate() - dow);
    const s = new Date(startLocal);
    key = `W${s.getUTCFullYear()}-${String(s.getUTCMonth() + 1).padStart(2, '0')}-${String(s.getUTCDate()).padStart(2, '0')}`;
    day = Math.min(deadlineDay, 7);
  } else if (cycle === 'monthly') {
    startLocal = Date.UTC(y, m, 1);
    key = `M${y}-${String(m + 1).padStart(2, '0')}`;
    day = Math.min(deadlineDay, new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  } else {
    // Spring term from 1 March, autumn term from 1 September (January and February belong to the autumn term).
    const autumnYear = m >= 8 ? y : m < 2 ? y - 1 : null;
    startLocal = autumnYear !== null ? Date.UTC(autumnYear, 8, 1) : Date.UTC(y, 2, 1);
    key = autumnYear !== null ? `T${autumnYear}-1` : `T${y - 1}-2`;
  }
  const start = startLocal - BEIJING_MS;
  return { key, start, deadline: start + day * DAY - 1 };
}

export function dutyStatus(period: Period | null, lastReportedAt: number | null, now: number): DutyStatus {
  if (!period) return 'ok';
  if (lastReportedAt !== null && lastReportedAt >= period.start) return 'ok';
  if (now > period.deadline) return 'overdue';
  return period.deadline - now <= DUE_SOON_MS ? 'dueSoon' : 'ok';
}
