import { defineModule } from '@/shared/module';

export const accountsModule = defineModule({
  id: 'accounts',
  title: '账号管理',
  routes: [
    {
      name: 'account',
      path: '/cms/systemSetting/account',
      title: '账号管理',
      area: 'cms',
      menu: true,
      icon: 'UserOutlined',
    },
  ],
});
