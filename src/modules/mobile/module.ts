import { defineModule } from '@/shared/module';

/** The phone pages (/mobile/*), served by the antd-mobile shell. */
export const mobileModule = defineModule({
  id: 'mobile',
  title: '手机端',
  routes: [
    { name: 'mobileLogin', path: '/mobile/mobileLogin', title: '手机登录', area: 'mobile', public: true },
    { name: 'mobileHome', path: '/mobile/home', title: '首页', area: 'mobile' },
    { name: 'mobileMe', path: '/mobile/me', title: '我的', area: 'mobile' },
    { name: 'mobileFlowChart', path: '/mobile/mobileFlowChart', title: '流程进度', area: 'mobile', public: true },
  ],
});
