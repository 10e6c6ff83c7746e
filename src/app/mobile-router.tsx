import { useMemo, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RouteGuard } from '@/core/guard/route-guard';
import { defineRoutes } from '@/core/routing/define-routes';
import type { AppRoute } from '@/core/routing/types';
import { useSession } from '@/core/session/store';
import { LeaveShell } from './leave-shell';
import { lazyFrame, pageRoute } from './page-route';

const mobileFallback = <div style={{ minHeight: '100vh' }} />;

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
  return [
    {
      element: shell,
      children: [
        ...routes.map((r) => pageRoute(r, mobileFallback, SessionPageGuard)),
        { path: '/mobile', element: <Navigate to="/mobile/home" replace /> },
      ],
    },
    // an unknown phone page is the desktop's notFound (which this shell leaves for); anything else is a desktop page
    { path: '/mobile/*', element: <Navigate to="/notFound" replace /> },
    { path: '*', element: <LeaveShell /> },
  ];
}
