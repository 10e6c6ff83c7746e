import { Type, type Static } from 'typebox';
import { pageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/** GET /portal/api/v1.notice/list/ */
export const NoticeListQuery = Type.Object({
  kind: Type.Union([Type.Literal('notice'), Type.Literal('news')], { default: 'notice' }),
  ...pageFields(10),
});
export type NoticeListQuery = Static<typeof NoticeListQuery>;

/** GET /portal/api/v1.notice/detail/?id= */
export const NoticeDetailQuery = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type NoticeDetailQuery = Static<typeof NoticeDetailQuery>;

export type NoticeKind = 'notice' | 'news';

export interface NoticeSummary {
  id: number;
  kind: NoticeKind;
  title: string;
  summary: string;
  publishedAt: number;
}

export interface NoticeDetail extends NoticeSummary {
  /** HTML paragraphs */
  content: string;
}

/** GET /user/api/v1.dashboard/summary/ (administrators): the back-office home figures. */
export interface DashboardSummary {
  users: number;
  students: number;
  staff: number;
  platforms: number;
  activeSessions: number;
  loginsToday: number;
  visitsToday: number;
  logins7d: { day: string; count: number }[];
  recentAudit: { at: number; actorName: string; action: string; target: string; result: string }[];
}
