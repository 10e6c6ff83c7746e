import { useMemo, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RouteGuard } from '@/core/guard/route-guard';
import { defineRoutes } from '@/core/routing/define-routes';
import { isLoginPath } from '@/core/routing/login-path';
import type { AppRoute } from '@/core/routing/types';
import { useSession } from '@/core/session/store';
import { LeaveShell } from './leave-shell';
import { lazyFrame, pageRoute } from './page-route';

// While a frame's or a page's code loads: empty (a loader here would put its code on the sign-in
// page's first load), but marked busy, for assistive technology and the browser suite alike.
const mobileFallback = <div style={{ minHeight: '100vh' }} aria-busy="true" data-code-loading="" />;

/**
 * The phone home and "me" pages need a session, not a menu entry (no platform menu names them):
 * with a token the guard treats them as open pages (it still rechecks the login status on every
 * change); once the token is gone it sends the phone to /mobile/mobileLogin?to=….
 */
function SessionPageGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const token = useSession((st) => st.token);
  const effective = useMemo(
    () => (token && !route.meta.public ? { ...route, meta: { ...route.meta, public: true } } : route),
    [route, token],
  );
  return <RouteGuard route={effective}>{children}</RouteGuard>;
}

/**
 * The phone route tree: the antd-mobile shell (its chunks never carry antd's desktop code) and
 * its pages; /mobile to the phone home; any other path belongs to the desktop shell.
 */
export function buildMobileRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  defineRoutes([...routes]);
  const shell = lazyFrame(() => import('./shells/mobile-shell'), mobileFallback);
  // The sign-in page outside TanStack Query's frame, every other page inside it; a page load that
  // opens on one of those starts loading the frame now, beside the page's own chunk, and the
  // sign-in page on its first focus, tap or key.
  const loadQueryFrame = () => import('./query-frame');
  const preloadQueryFrame = () => void loadQueryFrame().catch(() => undefined);
  if (typeof window !== 'undefined') {
    if (!isLoginPath(window.location.pathname)) preloadQueryFrame();
    else {
      // On the sign-in page: once the visitor starts filling the form, so it is there when they land.
      const events = ['focusin', 'pointerdown', 'keydown'] as const;
      const warm = () => {
        events.forEach((e) => document.removeEventListener(e, warm, true));
        preloadQueryFrame();
      };
      events.forEach((e) => document.addEventListener(e, warm, true));
    }
  }
  const page = (r: AppRoute) => pageRoute(r, mobileFallback, SessionPageGuard);
  return [
    {
      element: shell,
      children: [
        ...routes.filter((r) => isLoginPath(r.path)).map(page),
        {
          element: lazyFrame(loadQueryFrame, mobileFallback),
          children: routes.filter((r) => !isLoginPath(r.path)).map(page),
        },
        { path: '/mobile', element: <Navigate to="/mobile/home" replace /> },
      ],
    },
    // an unknown phone page is the desktop's notFound (which this shell leaves for); anything else is a desktop page
    { path: '/mobile/*', element: <Navigate to="/notFound" replace /> },
    { path: '*', element: <LeaveShell /> },
  ];
}
