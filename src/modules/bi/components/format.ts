/** China-time 'YYYY-MM-DD HH:mm' of an instant (the campus clock, whatever the browser's zone). */
export const time = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '' : new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** A value with its unit, two decimals at most. */
export const amount = (v: number | null | undefined, unit: string) =>
  v === null || v === undefined ? '—' : `${Number.isInteger(v) ? v : Number(v.toFixed(2))}${unit ? ` ${unit}` : ''}`;
