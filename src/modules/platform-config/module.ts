import { defineModule } from '@/shared/module';

export const platformConfigModule = defineModule({
  id: 'platform-config',
  title: '平台与权限',
  routes: [
    {
      name: 'platformConfig',
      path: '/cms/systemSetting/platformConfig',
      title: '平台配置',
      area: 'cms',
      menu: true,
      icon: 'AppstoreOutlined',
    },
    {
      name: 'permission',
      path: '/cms/systemSetting/permission',
      title: '权限分配',
      area: 'cms',
      menu: true,
      icon: 'SafetyOutlined',
    },
  ],
});
