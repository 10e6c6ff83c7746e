import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Spin } from 'antd';
import { defineRoutes } from '@/core/routing/define-routes';
import type { AppRoute } from '@/core/routing/types';
import { LeaveShell } from './leave-shell';
import { lazyFrame, pageRoute } from './page-route';
import { routesByLayout } from './routes';
import { DesktopShell } from './shells/desktop-shell';

const pageFallback = <Spin size="large" style={{ display: 'block', padding: '120px 0' }} />;

// Layouts load with the first page that needs one: the sign-in pages never download the back
// office's menu, breadcrumb and dropdowns.
const LAYOUTS: Record<string, (() => Promise<{ default: ComponentType }>) | null> = {
  blank: null,
  visitor: () => import('./layouts/visitor-layout').then((m) => ({ default: m.VisitorLayout })),
  web: () => import('./layouts/web-layout').then((m) => ({ default: m.WebLayout })),
  cms: () => import('./layouts/cms-layout').then((m) => ({ default: m.CmsLayout })),
};

/** The desktop route tree: every page under its layout, '/' to login, /mobile/* to the phone shell, anything else to notFound. */
export function buildDesktopRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  defineRoutes([...routes]); // names and paths unique
  const children: RouteObject[] = [{ path: '/', element: <Navigate to="/login" replace /> }];
  for (const [layout, list] of routesByLayout(routes)) {
    if (!(layout in LAYOUTS)) throw new Error(`layout "${layout}" is not served by the desktop shell`);
    const load = LAYOUTS[layout];
    const pages = list.map((r) => pageRoute(r, pageFallback));
    if (load) children.push({ element: lazyFrame(load, pageFallback), children: pages });
    else children.push(...pages);
  }
  children.push({ path: '/mobile/*', element: <LeaveShell /> }, { path: '/mobile', element: <LeaveShell /> });
  children.push({ path: '*', element: <Navigate to="/notFound" replace /> });
  return [{ element: <DesktopShell />, children }];
}
