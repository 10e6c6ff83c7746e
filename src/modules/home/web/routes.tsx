import { defineRoutes } from '@/core/routing/define-routes';

const homePage = () => import('./pages/home-page');

export default defineRoutes([
  // /home only forwards to the visitor home (spec section 2).
  {
    path: '/home',
    name: 'home',
    lazy: homePage,
    redirect: '/home/index',
    meta: { title: '首页', layout: 'visitor', public: true },
  },
  {
    path: '/home/index',
    name: 'homeIndex',
    lazy: homePage,
    meta: { title: '首页', icon: 'HomeOutlined', layout: 'visitor', public: true, showHeader: true, showFoot: true },
  },
  {
    path: '/home/notice/:id',
    name: 'noticeDetail',
    lazy: () => import('./pages/notice-detail-page'),
    meta: { title: '通知公告', layout: 'visitor', public: true, showHeader: true, showFoot: true },
  },
  // /web's default page is the visitor home (spec section 2), inside the user front end's frame.
  {
    path: '/web',
    name: 'webHome',
    lazy: homePage,
    meta: { title: '首页', layout: 'web', public: true, showHeader: true, showSider: true, showFoot: true },
  },
  {
    path: '/web/home/index',
    name: 'webHomeIndex',
    lazy: homePage,
    meta: {
      title: '首页',
      icon: 'HomeOutlined',
      layout: 'web',
      public: true,
      showHeader: true,
      showSider: true,
      showFoot: true,
    },
  },
]);
