import { defineModule } from '@/shared/module';

export default defineModule({
  id: 'status-pages',
  title: '状态页',
  routes: [
    {
      name: 'notFound',
      path: '/notFound',
      title: '页面不存在',
      area: 'top',
      public: true,
      page: () => import('./web/pages/not-found-page'),
    },
    {
      name: 'notLicense',
      path: '/notLicense',
      title: '服务未授权',
      area: 'top',
      public: true,
      page: () => import('./web/pages/not-license-page'),
    },
  ],
});
