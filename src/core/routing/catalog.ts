import type { ModuleCatalog } from '@/shared/module';

let current: ModuleCatalog = { modules: [], routes: [] };

/**
 * The app's module catalogue for pages that list routes (e.g. the shortcut editor's page
 * choice). Core never imports modules: src/app gathers them and hands the catalogue in at boot.
 */
export function setRouteCatalog(catalog: ModuleCatalog): void {
  current = catalog;
}

/** The catalogue handed in at boot (empty before). */
export function routeCatalog(): ModuleCatalog {
  return current;
}
