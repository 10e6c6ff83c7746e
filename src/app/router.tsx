import { Suspense, lazy, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spin } from 'antd';
import { RouteGuard } from '../core/guard/route-guard';
import { setNavigator } from '../core/routing/navigate';
import type { AppRoute } from '../core/routing/types';
import { defineRoutes } from '../core/routing/define-routes';
import { ChunkErrorBoundary, withChunkTimeout } from '../core/ui/chunk-error-boundary';
import { CmsLayout } from './layouts/cms-layout';
import { VisitorLayout } from './layouts/visitor-layout';
import { WebLayout } from './layouts/web-layout';
import { desktopRoutes, routesByLayout } from './routes';
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

/** The desktop route tree: every page under its layout, '/' to login, anything unknown to notFound. */
export function buildRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  defineRoutes([...routes]); // names and paths unique across all faces
  const children: RouteObject[] = [{ path: '/', element: <Navigate to="/login" replace /> }];
  for (const [layout, list] of routesByLayout(routes)) {
    if (!(layout in LAYOUTS)) throw new Error(`layout "${layout}" is not served by the desktop shell`);
    const Layout = LAYOUTS[layout];
    const pages = list.map(pageRoute);
    if (Layout) children.push({ element: <Layout />, children: pages });
    else children.push(...pages);
  }
  children.push({ path: '*', element: <Navigate to="/notFound" replace /> });
  return [{ element: <DesktopShell />, children }];
}

export const router = createBrowserRouter(buildRouteObjects(desktopRoutes));

// The request layer navigates (expired session, licence, no permission) through the data router.
setNavigator((to, opts) => void router.navigate(to, opts));
