import { defineModule } from '@/shared/module';

/**
 * The phone pages (/mobile/*), served by the antd-mobile shell: every page here is antd-mobile
 * only, so the phone branch never pulls antd's desktop components. mobileFlowChart draws the
 * workflow module's MobileFlowProgress.
 */
export default defineModule({
  id: 'mobile',
  title: '手机端',
  routes: [
    {
      name: 'mobileLogin',
      path: '/mobile/mobileLogin',
      title: '手机登录',
      area: 'mobile',
      public: true,
      page: () => import('./mobile/pages/mobile-login-page'),
    },
    {
      name: 'mobileHome',
      path: '/mobile/home',
      title: '首页',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-home-page'),
    },
    {
      name: 'mobileMe',
      path: '/mobile/me',
      title: '我的',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-me-page'),
    },
    {
      name: 'mobileFlowChart',
      path: '/mobile/mobileFlowChart',
      title: '流程进度',
      area: 'mobile',
      public: true,
      page: () => import('./mobile/pages/mobile-flow-chart-page'),
    },
  ],
});
