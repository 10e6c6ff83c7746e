import { defineModule } from '@/shared/module';

export default defineModule({
  id: 'content',
  title: '内容管理',
  menuOrder: 60,
  routes: [
    {
      name: 'noticeManage',
      path: '/cms/content/notice',
      title: '通知新闻',
      area: 'cms',
      menu: true,
      icon: 'NotificationOutlined',
      page: () => import('./cms/pages/notice-page'),
    },
    {
      name: 'helpCenter',
      path: '/cms/systemSetting/helpCenter',
      title: '帮助中心',
      area: 'cms',
      menu: true,
      icon: 'QuestionCircleOutlined',
      page: () => import('./cms/pages/help-center-page'),
    },
    // The users' side of the help centre: public, since the /web header opens it for visitors and users alike.
    {
      name: 'helpIndex',
      path: '/web/help/index',
      title: '帮助中心',
      area: 'web',
      public: true,
      menu: true,
      icon: 'QuestionCircleOutlined',
      platforms: ['student', 'staff', 'one-form'],
      page: () => import('./web/pages/help-page'),
    },
    // The same help centre on the phone (the phone home's 帮助中心 tile, the account note's link).
    {
      name: 'mobileHelp',
      path: '/mobile/help',
      title: '帮助中心',
      area: 'mobile',
      public: true,
      page: () => import('./mobile/pages/mobile-help-page'),
    },
  ],
});
