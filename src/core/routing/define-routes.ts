import type { AppRoute } from './types';

/**
 * Declares a face's route table (DESIGN §3). Throws at import time on a duplicate name or
 * path, so a route can never be declared twice; the app calls it again on the assembled
 * table to check across faces.
 */
export function defineRoutes(routes: AppRoute[]): AppRoute[] {
  const names = new Set<string>();
  const paths = new Set<string>();
  for (const r of routes) {
    if (!r.name) throw new Error(`route ${r.path} has no name`);
    if (!r.path.startsWith('/')) throw new Error(`route ${r.name}: path "${r.path}" must start with /`);
    if (names.has(r.name)) throw new Error(`duplicate route name "${r.name}"`);
    if (paths.has(r.path)) throw new Error(`duplicate route path "${r.path}"`);
    names.add(r.name);
    paths.add(r.path);
  }
  return routes;
}
