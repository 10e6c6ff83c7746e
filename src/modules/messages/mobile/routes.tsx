import { defineRoutes } from '@/core/routing/define-routes';

// antd-mobile only: served by the phone shell.
export default defineRoutes([
  {
    path: '/mobile/messages',
    name: 'mobileMessages',
    lazy: () => import('./pages/mobile-messages-page'),
    meta: { title: '消息', layout: 'mobile' },
  },
]);
