import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  {
    path: '/cms/content/notice',
    name: 'noticeManage',
    lazy: () => import('./pages/notice-page'),
    meta: { title: '通知新闻', icon: 'NotificationOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
  {
    path: '/cms/systemSetting/helpCenter',
    name: 'helpCenter',
    lazy: () => import('./pages/help-center-page'),
    meta: { title: '帮助中心', icon: 'QuestionCircleOutlined', layout: 'cms', showHeader: true, showSider: true },
  },
]);
