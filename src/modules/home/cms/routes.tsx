import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  {
    path: '/cms/home/index',
    name: 'cmsHome',
    lazy: () => import('./pages/dashboard-page'),
    meta: { title: '首页', icon: 'DashboardOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
]);
