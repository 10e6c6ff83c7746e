import { defineModule } from '@/shared/module';

export const contentModule = defineModule({
  id: 'content',
  title: '内容管理',
  routes: [
    {
      name: 'noticeManage',
      path: '/cms/content/notice',
      title: '通知新闻',
      area: 'cms',
      menu: true,
      icon: 'NotificationOutlined',
    },
    {
      name: 'helpCenter',
      path: '/cms/systemSetting/helpCenter',
      title: '帮助中心',
      area: 'cms',
      menu: true,
      icon: 'QuestionCircleOutlined',
    },
    // The users' side of the help centre, opened from the /web header.
    {
      name: 'helpIndex',
      path: '/web/help/index',
      title: '帮助中心',
      area: 'web',
      public: true,
      menu: true,
      icon: 'QuestionCircleOutlined',
    },
  ],
});
