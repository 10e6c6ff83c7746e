import { isLoginPath, isMobilePath } from '@/core/routing/login-path';

export const MOBILE_HOME = '/mobile/home';
export const MOBILE_ME = '/mobile/me';
export const ADMIN_ON_PHONE = '管理后台请在电脑端使用';

/** Where a phone goes after sign-in: the phone page it asked for (`to`), else the phone home. */
export function mobileLanding(to: string): string {
  const p = to.trim();
  if (!p.startsWith('/') || p.startsWith('//') || !isMobilePath(p) || isLoginPath(p)) return MOBILE_HOME;
  return p;
}
