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
      // 一表通平台 too (its first page is its index_url, this home page: spec section 4).
      platforms: ['student', 'staff', 'one-form'],
      relationRoutes: ['noticeDetail'],
      page: homePage,
    },
    // Administrators land at /cms (spec section 4): the back office opens on its first page.
    { name: 'cms', path: '/cms', title: '后台管理', area: 'cms', redirect: '/cms/home/index' },
    {
      name: 'cmsHome',
      path: '/cms/home/index',
      title: '首页',
      area: 'cms',
      menu: true,
      icon: 'DashboardOutlined',
      page: () => import('./cms/pages/dashboard-page'),
    },
    // A notice on the phone: where messages announcing one lead there (phoneLink maps /home/notice/:id).
    {
      name: 'mobileNotice',
      path: '/mobile/notice',
      title: '通知公告',
      area: 'mobile',
      public: true,
      page: () => import('./mobile/pages/mobile-notice-page'),
    },
  ],
});
