import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RouteGuard } from '@/core/guard/route-guard';
import type { AppRoute } from '@/core/routing/types';
import { ChunkErrorBoundary, withChunkTimeout } from '@/core/ui/chunk-error-boundary';

type Guard = ComponentType<{ route: AppRoute; children: ReactNode }>;

/**
 * One page route of either shell: the guard decides, the boundary catches a failed chunk, the
 * page loads lazily (one chunk per page, 120 s chunk timeout, then the boundary's reload page).
 */
export function pageRoute(route: AppRoute, fallback: ReactNode, Guard: Guard = RouteGuard): RouteObject {
  if (route.redirect) return { path: route.path, handle: { route }, element: <Navigate to={route.redirect} replace /> };
  if (!route.lazy) throw new Error(`route "${route.name}" has neither a page nor a redirect`);
  const Page: ComponentType = lazy(withChunkTimeout(route.lazy));
  const element = (
    <ChunkErrorBoundary>
      <Guard route={route}>
        <Suspense fallback={fallback}>
          <Page />
        </Suspense>
      </Guard>
    </ChunkErrorBoundary>
  );
  return { path: route.path, handle: { route }, element };
}

/** A lazily loaded frame (shell or layout) around its child routes. */
export function lazyFrame(load: () => Promise<{ default: ComponentType }>, fallback: ReactNode): ReactNode {
  const Frame = lazy(withChunkTimeout(load));
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={fallback}>
        <Frame />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * Starts loading the chunk of the page at `pathname` right away (issue 14): the router asks for it
 * only once the frames above it have loaded and rendered (shell or layout, session, guard), one
 * network round trip or more later. The page's lazy() then finds the module already loading.
 */
export function preloadPage(routes: readonly AppRoute[], pathname: string): void {
  const route = routes.find((r) => r.path === pathname);
  void route?.lazy?.().catch(() => undefined);
}
