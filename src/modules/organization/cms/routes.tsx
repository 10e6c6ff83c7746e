import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  {
    path: '/cms/systemSetting/organization',
    name: 'organization',
    lazy: () => import('./pages/organization-page'),
    meta: { title: '部门管理', icon: 'ApartmentOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
  {
    path: '/cms/systemSetting/role',
    name: 'roleManage',
    lazy: () => import('./pages/role-page'),
    meta: { title: '角色管理', icon: 'TeamOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
]);
