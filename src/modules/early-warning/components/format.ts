/** China-time 'YYYY-MM-DD HH:mm' of an instant (the campus clock, whatever the browser's zone). */
export const time = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '' : new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** An evidence cell: times (ms) as China time, the rest as is. */
export const cell = (key: string, v: unknown) =>
  v === null || v === undefined ? '—' : /^(at|outAt|backAt)$/.test(key) ? time(Number(v)) : String(v);

export const STATUS_COLORS: Record<string, string> = { open: 'orange', closed: 'green', escalated: 'red' };
export const REQUEST_STATUS: Record<string, string> = {
  submitted: '待回复',
  answered: '已回复',
  pending: '待审批',
  approved: '已同意',
  rejected: '未同意',
};
