/**
 * A module's declaration (module.ts): the one place its routes are declared, with everything
 * both sides need — the client router builds its route tables from them (and loads `page`
 * lazily), the seed builds menus from them, and the server checks route-name permissions
 * against them. A route name is the permission key and is unique across the app.
 *
 * Kit-free on purpose: the server (tsx) and shared code import module.ts without React, so a
 * page is only a function that imports it; src/core/routing turns it into a react-router route.
 */
export type RouteArea = 'top' | 'visitor' | 'web' | 'cms' | 'mobile' | 'kiosk';

/** A page module loaded on demand: `() => import('./web/pages/x-page')` (its default export is the page). */
export type PageLoader = () => Promise<{ default: unknown }>;

export interface RouteSpec {
  name: string;
  path: string;
  title: string;
  /** The face that serves it: its layout (top = no frame) and its shell (mobile = the phone shell). */
  area: RouteArea;
  /** antd icon name, e.g. 'HomeOutlined' */
  icon?: string;
  /** Open without a token (spec section 6). */
  public?: boolean;
  /** May appear as a menu node (seeded into platform or cms menus). Layout and redirect routes do not. */
  menu?: boolean;
  /**
   * Platforms (by seed key: 'student', 'staff', 'one-form') whose seeded web menu holds this route;
   * every platform when absent. Only the demo seed reads it (administrators edit menus freely).
   */
  platforms?: readonly string[];
  /**
   * Desk work with no phone page (designers, data entry grids): the phone home's default layout
   * offers no tile for it, so a phone never lands on it from there.
   */
  deskOnly?: boolean;
  /** Route names reachable from this one without their own menu node (detail pages). */
  relationRoutes?: readonly string[];
  /** Frame parts the layout draws (spec sections 2–3); each is shown unless set to false. */
  showHeader?: boolean;
  showSider?: boolean;
  showFoot?: boolean;
  head?: boolean;
  /** The page. Every route has one unless it only forwards (`redirect`). */
  page?: PageLoader;
  /** Redirect target: the route only forwards there. */
  redirect?: string;
}

export interface ModuleManifest {
  /** The module's folder name under src/modules. */
  id: string;
  title: string;
  routes: readonly RouteSpec[];
  /**
   * Where the module's entries come in seeded menus (lower first); modules without one follow,
   * by id. Also the order the server registers module plugins in.
   */
  menuOrder?: number;
  /** Modules whose server plugin must be registered before this one's (e.g. a hook it relies on). */
  after?: readonly string[];
}

export const defineModule = <M extends ModuleManifest>(m: M): M => m;

/** Every module in registration order and every route they declare: what routers, menus and access lists read. */
export interface ModuleCatalog {
  modules: readonly ModuleManifest[];
  routes: readonly RouteSpec[];
}

const rank = (m: ModuleManifest) => m.menuOrder ?? Number.POSITIVE_INFINITY;
const byRank = (a: ModuleManifest, b: ModuleManifest) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The catalogue of a set of modules, whatever order they were found in: sorted by menuOrder
 * then id, each module after the ones its `after` names. Throws on a duplicate module id,
 * route name or path, a route with neither page nor redirect, a relation route or `after`
 * that names nothing, or an `after` cycle — so a mistake fails the build and the start.
 */
export function catalogOf(found: Iterable<ModuleManifest>): ModuleCatalog {
  const pending = [...found].sort(byRank);
  const ids = new Set<string>();
  for (const m of pending) {
    if (ids.has(m.id)) throw new Error(`module "${m.id}" is declared twice`);
    ids.add(m.id);
  }
  for (const m of pending)
    for (const a of m.after ?? []) if (!ids.has(a)) throw new Error(`module "${m.id}": after names no module "${a}"`);

  // Stable topological order: each step takes the first module (by rank) whose `after` are all placed.
  const modules: ModuleManifest[] = [];
  const placed = new Set<string>();
  while (pending.length) {
    const i = pending.findIndex((m) => (m.after ?? []).every((a) => placed.has(a)));
    if (i < 0) throw new Error(`modules ${pending.map((m) => m.id).join(', ')} wait for each other (after)`);
    const [m] = pending.splice(i, 1);
    modules.push(m!);
    placed.add(m!.id);
  }

  const routes = modules.flatMap((m) => m.routes);
  const names = new Set<string>();
  const paths = new Set<string>();
  for (const r of routes) {
    if (names.has(r.name)) throw new Error(`route name "${r.name}" is declared twice`);
    if (paths.has(r.path)) throw new Error(`route path "${r.path}" is declared twice`);
    if (!r.page && !r.redirect) throw new Error(`route "${r.name}" has neither a page nor a redirect`);
    names.add(r.name);
    paths.add(r.path);
  }
  for (const r of routes)
    for (const rel of r.relationRoutes ?? [])
      if (!names.has(rel)) throw new Error(`route "${r.name}": relation route "${rel}" is not declared`);
  return { modules, routes };
}
