/** Sign-in pages: nothing redirects away from them to themselves. */
export const LOGIN_PATHS: readonly string[] = ['/', '/login', '/loginAdmin', '/mobile/mobileLogin'];

const pathOnly = (path: string) => path.split(/[?#]/)[0] || '/';

export function isLoginPath(path: string): boolean {
  return LOGIN_PATHS.includes(pathOnly(path));
}

/** Back-office pages (and its own login) sign in through /loginAdmin, everything else through /login. */
export function isAdminPath(path: string): boolean {
  const p = pathOnly(path);
  return p === '/loginAdmin' || p === '/cms' || p.startsWith('/cms/');
}

export const MOBILE_LOGIN_PATH = '/mobile/mobileLogin';

/** Phone pages sign in through the phone login, so a phone never lands on the desktop form. */
export function isMobilePath(path: string): boolean {
  const p = pathOnly(path);
  return p === '/mobile' || p.startsWith('/mobile/');
}

/** The login address for a page, carrying the page as `to` so sign-in returns there. */
export function loginRedirect(path: string): string {
  const base = isAdminPath(path) ? '/loginAdmin' : isMobilePath(path) ? MOBILE_LOGIN_PATH : '/login';
  if (isLoginPath(path)) return base;
  return `${base}?to=${encodeURIComponent(path)}`;
}
