/** Calendar days in the server's time zone (the same days incVisit counts visits by). */
export function dayKey(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Midnight of the day `ms` falls in, moved by `offsetDays` (DST-safe: built from the calendar). */
export function startOfDay(ms: number, offsetDays = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + offsetDays).getTime();
}
