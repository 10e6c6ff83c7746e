import { PUBLIC_PATH_WORDS, PUBLIC_ROUTE_NAMES, TOKENLESS_ROUTE_NAMES } from '@/shared/access';
import { isAdminPath, loginRedirect } from '../routing/login-path';

/** What the route guard does with a navigation (spec sections 4 and 6). */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'login'; to: string }
  | { kind: 'deny' }
  | { kind: 'emptyMenu' }
  | { kind: 'notFound' };

export interface GuardInput {
  /** pathname plus query: the `to` a login redirect carries */
  path: string;
  routeName: string | null;
  isPublic: boolean;
  token: string | null;
  authorisedRoutes: string[];
  isAdmin: boolean;
}

export const NO_ACCESS_MESSAGE = '无资源访问权限';
export const EMPTY_MENU_MESSAGE = '未读取到当前用户权限菜单，请稍后重试！';

/**
 * Public routes: flagged in meta, named in PUBLIC_ROUTE_NAMES, or a path with a public word
 * (notice, news…). The words never open the back office: /cms/content/notice is the
 * administrators' notice editor, not a notice.
 */
export function isPublicRoute(a: { path: string; routeName: string | null; isPublic: boolean }): boolean {
  const pathname = a.path.split(/[?#]/)[0] ?? '';
  return (
    a.isPublic ||
    (a.routeName !== null && PUBLIC_ROUTE_NAMES.includes(a.routeName)) ||
    (!isAdminPath(pathname) && PUBLIC_PATH_WORDS.some((w) => pathname.includes(w)))
  );
}

export function decide(input: GuardInput): GuardDecision {
  const { path, routeName, token, authorisedRoutes, isAdmin } = input;
  if (routeName === null) return { kind: 'notFound' };
  if (isPublicRoute(input)) return { kind: 'allow' };
  if (!token) {
    return TOKENLESS_ROUTE_NAMES.includes(routeName) ? { kind: 'allow' } : { kind: 'login', to: loginRedirect(path) };
  }
  // The back office is for administrators only, whatever a user's menu happens to name.
  if (isAdminPath(path) && !isAdmin) return { kind: 'deny' };
  if (authorisedRoutes.length === 0) return { kind: 'emptyMenu' };
  return authorisedRoutes.includes(routeName) ? { kind: 'allow' } : { kind: 'deny' };
}
