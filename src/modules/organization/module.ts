import { defineModule } from '@/shared/module';

export default defineModule({
  id: 'organization',
  title: '组织机构',
  menuOrder: 30,
  routes: [
    {
      name: 'organization',
      path: '/cms/systemSetting/organization',
      title: '部门管理',
      area: 'cms',
      menu: true,
      icon: 'ApartmentOutlined',
      page: () => import('./cms/pages/organization-page'),
    },
    {
      name: 'roleManage',
      path: '/cms/systemSetting/role',
      title: '角色管理',
      area: 'cms',
      menu: true,
      icon: 'TeamOutlined',
      page: () => import('./cms/pages/role-page'),
    },
  ],
});
