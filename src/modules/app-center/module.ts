import { defineModule } from '@/shared/module';

/**
 * 应用中心 (issue 21): a directory of the school's internal pages and external systems (single
 * sign-on where configured) with categories, search, ratings, favourites and recently used; the
 * navigation portal laid out as the back office arranges it; the back office's 应用门户 decides
 * who sees what (roles, platforms, desk or phone), enforced on the server.
 */
export default defineModule({
  id: 'app-center',
  title: '应用中心',
  menuOrder: 81,
  routes: [
    {
      name: 'applicationCenter',
      path: '/web/lightApps/applicationCenter',
      title: '应用中心',
      area: 'web',
      menu: true,
      icon: 'AppstoreOutlined',
      page: () => import('./web/pages/application-center-page'),
    },
    {
      name: 'navPortal',
      // The phone has the application centre (its links open it): no second tile for the same page.
      deskOnly: true,
      path: '/web/navPortal',
      title: '导航门户',
      area: 'web',
      menu: true,
      icon: 'LinkOutlined',
      page: () => import('./web/pages/nav-portal-page'),
    },
    {
      name: 'applicationPortal',
      path: '/cms/plugins/applicationPortal',
      title: '应用门户',
      area: 'cms',
      menu: true,
      icon: 'AppstoreOutlined',
      page: () => import('./cms/pages/application-portal-page'),
    },
    {
      name: 'mobileAppCenter',
      path: '/mobile/applicationCenter',
      title: '应用中心',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-app-center-page'),
    },
  ],
});
