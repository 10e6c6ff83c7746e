import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { EMPTY_MENU_RECHECK_MS } from '@/shared/constants';
import { http, HttpError, TRANSPORT_CODES } from '../http';
import { isLoginPath, loginRedirect } from '../routing/login-path';
import type { AppRoute } from '../routing/types';
import { useSession } from '../session/store';
import { showError, toast } from '../ui/toast';
import { decide, EMPTY_MENU_MESSAGE, isPublicRoute, NO_ACCESS_MESSAGE } from './decide';
import { PLATFORM_SELECTION } from './landing';

export const CHECK_LOGIN_PATH = '/user/api/v1.user/check_user_is_login/';
export const NOT_FOUND_PATH = '/notFound';

interface CheckLogin {
  is_login?: boolean;
  to_url?: string;
}

const isAbsolute = (to: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(to);

function toUrlOf(body: unknown): string {
  const data = (body as { data?: CheckLogin } | null)?.data;
  return typeof data?.to_url === 'string' ? data.to_url : '';
}

type CheckOutcome = { kind: 'in' } | { kind: 'out'; to: string } | { kind: 'unreachable' };

let inflight: { token: string | null; answer: Promise<CheckOutcome> } | null = null;

/**
 * One login check at a time per token: route changes while one is on its way share its answer,
 * so a burst of navigations (redirect chains, fast clicks) costs one call, never a storm.
 */
export function checkLogin(token: string | null): Promise<CheckOutcome> {
  if (inflight?.token === token) return inflight.answer;
  const answer: Promise<CheckOutcome> = http
    .post<CheckLogin>(CHECK_LOGIN_PATH, undefined, { silent: true })
    .then((r): CheckOutcome => (r.data?.is_login === false ? { kind: 'out', to: r.data.to_url ?? '' } : { kind: 'in' }))
    .catch((e: unknown): CheckOutcome => {
      if (e instanceof HttpError && e.status !== 0) return { kind: 'out', to: toUrlOf(e.data) };
      return e instanceof HttpError && e.code === TRANSPORT_CODES.canceled ? { kind: 'in' } : { kind: 'unreachable' };
    })
    .finally(() => {
      if (inflight?.answer === answer) inflight = null;
    });
  inflight = { token, answer };
  return answer;
}

/**
 * Applies the guard (spec sections 4 and 6) to each navigation and rechecks the login status
 * with the server on every route change (public pages and signed-out visitors too). The decision is taken per navigation
 * from the session as it is then: clearing the session mid-page (an expired answer) is followed
 * by the request layer's own delayed redirect, not by an immediate one from here.
 */
export function RouteGuard({ route, children }: { route: AppRoute; children?: ReactNode }) {
  const location = useLocation();
  const routerNavigate = useNavigate();
  const path = location.pathname + location.search;
  const [tick, setTick] = useState(0);
  const emptyRechecked = useRef<string | null>(null);

  const decision = useMemo(() => {
    const s = useSession.getState();
    return decide({
      path,
      routeName: route.name,
      isPublic: Boolean(route.meta.public),
      token: s.token,
      authorisedRoutes: s.authorisedRoutes,
      isAdmin: s.isAdmin,
    });
    // tick: the empty-menu re-check takes a fresh look at the session.
  }, [path, route, tick]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    switch (decision.kind) {
      case 'login':
        routerNavigate(decision.to, { replace: true });
        return;
      case 'deny':
        showError(NO_ACCESS_MESSAGE);
        routerNavigate(NOT_FOUND_PATH, { replace: true });
        return;
      case 'notFound':
        routerNavigate(NOT_FOUND_PATH, { replace: true });
        return;
      case 'emptyMenu': {
        if (emptyRechecked.current === path) {
          // Still nothing after the re-check: a user with several platforms has not chosen one yet.
          const s = useSession.getState();
          const unchosen = !s.isAdmin && !s.platform && (s.menus?.plant_front.length ?? 0) > 1;
          routerNavigate(unchosen ? PLATFORM_SELECTION : NOT_FOUND_PATH, { replace: true });
          return;
        }
        toast.warning(EMPTY_MENU_MESSAGE);
        const timer = setTimeout(() => {
          emptyRechecked.current = path;
          setTick((n) => n + 1);
        }, EMPTY_MENU_RECHECK_MS);
        return () => clearTimeout(timer);
      }
      case 'allow':
        emptyRechecked.current = null;
    }
  }, [decision, path, routerNavigate]);

  const publicPage = isPublicRoute({ path, routeName: route.name, isPublic: Boolean(route.meta.public) });
  const allowed = decision.kind === 'allow';

  // Every route change rechecks the login status (spec section 4), signed in or not. A dead
  // session is always cleared; only a protected page also sends the user to sign in again.
  useEffect(() => {
    const token = useSession.getState().token;
    // Nothing to learn on a sign-in page without a session.
    if (!allowed || (!token && isLoginPath(path))) return;
    let live = true;
    const leave = (to: string) => {
      // A sign-in or sign-out since the check began wins over its answer.
      if (!live || useSession.getState().token !== token) return;
      const s = useSession.getState();
      // Without a token only a signed-in user's leftovers go; a visitor keeps logo, theme and searches.
      if (token || s.userInfo || s.authorisedRoutes.length) void s.clear();
      if (publicPage || !token) return;
      // A bare login address from the server loses the page; carry it (and the admin side) ourselves.
      const target = !to || isLoginPath(to) ? loginRedirect(path) : to;
      if (isAbsolute(target)) window.location.assign(target);
      else routerNavigate(target, { replace: true });
    };
    void checkLogin(token).then((r) => {
      // Unreachable server: a public page stays as it is; a protected one goes to login.
      if (r.kind === 'out') leave(r.to);
      else if (r.kind === 'unreachable' && !publicPage) leave('');
    });
    // Leaving the page (to a public one too) drops its answer; the next page's check shares the call.
    return () => {
      live = false;
    };
  }, [allowed, publicPage, path, routerNavigate]);

  return allowed ? <>{children}</> : null;
}
