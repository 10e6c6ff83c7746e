import { http, type RequestOptions } from '@/core/http';
import type { MobileLayout, SaveMobileLayoutBody } from './contract';

const L = '/portal/api/v1.mobileLayout';

/** A platform's phone home layout, filtered to what the caller may open. GET /portal/api/v1.mobileLayout/get/ */
export const getMobileLayout = (platformId: number, opts: Pick<RequestOptions, 'silent'> = {}) =>
  http.get<MobileLayout>(`${L}/get/`, { params: { platformId }, ...opts });

/** Save a platform's layout (administrators). POST /portal/api/v1.mobileLayout/save/ (JSON) */
export const saveMobileLayout = (body: SaveMobileLayoutBody) =>
  http.post<MobileLayout>(`${L}/save/`, body, { json: true });

/** Back to the default layout, the platform's menu (administrators). POST /portal/api/v1.mobileLayout/reset/ */
export const resetMobileLayout = (platformId: number) => http.post<MobileLayout>(`${L}/reset/`, { platformId });
