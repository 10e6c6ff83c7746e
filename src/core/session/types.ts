/**
 * Shapes the session keeps. Core may not import modules, so the ones that mirror a module
 * contract (auth UserInfo, org-config LogoConfig, get_urls) are structural copies here;
 * TypeScript checks them against the contracts wherever the app passes one for the other.
 */
export type { MenuNode, PlatformMenus, LoginMenus } from '../../shared/menus';
import type { LoginMenus } from '../../shared/menus';

/** Same shape as UserInfo of src/modules/auth/contract.ts. */
export interface SessionUser {
  id: number;
  username: string;
  real_name: string;
  user_no: string;
  /** 'student' | 'staff' | 'admin' */
  kind: string;
  is_admin: 0 | 1;
  department: { id: number; name: string } | null;
  avatar: string | null;
  roles: { code: string; name: string }[];
  must_change_pwd: 0 | 1;
}

/** Same shape as LogoConfig of src/modules/org-config/contract.ts. */
export interface LogoConfig {
  icon: string;
  logo: string;
  backend: { title: string; font: string };
  front: { title: string };
}

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
