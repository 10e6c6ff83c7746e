import { defineModule } from '@/shared/module';

export const organizationModule = defineModule({
  id: 'organization',
  title: '组织机构',
  routes: [
    {
      name: 'organization',
      path: '/cms/systemSetting/organization',
      title: '部门管理',
      area: 'cms',
      menu: true,
      icon: 'ApartmentOutlined',
    },
    {
      name: 'roleManage',
      path: '/cms/systemSetting/role',
      title: '角色管理',
      area: 'cms',
      menu: true,
      icon: 'TeamOutlined',
    },
  ],
});
