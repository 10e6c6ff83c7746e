import { defineModule } from '@/shared/module';

export default defineModule({
  id: 'platform-config',
  title: '平台与权限',
  menuOrder: 40,
  routes: [
    {
      name: 'platformConfig',
      path: '/cms/systemSetting/platformConfig',
      title: '平台配置',
      area: 'cms',
      menu: true,
      icon: 'AppstoreOutlined',
      page: () => import('./cms/pages/platform-config-page'),
    },
    {
      name: 'permission',
      path: '/cms/systemSetting/permission',
      title: '权限分配',
      area: 'cms',
      menu: true,
      icon: 'SafetyOutlined',
      page: () => import('./cms/pages/permission-page'),
    },
  ],
});
