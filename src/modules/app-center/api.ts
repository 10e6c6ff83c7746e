import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  AdminAppQuery,
  AdminAppView,
  AppKind,
  AppListQuery,
  AppSaveBody,
  AppView,
  CategorySaveBody,
  CategoryView,
  NavSection,
  PortalOptions,
  ServerApp,
} from './contract';

const USER = '/portal/api/v1.appCenter';
const ADMIN = '/portal/api/v1.appPortal';
type Dev = 'desktop' | 'phone';

/** GET /portal/api/v1.appCenter/list/ */
export const fetchApps = (q: AppListQuery) => http.get<Page<AppView>>(`${USER}/list/`, { params: q });
/** GET /portal/api/v1.appCenter/categories/ */
export const fetchCategories = (device: Dev) => http.get<CategoryView[]>(`${USER}/categories/`, { params: { device } });
/** GET /portal/api/v1.appCenter/nav/ */
export const fetchNav = (device: Dev) => http.get<NavSection[]>(`${USER}/nav/`, { params: { device } });
/** POST /portal/api/v1.appCenter/favorite/ */
export const setFavorite = (appId: number, on: boolean) => http.post<null>(`${USER}/favorite/`, { appId, on });
/** POST /portal/api/v1.appCenter/rate/ */
export const rateApp = (appId: number, score: number) => http.post<null>(`${USER}/rate/`, { appId, score });
/** POST /portal/api/v1.appCenter/open/ */
export const openApp = (appId: number, device: Dev) =>
  http.post<{ url: string; kind: AppKind }>(`${USER}/open/`, { appId, device });
/** GET /message/api/v1.message/get_server_app/ */
export const getServerApp = (device: Dev) =>
  http.get<ServerApp[]>('/message/api/v1.message/get_server_app/', { params: { device } });

/** GET /portal/api/v1.appPortal/options/ */
export const fetchPortalOptions = () => http.get<PortalOptions>(`${ADMIN}/options/`);
/** GET /portal/api/v1.appPortal/list/ */
export const fetchAdminApps = (q: AdminAppQuery) => http.get<Page<AdminAppView>>(`${ADMIN}/list/`, { params: q });
/** POST /portal/api/v1.appPortal/save/ (JSON: it carries id lists) */
export const saveApp = (b: AppSaveBody) => http.post<{ id: number }>(`${ADMIN}/save/`, b, { json: true });
/** POST /portal/api/v1.appPortal/delete/ */
export const deleteApp = (id: number) => http.post<null>(`${ADMIN}/delete/`, { id });
/** POST /portal/api/v1.appPortal/category/save/ */
export const saveCategory = (b: CategorySaveBody) => http.post<{ id: number }>(`${ADMIN}/category/save/`, b);
/** POST /portal/api/v1.appPortal/category/delete/ */
export const deleteCategory = (id: number) => http.post<null>(`${ADMIN}/category/delete/`, { id });
