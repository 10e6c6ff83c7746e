import { defineModule } from '@/shared/module';

/** The back office's mobile layout page: which tiles, in which groups and order, each platform's phone home shows. */
export default defineModule({
  id: 'mobile-layout',
  title: '移动端布局',
  menuOrder: 90,
  routes: [
    {
      name: 'mobileLayout',
      path: '/cms/mobileLayout/moduleConfig',
      title: '移动端布局',
      area: 'cms',
      menu: true,
      icon: 'MobileOutlined',
      page: () => import('./cms/pages/mobile-layout-page'),
    },
  ],
});
