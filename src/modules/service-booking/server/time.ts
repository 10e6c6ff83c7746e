import type { WeeklyRule } from '../contract';

/** Beijing time (UTC+8, no daylight saving): the campus's calendar for days, weekdays and opening hours. */
const OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of an instant in Beijing time. */
export const dateOf = (ms: number): string => new Date(ms + OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Beijing day ('YYYY-MM-DD') starts. */
export function dayStart(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) - OFFSET_MS;
}

/** 1 = Monday … 7 = Sunday, of a Beijing day. */
export function weekdayOf(date: string): number {
  const wd = new Date(dayStart(date) + OFFSET_MS).getUTCDay();
  return wd === 0 ? 7 : wd;
}

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** A rule's end must come after its start, and rules of one weekday must not overlap. */
export function ruleProblem(rules: WeeklyRule[], slotMinutes: number): string | null {
  for (const r of rules) {
    if (minutesOf(r.end) - minutesOf(r.start) < slotMinutes)
      return `${r.start}–${r.end} 不足一个时段（${slotMinutes} 分钟）`;
  }
  for (let i = 0; i < rules.length; i++)
    for (let j = i + 1; j < rules.length; j++) {
      const a = rules[i]!;
      const b = rules[j]!;
      if (a.weekday === b.weekday && minutesOf(a.start) < minutesOf(b.end) && minutesOf(b.start) < minutesOf(a.end))
        return `同一天的开放时间 ${a.start}–${a.end} 与 ${b.start}–${b.end} 重叠`;
    }
  return null;
}

/**
 * The slots the weekly rules open on the days from `from` (a Beijing day start) for `days` days:
 * each rule's span cut into `slotMinutes` pieces (a last piece shorter than a slot is dropped).
 */
export function slotsFor(
  rules: WeeklyRule[],
  slotMinutes: number,
  from: number,
  days: number,
): { startAt: number; endAt: number }[] {
  const out: { startAt: number; endAt: number }[] = [];
  for (let d = 0; d < days; d++) {
    const start = from + d * DAY_MS;
    const wd = weekdayOf(dateOf(start));
    for (const r of rules.filter((x) => x.weekday === wd).sort((a, b) => minutesOf(a.start) - minutesOf(b.start))) {
      for (let m = minutesOf(r.start); m + slotMinutes <= minutesOf(r.end); m += slotMinutes)
        out.push({ startAt: start + m * 60_000, endAt: start + (m + slotMinutes) * 60_000 });
    }
  }
  return out;
}

/** '11月24日 09:00' style in Beijing time (messages). */
export function beijingLabel(ms: number): string {
  const iso = new Date(ms + OFFSET_MS).toISOString();
  return `${Number(iso.slice(5, 7))}月${Number(iso.slice(8, 10))}日 ${iso.slice(11, 16)}`;
}
