import { http } from '../../core/http';
import type { Page } from '../../shared/envelope';

export type NoticeKind = 'notice' | 'news';

export interface NoticeSummary {
  id: number;
  kind: NoticeKind;
  title: string;
  summary: string;
  publishedAt: number;
}

export interface NoticeDetail {
  id: number;
  kind: NoticeKind;
  title: string;
  /** HTML; shown as text paragraphs until server-side sanitising lands */
  content: string;
  publishedAt: number;
}

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

/** Notices or news, newest first. GET /portal/api/v1.notice/list/ */
export const listNotices = (q: { kind: NoticeKind; page: number; pageSize: number }) =>
  http.get<Page<NoticeSummary>>('/portal/api/v1.notice/list/', { params: q });

/** One notice or news item. GET /portal/api/v1.notice/detail/ */
export const getNotice = (id: number) => http.get<NoticeDetail>('/portal/api/v1.notice/detail/', { params: { id } });

/** Back-office home figures (administrators). GET /user/api/v1.dashboard/summary/ */
export const getDashboardSummary = () => http.get<DashboardSummary>('/user/api/v1.dashboard/summary/');
