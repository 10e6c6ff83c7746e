import { http } from '@/core/http';
import type { LoginConfig, LogoConfig, Theme } from './contract';

/** Login page look: background picture, browser notes, filing numbers. POST /portal/backend/organizationConfig/getLoginConfig/ */
export const getLoginConfig = () => http.post<LoginConfig>('/portal/backend/organizationConfig/getLoginConfig/');

/** Organisation-wide logo config. POST /portal/backend/organizationConfig/getCommonConfig/ */
export const getCommonConfig = () => http.post<LogoConfig>('/portal/backend/organizationConfig/getCommonConfig/');

/** Logo config of one platform (falls back to the common one). POST /portal/backend/organizationConfig/getConfig/ */
export const getConfig = (platform_id?: number) =>
  http.post<LogoConfig>('/portal/backend/organizationConfig/getConfig/', platform_id ? { platform_id } : {});

/** Theme colour. POST /portal/backend/organizationConfig/getTheme/ */
export const getTheme = () => http.post<Theme>('/portal/backend/organizationConfig/getTheme/');

/** Save the theme colour (administrators). POST /portal/backend/organizationConfig/saveTheme/ */
export const saveTheme = (t: Theme) => http.post<Theme>('/portal/backend/organizationConfig/saveTheme/', t);
