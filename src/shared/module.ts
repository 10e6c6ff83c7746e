/**
 * A module's manifest (module.ts): the routes it owns, with the facts both sides need —
 * the client router builds its route table from them, the seed builds menus from them,
 * and the server checks route-name permissions against them. A route name is the
 * permission key and is unique across the app.
 */
export type RouteArea = 'top' | 'visitor' | 'web' | 'cms' | 'mobile' | 'kiosk';

export interface RouteSpec {
  name: string;
  path: string;
  title: string;
  area: RouteArea;
  /** antd icon name, e.g. 'HomeOutlined' */
  icon?: string;
  /** Open without a token (spec section 6). */
  public?: boolean;
  /** May appear as a menu node (seeded into platform or cms menus). Layout and redirect routes do not. */
  menu?: boolean;
  /** Route names reachable from this one without their own menu node (detail pages). */
  relationRoutes?: string[];
}

export interface ModuleManifest {
  id: string;
  title: string;
  routes: readonly RouteSpec[];
}

export const defineModule = <M extends ModuleManifest>(m: M): M => m;
