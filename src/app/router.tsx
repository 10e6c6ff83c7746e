import { Suspense, lazy, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spin } from 'antd';
import { RouteGuard } from '../core/guard/route-guard';
import { setNavigator } from '../core/routing/navigate';
import type { AppRoute } from '../core/routing/types';
import { defineRoutes } from '../core/routing/define-routes';
import { ChunkErrorBoundary, withChunkTimeout } from '../core/ui/chunk-error-boundary';
import { useSession } from '../core/session/store';
import { CmsLayout } from './layouts/cms-layout';
import { VisitorLayout } from './layouts/visitor-layout';
import { WebLayout } from './layouts/web-layout';
import { desktopRoutes, mobileRoutes, routesByLayout } from './routes';
import { DesktopShell } from './shells/desktop-shell';

const pageFallback = <Spin size="large" style={{ display: 'block', padding: '120px 0' }} />;

/** One page route: the guard decides, the boundary catches a failed chunk, the page loads lazily. */
function pageRoute(route: AppRoute): RouteObject {
  const Page: ComponentType = lazy(withChunkTimeout(route.lazy)) // 120 s, then the boundary's reload page;
  const element = route.redirect ? (
    <Navigate to={route.redirect} replace />
  ) : (
    <ChunkErrorBoundary>
      <RouteGuard route={route}>
        <Suspense fallback={pageFallback}>
          <Page />
        </Suspense>
      </RouteGuard>
    </ChunkErrorBoundary>
  );
  return { path: route.path, handle: { route }, element };
}

const LAYOUTS: Record<string, ComponentType | null> = { blank: null, visitor: VisitorLayout, web: WebLayout, cms: CmsLayout };

// The phone shell is its own lazy branch: its chunks carry antd-mobile, never antd's desktop components.
const MobileShell = lazy(withChunkTimeout(() => import('./shells/mobile-shell')));
const mobileFallback = <div style={{ minHeight: '100vh' }} />;

/**
 * The phone home and "me" pages need a session, not a menu entry (no platform menu names them):
 * with a token the guard treats them as open pages (it still rechecks the login status on every
 * change); once the token is gone it sends the phone to /mobile/mobileLogin?to=….
 */
function SessionPageGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const token = useSession((st) => st.token);
  const effective = useMemo(() => (token && !route.meta.public ? { ...route, meta: { ...route.meta, public: true } } : route), [route, token]);
  return <RouteGuard route={effective}>{children}</RouteGuard>;
}

function mobilePageRoute(route: AppRoute): RouteObject {
  const Page: ComponentType = lazy(withChunkTimeout(route.lazy));
  const element = (
    <ChunkErrorBoundary>
      <SessionPageGuard route={route}>
        <Suspense fallback={mobileFallback}>
          <Page />
        </Suspense>
      </SessionPageGuard>
    </ChunkErrorBoundary>
  );
  return { path: route.path, handle: { route }, element };
}

/** The /mobile/* branch: the antd-mobile shell and its pages. */
function mobileBranch(routes: readonly AppRoute[]): RouteObject {
  const shell = (
    <ChunkErrorBoundary>
      <Suspense fallback={mobileFallback}>
        <MobileShell />
      </Suspense>
    </ChunkErrorBoundary>
  );
  return { element: shell, children: [...routes.map(mobilePageRoute), { path: '/mobile', element: <Navigate to="/mobile/home" replace /> }] };
}

/** The desktop route tree: every page under its layout, '/' to login, anything unknown to notFound. */
export function buildRouteObjects(routes: readonly AppRoute[], phoneRoutes: readonly AppRoute[] = []): RouteObject[] {
  defineRoutes([...routes, ...phoneRoutes]); // names and paths unique across all faces
  const children: RouteObject[] = [{ path: '/', element: <Navigate to="/login" replace /> }];
  for (const [layout, list] of routesByLayout(routes)) {
    if (!(layout in LAYOUTS)) throw new Error(`layout "${layout}" is not served by the desktop shell`);
    const Layout = LAYOUTS[layout];
    const pages = list.map(pageRoute);
    if (Layout) children.push({ element: <Layout />, children: pages });
    else children.push(...pages);
  }
  children.push({ path: '*', element: <Navigate to="/notFound" replace /> });
  const tree: RouteObject[] = [{ element: <DesktopShell />, children }];
  return phoneRoutes.length ? [mobileBranch(phoneRoutes), ...tree] : tree;
}

export const router = createBrowserRouter(buildRouteObjects(desktopRoutes, mobileRoutes));

// The request layer navigates (expired session, licence, no permission) through the data router.
setNavigator((to, opts) => void router.navigate(to, opts));
