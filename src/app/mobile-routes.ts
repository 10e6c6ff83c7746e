import modules from 'virtual:branch-modules/mobile';
import { shellRoutes } from '@/core/routing/module-routes';
import type { AppRoute } from '@/core/routing/types';
import { catalogOf } from '@/shared/module';

/**
 * The phone branch's catalogue: only the modules' /mobile routes (pwa/branch-modules.ts reads
 * every module.ts at build time), so a phone never downloads the desktop's route tables and the
 * import map of their pages (issue 14). Adding a module still edits nothing here.
 */
export const mobileCatalog = catalogOf(modules);

/** The phone pages (/mobile/*) the mobile shell serves. */
export const mobileRoutes: readonly AppRoute[] = shellRoutes(mobileCatalog).mobile;
