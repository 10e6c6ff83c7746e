import type { Dayjs } from 'dayjs';

/** A RangePicker's days as [from, to) in ms (to = the day after the last one). */
export function periodOf(range: [Dayjs | null, Dayjs | null] | null): { from?: number; to?: number } {
  if (!range?.[0] || !range[1]) return {};
  return { from: range[0].startOf('day').valueOf(), to: range[1].add(1, 'day').startOf('day').valueOf() };
}
