import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  {
    path: '/cms/mobileLayout/moduleConfig',
    name: 'mobileLayout',
    lazy: () => import('./pages/mobile-layout-page'),
    meta: { title: '移动端布局', icon: 'MobileOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
]);
