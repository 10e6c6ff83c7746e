import { defineRoutes } from '@/core/routing/define-routes';

// antd-mobile only: the phone branch never pulls antd's desktop components.
export default defineRoutes([
  {
    path: '/mobile/formWrite',
    name: 'mobileFormWrite',
    lazy: () => import('./pages/mobile-form-write-page'),
    meta: { title: '填写表单', layout: 'mobile', public: true },
  },
]);
