import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  {
    path: '/cms/systemSetting/account',
    name: 'account',
    lazy: () => import('./pages/account-page'),
    meta: { title: '账号管理', icon: 'UserOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
]);
