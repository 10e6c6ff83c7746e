import { defineModule } from '@/shared/module';

export const homeModule = defineModule({
  id: 'home',
  title: '首页',
  routes: [
    { name: 'home', path: '/home', title: '首页', area: 'visitor', public: true },
    { name: 'homeIndex', path: '/home/index', title: '首页', area: 'visitor', public: true, icon: 'HomeOutlined' },
    { name: 'noticeDetail', path: '/home/notice/:id', title: '通知公告', area: 'visitor', public: true },
    { name: 'webHome', path: '/web', title: '首页', area: 'web', public: true },
    {
      name: 'webHomeIndex',
      path: '/web/home/index',
      title: '首页',
      area: 'web',
      public: true,
      menu: true,
      icon: 'HomeOutlined',
      relationRoutes: ['noticeDetail'],
    },
    { name: 'cmsHome', path: '/cms/home/index', title: '首页', area: 'cms', menu: true, icon: 'DashboardOutlined' },
  ],
});
