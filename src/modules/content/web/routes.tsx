import { defineRoutes } from '@/core/routing/define-routes';

export default defineRoutes([
  // Public: the help entry in the /web header opens it for visitors and users alike.
  {
    path: '/web/help/index',
    name: 'helpIndex',
    lazy: () => import('./pages/help-page'),
    meta: {
      title: '帮助中心',
      icon: 'QuestionCircleOutlined',
      layout: 'web',
      public: true,
      showHeader: true,
      showSider: true,
      showFoot: true,
    },
  },
]);
