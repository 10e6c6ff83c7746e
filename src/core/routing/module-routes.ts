import type { ComponentType } from 'react';
import type { ModuleCatalog, RouteArea, RouteSpec } from '@/shared/module';
import type { AppRoute, RouteLayout } from './types';

/** The layout that frames each area's pages (DESIGN §3): top-level pages have none. */
export const LAYOUT_OF_AREA: Record<RouteArea, RouteLayout> = {
  top: 'blank',
  visitor: 'visitor',
  web: 'web',
  cms: 'cms',
  mobile: 'mobile',
  kiosk: 'kiosk',
};

/** A module's route declaration as a route of the client router. */
export function toAppRoute(r: RouteSpec): AppRoute {
  const meta: AppRoute['meta'] = { title: r.title, layout: LAYOUT_OF_AREA[r.area] };
  if (r.icon) meta.icon = r.icon;
  if (r.public) meta.public = true;
  // Frame flags are shown unless a route turns one off, so only what it declares is copied.
  for (const k of ['showHeader', 'showSider', 'showFoot', 'head'] as const) if (r[k] !== undefined) meta[k] = r[k];
  return {
    path: r.path,
    name: r.name,
    // module.ts stays kit-free (its page is `() => Promise<{ default: unknown }>`); here it is a React page.
    ...(r.page ? { lazy: r.page as () => Promise<{ default: ComponentType }> } : {}),
    ...(r.redirect ? { redirect: r.redirect } : {}),
    meta,
  };
}

/**
 * The two shells' route tables from the catalogue: /mobile pages (area mobile) for the phone
 * shell, every other area for the desktop shell (which refuses a layout it does not serve).
 */
export function shellRoutes(catalog: ModuleCatalog): { desktop: AppRoute[]; mobile: AppRoute[] } {
  const desktop: AppRoute[] = [];
  const mobile: AppRoute[] = [];
  for (const r of catalog.routes) (r.area === 'mobile' ? mobile : desktop).push(toAppRoute(r));
  return { desktop, mobile };
}
