import type { LoginConfig, LogoConfig, Theme } from '../contract';
import { RECOMMENDED_RESOLUTION } from '@/shared/constants';

/** Setting keys of the organisation config (table `setting`, JSON values). */
export const OrgSettingKeys = {
  logo: 'org.logo',
  login: 'org.login',
  theme: 'org.theme',
  /** A platform's own logo config: only front.title may differ from the common one. */
  platformLogo: (platformId: number) => `org.logo.platform.${platformId}`,
} as const;

/** A platform's override of the common logo config. */
export interface PlatformLogoOverride {
  front?: { title?: string };
}

export const LOGIN_BACKGROUND_URL = '/images/login-bg.svg';
// The app's emblem and favicon (public/), shared with the client shell.
export const SCHOOL_LOGO_URL = '/logo.svg';
export const SCHOOL_ICON_URL = '/favicon.svg';

// Used until an administrator (or the demo seed) stores the school's own values, so a fresh
// install shows a neutral but complete login page.
export const DEFAULT_LOGO: LogoConfig = {
  icon: SCHOOL_ICON_URL,
  logo: SCHOOL_LOGO_URL,
  backend: { title: '综合服务平台管理后台', font: '"PingFang SC", "Microsoft YaHei", sans-serif' },
  front: { title: '综合服务平台' },
};

export const DEFAULT_LOGIN: LoginConfig = {
  picture: LOGIN_BACKGROUND_URL,
  browsers: ['Chrome 100 及以上', 'Edge 100 及以上', 'Firefox 100 及以上', '360 安全浏览器（极速模式）'],
  resolution: RECOMMENDED_RESOLUTION,
  filings: [],
  copyright: '',
};

export const DEFAULT_THEME: Theme = { primaryColor: '#1677ff' };
