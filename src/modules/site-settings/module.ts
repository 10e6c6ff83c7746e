import { defineModule } from '@/shared/module';

export const siteSettingsModule = defineModule({
  id: 'site-settings',
  title: '门户设置',
  routes: [
    {
      name: 'homepageModules',
      path: '/cms/systemSetting/homepageModules',
      title: '首页模块',
      area: 'cms',
      menu: true,
      icon: 'DesktopOutlined',
    },
    {
      name: 'displaySettings',
      path: '/cms/systemSetting/displaySettings',
      title: '显示设置',
      area: 'cms',
      menu: true,
      icon: 'SettingOutlined',
    },
  ],
});
