import type { ComponentType } from 'react';

/** Which shell layout wraps a page (DESIGN §3). */
export type RouteLayout = 'visitor' | 'web' | 'cms' | 'blank' | 'mobile' | 'kiosk';

/** Page flags of a route (spec sections 2–3). */
export interface RouteMeta {
  title: string;
  icon?: string;
  showFoot?: boolean;
  showSider?: boolean;
  showHeader?: boolean;
  layout?: RouteLayout;
  head?: boolean;
  /** Permission key when it differs from the route name. */
  permission?: string;
  /** The plug-in application the page belongs to. */
  app?: string;
  /** Open without a token (spec section 6). */
  public?: boolean;
}

/**
 * One entry of a shell's route table, derived from a module's RouteSpec (module-routes.ts): the
 * route name is the permission key. Every route has `lazy` unless it only forwards (`redirect`).
 */
export interface AppRoute {
  path: string;
  name: string;
  lazy?: () => Promise<{ default: ComponentType }>;
  meta: RouteMeta;
  /** Redirect target: the route only forwards there. */
  redirect?: string;
}
