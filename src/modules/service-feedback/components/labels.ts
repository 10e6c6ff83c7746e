import type { RectifyStatus } from '../contract';

/** Colours of the five levels (5 非常满意 … 1 非常不满意), for tags and charts. */
export const LEVEL_COLORS: Record<number, string> = {
  5: '#52c41a',
  4: '#95de64',
  3: '#faad14',
  2: '#fa8c16',
  1: '#f5222d',
};

/** Tag colours of the levels: antd's named palettes, whose tag text reads at 4.5:1 (a hex colour's does not). */
export const LEVEL_TAG_COLORS: Record<number, string> = { 5: 'green', 4: 'lime', 3: 'gold', 2: 'orange', 1: 'red' };

export const RECTIFY_COLORS: Record<RectifyStatus, string> = { open: 'orange', replied: 'blue', closed: 'green' };

export const time = (ms: number | null) => {
  if (ms === null) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

export const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Where an item's reviews open (public desktop page). */
export const viewDetailsPath = (itemId: number) => `/web/eventService/viewDetails?id=${itemId}`;
export const itemDetailsPath = (itemId: number) => `/cms/serviceTool/feedbackItemDetails?itemId=${itemId}`;
export const FEEDBACK_PATH = '/web/feedback/index';
export const MOBILE_FEEDBACK_PATH = '/mobile/feedback';
