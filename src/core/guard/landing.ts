import { firstMenuPath, type PlatformMenus } from '@/shared/menus';
import { isAdminPath, isLoginPath } from '../routing/login-path';

export const ADMIN_HOME = '/cms/home/index';
export const PLATFORM_SELECTION = '/platformSelection';
export const USER_HOME = '/web';
/** Pages that count as "the home page" of a platform menu. */
export const HOME_PATHS: readonly string[] = ['/web', '/web/home/index', '/home', '/home/index'];

const LEADING_DRIVER = '/leadingDriver/';

export interface LandingInput {
  isAdmin: boolean;
  platforms: PlatformMenus[];
  chosen: PlatformMenus | null;
  redirect: string;
  to: string;
}

/** Only same-site paths are followed (no open redirect), and never back to a login page. */
function safePath(p: string): string {
  if (!p || !p.startsWith('/') || p.startsWith('//') || p.startsWith('/\\')) return '';
  return isLoginPath(p) ? '' : p;
}

/** Where a user lands after sign-in or platform choice (spec section 4). */
export function landingPath(a: LandingInput): string {
  const redirect = safePath(a.redirect);
  const to = safePath(a.to);
  // leadingDriver pages (school situation screens) open as they were asked for.
  if (redirect.includes(LEADING_DRIVER)) return redirect;
  if (to.includes(LEADING_DRIVER)) return to;
  if (a.isAdmin) return isAdminPath(to) ? to : ADMIN_HOME;
  if (a.platforms.length > 1 && !a.chosen) return PLATFORM_SELECTION;
  if (redirect) return redirect;
  if (to && !isAdminPath(to)) return to;
  const platform = a.chosen ?? a.platforms[0] ?? null;
  if (!platform) return USER_HOME;
  const first = firstMenuPath(platform.web);
  if (platform.kind === 'one-form' && first && HOME_PATHS.includes(first) && platform.index_url)
    return platform.index_url;
  return first || platform.index_url || USER_HOME;
}

/**
 * Where choosing a platform opens (spec section 4: "then opens that platform's index page"): its
 * `index_url`, else its first menu entry, else the user front end.
 */
export function platformEntryPath(chosen: PlatformMenus): string {
  const index = chosen.index_url.trim();
  if (/^https?:\/\//i.test(index) || safePath(index)) return index;
  return firstMenuPath(chosen.web) || USER_HOME;
}
