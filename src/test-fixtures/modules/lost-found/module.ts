import { defineModule } from '@/shared/module';

/**
 * A test fixture, not part of the app: a module that lives outside src/modules, so tests can
 * hand its folder to the same discovery the app uses (src/app/routes.ts on the client,
 * src/server/module-catalog.ts on the server) and see it everywhere — routes, menus, access.
 */
export default defineModule({
  id: 'lost-found',
  title: '失物招领',
  menuOrder: 55,
  // Waits for forms (as a module using its hook would); otherwise its menuOrder would put it before content.
  after: ['forms'],
  routes: [
    {
      name: 'lostFound',
      path: '/web/lostFound/index',
      title: '失物招领',
      area: 'web',
      menu: true,
      icon: 'SearchOutlined',
      relationRoutes: ['lostFoundDetail'],
      page: () => import('./web/pages/lost-found-page'),
    },
    {
      name: 'lostFoundDetail',
      path: '/web/lostFound/detail',
      title: '招领详情',
      area: 'web',
      showSider: false,
      page: () => import('./web/pages/lost-found-page'),
    },
    {
      name: 'mobileLostFound',
      path: '/mobile/lostFound',
      title: '失物招领',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-lost-found-page'),
    },
  ],
});
