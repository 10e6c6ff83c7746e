import { shellRoutes } from '@/core/routing/module-routes';
import type { AppRoute } from '@/core/routing/types';
import { catalogOf, type ModuleCatalog, type ModuleManifest } from '@/shared/module';

/** What import.meta.glob answers for module.ts files: their exports by file path. */
export type FoundModules = Record<string, { default?: ModuleManifest }>;

/**
 * The catalogue of the modules found: each `<dir>/module.ts` must export its declaration as
 * default, with the folder's name as id (the server finds them the same way).
 */
export function catalogFromFiles(found: FoundModules): ModuleCatalog {
  return catalogOf(
    Object.entries(found).map(([file, exports]) => {
      const dir = /([^/]+)\/module\.ts$/.exec(file)?.[1];
      const m = exports.default;
      if (!m) throw new Error(`${file} has no default export (export default defineModule({…}))`);
      if (m.id !== dir) throw new Error(`${file} declares id "${m.id}"; a module's id is its folder name`);
      return m;
    }),
  );
}

// Every module under src/modules: adding one edits no list here. module.ts holds no React, only
// page loaders, so each page stays its own lazy chunk and the phone branch never pulls desktop pages.
export const catalog = catalogFromFiles(
  import.meta.glob<{ default?: ModuleManifest }>('../modules/*/module.ts', { eager: true }),
);

const tables = shellRoutes(catalog);

/** Every client route of the desktop shell (every area but mobile). */
export const desktopRoutes: readonly AppRoute[] = tables.desktop;

/** The phone pages (/mobile/*): the mobile shell serves them, in a lazy branch of its own. */
export const mobileRoutes: readonly AppRoute[] = tables.mobile;

/** Routes by the layout that frames them. */
export function routesByLayout(routes: readonly AppRoute[]) {
  const groups = new Map<string, AppRoute[]>();
  for (const r of routes) {
    const layout = r.meta.layout ?? 'blank';
    groups.set(layout, [...(groups.get(layout) ?? []), r]);
  }
  return groups;
}
