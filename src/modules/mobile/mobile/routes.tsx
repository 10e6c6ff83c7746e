import { defineRoutes } from '@/core/routing/define-routes';

// Every page here is antd-mobile only: the mobile shell never pulls antd's desktop components.
export default defineRoutes([
  {
    path: '/mobile/mobileLogin',
    name: 'mobileLogin',
    lazy: () => import('./pages/mobile-login-page'),
    meta: { title: '手机登录', layout: 'mobile', public: true },
  },
  {
    path: '/mobile/home',
    name: 'mobileHome',
    lazy: () => import('./pages/mobile-home-page'),
    meta: { title: '首页', layout: 'mobile' },
  },
  {
    path: '/mobile/me',
    name: 'mobileMe',
    lazy: () => import('./pages/mobile-me-page'),
    meta: { title: '我的', layout: 'mobile' },
  },
  {
    path: '/mobile/mobileFlowChart',
    name: 'mobileFlowChart',
    lazy: () => import('./pages/mobile-flow-chart-page'),
    meta: { title: '流程进度', layout: 'mobile', public: true },
  },
]);
