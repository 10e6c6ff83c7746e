import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type { FormSearchQuery, HotWord, SearchAnswer, SearchHitView, SearchQuery } from './contract';

const S = '/portal/api/v1.search';

/** GET /portal/api/v1.search/search/ — public; the caller's audience only. */
export const search = (q: SearchQuery) => http.get<SearchAnswer>(`${S}/search/`, { params: q });

/** GET /portal/api/v1.search/findSearchForm/ — published forms the caller may fill. */
export const findSearchForm = (q: FormSearchQuery) =>
  http.get<Page<SearchHitView>>(`${S}/findSearchForm/`, { params: q });

/** GET /portal/api/v1.search/suggest/ — up to 8 titles while typing (no word is recorded). */
export const suggest = (q: string) => http.get<SearchHitView[]>(`${S}/suggest/`, { params: { q }, silent: true });

/** GET /portal/api/v1.search/hotWords/ — public. */
export const hotWords = (limit = 10) => http.get<HotWord[]>(`${S}/hotWords/`, { params: { limit }, silent: true });

/** GET /portal/api/v1.search/recentWords/ — the signed-in user's last words (at most 10). */
export const recentWords = () => http.get<string[]>(`${S}/recentWords/`, { silent: true });

/** POST /portal/api/v1.search/clearRecentWords/ */
export const clearRecentWords = () => http.post<null>(`${S}/clearRecentWords/`, {}, { json: true });
