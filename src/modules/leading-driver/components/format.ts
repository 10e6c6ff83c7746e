/** 12,345 */
export const count = (n: number) => n.toLocaleString('zh-CN');
/** 12.3% */
export const percent = (r: number) => `${(r * 100).toFixed(1)}%`;
/** Money in 元, shown in 万元 from ten thousand. */
export const yuan = (v: number) => (Math.abs(v) >= 10_000 ? `${(v / 10_000).toFixed(2)} 万元` : `${v.toFixed(2)} 元`);
/** Bytes as GB / TB. */
export const bytes = (v: number) =>
  v >= 1024 ** 4 ? `${(v / 1024 ** 4).toFixed(2)} TB` : `${(v / 1024 ** 3).toFixed(1)} GB`;
/** 2026-11-25 08:05 (Beijing time) */
export const stamp = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
