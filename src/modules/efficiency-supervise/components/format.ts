/** Shared by the desktop and phone pages: how times and durations read. */

const HOUR = 3_600_000;

/** "MM-DD HH:mm" in the browser's time zone. */
export function shortTime(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** How far a due time is from now: "超期 1天3小时" or "剩余 5小时". */
export function dueText(dueAt: number, now: number): string {
  const past = now > dueAt;
  const h = Math.max(1, Math.round(Math.abs(now - dueAt) / HOUR));
  const span = h >= 24 ? `${Math.floor(h / 24)}天${h % 24 ? `${h % 24}小时` : ''}` : `${h}小时`;
  return past ? `超期 ${span}` : `剩余 ${span}`;
}

export const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
export const hoursText = (h: number | null) => (h === null ? '—' : `${h} 小时`);
