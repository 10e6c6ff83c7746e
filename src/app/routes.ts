import type { AppRoute } from '@/core/routing/types';
import authWeb from '@/modules/auth/web/routes';
import platformWeb from '@/modules/platform/web/routes';
import statusPagesWeb from '@/modules/status-pages/web/routes';
import homeWeb from '@/modules/home/web/routes';
import homeCms from '@/modules/home/cms/routes';
import siteSettingsCms from '@/modules/site-settings/cms/routes';
import organizationCms from '@/modules/organization/cms/routes';
import contentCms from '@/modules/content/cms/routes';
import contentWeb from '@/modules/content/web/routes';
import platformConfigCms from '@/modules/platform-config/cms/routes';
import accountsCms from '@/modules/accounts/cms/routes';
import maintenanceCms from '@/modules/maintenance/cms/routes';
import mobilePages from '@/modules/mobile/mobile/routes';
import mobileLayoutCms from '@/modules/mobile-layout/cms/routes';
import messagesMobile from '@/modules/messages/mobile/routes';
import formsCms from '@/modules/forms/cms/routes';
import formsWeb from '@/modules/forms/web/routes';
import formsMobile from '@/modules/forms/mobile/routes';
import workflowWeb from '@/modules/workflow/web/routes';
import workflowCms from '@/modules/workflow/cms/routes';
import workflowMobile from '@/modules/workflow/mobile/routes';

/**
 * Every client route of the desktop shell, gathered from the modules' faces. A module adds its
 * routes.tsx here; routes.test.ts keeps this table and src/modules/manifests.ts in step.
 */
export const desktopRoutes: readonly AppRoute[] = [
  ...authWeb,
  ...platformWeb,
  ...statusPagesWeb,
  ...homeWeb,
  ...homeCms,
  ...siteSettingsCms,
  ...organizationCms,
  ...platformConfigCms,
  ...accountsCms,
  ...contentCms,
  ...contentWeb,
  ...maintenanceCms,
  ...formsCms,
  ...formsWeb,
  ...mobileLayoutCms,
  ...workflowWeb,
  ...workflowCms,
];

/** The phone pages (/mobile/*): the mobile shell serves them, in a lazy branch of its own. */
export const mobileRoutes: readonly AppRoute[] = [...mobilePages, ...formsMobile, ...messagesMobile, ...workflowMobile];

/** Routes by the layout that frames them. */
export function routesByLayout(routes: readonly AppRoute[]) {
  const groups = new Map<string, AppRoute[]>();
  for (const r of routes) {
    const layout = r.meta.layout ?? 'blank';
    groups.set(layout, [...(groups.get(layout) ?? []), r]);
  }
  return groups;
}
