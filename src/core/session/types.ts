/** Shapes the session keeps; the wire shapes themselves are defined once in src/shared. */
export type { MenuNode, PlatformMenus, LoginMenus } from '@/shared/menus';
export type { LogoConfig } from '@/shared/identity';
import type { LoginMenus } from '@/shared/menus';
import type { UserInfo } from '@/shared/identity';

/** The signed-in user of the login answer. */
export type SessionUser = UserInfo;

/** The part of get_urls the session keeps (spec section 3: single-sign-on info). */
export interface SsoInfo {
  cas_enable: 0 | 1;
  is_admin_host: 0 | 1;
  retain_back_door: 0 | 1;
  logout_url: string;
  sso_login_url: string;
}

export interface SessionTheme {
  primaryColor: string;
}

export interface Department {
  id: number;
  name: string;
}

/** What setLogin needs from the login answer. */
export interface LoginResult {
  Authorization: string;
  user_info: SessionUser;
  menus: LoginMenus;
  is_admin: 0 | 1;
}
