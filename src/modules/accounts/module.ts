import { defineModule } from '@/shared/module';

export default defineModule({
  id: 'accounts',
  title: '账号管理',
  menuOrder: 50,
  routes: [
    {
      name: 'account',
      path: '/cms/systemSetting/account',
      title: '账号管理',
      area: 'cms',
      menu: true,
      icon: 'UserOutlined',
      page: () => import('./cms/pages/account-page'),
    },
  ],
});
