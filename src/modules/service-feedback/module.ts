import { defineModule } from '@/shared/module';

/**
 * 好差评 (issue 17): applicants rate their ended applications and bookings; a 差评 opens a
 * rectification for the item's department; the public sees each item's and department's
 * satisfaction; the back office manages evaluations, labels and statistics.
 */
export default defineModule({
  id: 'service-feedback',
  title: '好差评管理',
  menuOrder: 62,
  after: ['service-hall', 'service-booking', 'workflow'],
  routes: [
    {
      name: 'feedbackIndex',
      path: '/web/feedback/index',
      title: '好差评',
      area: 'web',
      menu: true,
      icon: 'StarOutlined',
      relationRoutes: ['viewDetails'],
      page: () => import('./web/pages/feedback-index-page'),
    },
    {
      name: 'viewDetails',
      path: '/web/eventService/viewDetails',
      title: '事项评价',
      area: 'web',
      public: true,
      page: () => import('./web/pages/view-details-page'),
    },
    {
      name: 'feedbackRectify',
      deskOnly: true,
      path: '/web/feedback/rectification',
      title: '差评整改',
      area: 'web',
      menu: true,
      icon: 'SolutionOutlined',
      platforms: ['staff'],
      page: () => import('./web/pages/rectification-page'),
    },
    {
      name: 'feedbackEvaluation',
      path: '/cms/serviceTool/feedbackEvaluation',
      title: '评价管理',
      area: 'cms',
      menu: true,
      icon: 'CommentOutlined',
      relationRoutes: ['feedbackItemDetails'],
      page: () => import('./cms/pages/evaluation-page'),
    },
    {
      name: 'feedbackLabels',
      path: '/cms/serviceTool/feedbackLabels',
      title: '评价标签',
      area: 'cms',
      menu: true,
      icon: 'ProfileOutlined',
      page: () => import('./cms/pages/labels-page'),
    },
    {
      name: 'feedbackStatistics',
      path: '/cms/serviceTool/feedbackStatistics',
      title: '评价统计',
      area: 'cms',
      menu: true,
      icon: 'BarChartOutlined',
      relationRoutes: ['feedbackItemDetails'],
      page: () => import('./cms/pages/statistics-page'),
    },
    {
      name: 'feedbackItemDetails',
      path: '/cms/serviceTool/feedbackItemDetails',
      title: '事项评价详情',
      area: 'cms',
      menu: true,
      icon: 'FileSearchOutlined',
      page: () => import('./cms/pages/item-details-page'),
    },
    {
      name: 'mobileFeedback',
      path: '/mobile/feedback',
      title: '好差评',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-feedback-page'),
    },
  ],
});
