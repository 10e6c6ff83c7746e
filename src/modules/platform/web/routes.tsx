import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  {
    path: '/platformSelection',
    name: 'platformSelection',
    lazy: () => import('./pages/platform-selection-page'),
    meta: { title: '选择平台', layout: 'blank', public: true },
  },
]);
