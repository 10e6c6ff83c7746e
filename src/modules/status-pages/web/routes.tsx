import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  {
    path: '/notFound',
    name: 'notFound',
    lazy: () => import('./pages/not-found-page'),
    meta: { title: '页面不存在', layout: 'blank', public: true },
  },
  {
    path: '/notLicense',
    name: 'notLicense',
    lazy: () => import('./pages/not-license-page'),
    meta: { title: '服务未授权', layout: 'blank', public: true },
  },
]);
