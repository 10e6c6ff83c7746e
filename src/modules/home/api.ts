import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type { LicenceInfo } from '@/shared/licence';
import type { DashboardSummary, NoticeDetail, NoticeListQuery, NoticeSummary } from './contract';

/** Notices or news, newest first. GET /portal/api/v1.notice/list/ */
export const listNotices = (q: NoticeListQuery) =>
  http.get<Page<NoticeSummary>>('/portal/api/v1.notice/list/', { params: q });

/** One notice or news item. GET /portal/api/v1.notice/detail/ */
export const getNotice = (id: number) => http.get<NoticeDetail>('/portal/api/v1.notice/detail/', { params: { id } });

/** Back-office home figures (administrators). GET /user/api/v1.dashboard/summary/ */
export const getDashboardSummary = () => http.get<DashboardSummary>('/user/api/v1.dashboard/summary/');

/** The installed licence and active accounts (administrators). GET /user/api/v1.licence/info/ */
export const getLicenceInfo = () => http.get<LicenceInfo>('/user/api/v1.licence/info/');
