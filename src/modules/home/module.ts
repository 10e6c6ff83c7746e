import { defineModule } from '@/shared/module';

const homePage = () => import('./web/pages/home-page');

export default defineModule({
  id: 'home',
  title: '首页',
  menuOrder: 10,
  routes: [
    // /home only forwards to the visitor home (spec section 2).
    { name: 'home', path: '/home', title: '首页', area: 'visitor', public: true, redirect: '/home/index' },
    {
      name: 'homeIndex',
      path: '/home/index',
      title: '首页',
      area: 'visitor',
      public: true,
      icon: 'HomeOutlined',
      page: homePage,
    },
    {
      name: 'noticeDetail',
      path: '/home/notice/:id',
      title: '通知公告',
      area: 'visitor',
      public: true,
      page: () => import('./web/pages/notice-detail-page'),
    },
    // /web's default page is the visitor home (spec section 2), inside the user front end's frame.
    { name: 'webHome', path: '/web', title: '首页', area: 'web', public: true, page: homePage },
    {
      name: 'webHomeIndex',
      path: '/web/home/index',
      title: '首页',
      area: 'web',
      public: true,
      menu: true,
      icon: 'HomeOutlined',
      relationRoutes: ['noticeDetail'],
      page: homePage,
    },
    {
      name: 'cmsHome',
      path: '/cms/home/index',
      title: '首页',
      area: 'cms',
      menu: true,
      icon: 'DashboardOutlined',
      page: () => import('./cms/pages/dashboard-page'),
    },
  ],
});
