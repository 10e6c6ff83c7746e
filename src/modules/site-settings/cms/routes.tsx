import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  {
    path: '/cms/systemSetting/homepageModules',
    name: 'homepageModules',
    lazy: () => import('./pages/homepage-modules-page'),
    meta: { title: '首页模块', icon: 'DesktopOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
  {
    path: '/cms/systemSetting/displaySettings',
    name: 'displaySettings',
    lazy: () => import('./pages/display-settings-page'),
    meta: { title: '显示设置', icon: 'SettingOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
]);
