import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  {
    path: '/cms/systemSetting/platformConfig',
    name: 'platformConfig',
    lazy: () => import('./pages/platform-config-page'),
    meta: { title: '平台配置', icon: 'AppstoreOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
  {
    path: '/cms/systemSetting/permission',
    name: 'permission',
    lazy: () => import('./pages/permission-page'),
    meta: { title: '权限分配', icon: 'SafetyOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
]);
