import { defineModule } from '@/shared/module';

export default defineModule({
  id: 'site-settings',
  title: '门户设置',
  menuOrder: 20,
  routes: [
    {
      name: 'homepageModules',
      path: '/cms/systemSetting/homepageModules',
      title: '首页模块',
      area: 'cms',
      menu: true,
      icon: 'DesktopOutlined',
      page: () => import('./cms/pages/homepage-modules-page'),
    },
    {
      name: 'displaySettings',
      path: '/cms/systemSetting/displaySettings',
      title: '显示设置',
      area: 'cms',
      menu: true,
      icon: 'SettingOutlined',
      page: () => import('./cms/pages/display-settings-page'),
    },
  ],
});
