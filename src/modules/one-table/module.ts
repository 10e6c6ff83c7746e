import { defineModule } from '@/shared/module';

/** Everyone's own data: every platform, 一表通平台 first of all. */
const EVERYONE = ['student', 'staff', 'one-form'] as const;
/** Owning departments decide corrections in the approval centre. */
const STAFF = ['staff', 'one-form'] as const;

/**
 * 一表通 (issue 18): the person's data gathered from the data centre's tables, laid out per
 * audience by the back office; corrections reviewed by the table's owning department and
 * written back to the data table; their summary.
 */
export default defineModule({
  id: 'one-table',
  title: '一表通',
  menuOrder: 94,
  routes: [
    {
      name: 'myDataCenter',
      path: '/web/oneTablePlatform/myDataCenter',
      title: '我的数据',
      area: 'web',
      menu: true,
      icon: 'IdcardOutlined',
      platforms: EVERYONE,
      relationRoutes: ['errorCorrectionPage'],
      page: () => import('./web/pages/my-data-center-page'),
    },
    {
      name: 'errorCorrectionPage',
      path: '/web/oneTablePlatform/errorCorrectionPage',
      title: '数据纠错',
      area: 'web',
      menu: true,
      icon: 'EditOutlined',
      platforms: EVERYONE,
      page: () => import('./web/pages/error-correction-page'),
    },
    {
      name: 'errorCorrectionRecord',
      path: '/web/oneTablePlatform/errorCorrectionRecord',
      title: '纠错记录',
      area: 'web',
      menu: true,
      icon: 'HistoryOutlined',
      platforms: EVERYONE,
      page: () => import('./web/pages/error-correction-record-page'),
    },
    {
      name: 'oneTable',
      deskOnly: true,
      path: '/web/taskCenter/oneTable',
      title: '数据纠错审核',
      area: 'web',
      menu: true,
      icon: 'AuditOutlined',
      platforms: STAFF,
      page: () => import('./web/pages/one-table-approval-page'),
    },
    {
      name: 'taskErrorCorrectionSummary',
      deskOnly: true,
      path: '/web/taskCenter/taskErrorCorrectionSummary',
      title: '纠错汇总',
      area: 'web',
      menu: true,
      icon: 'BarChartOutlined',
      platforms: STAFF,
      page: () => import('./web/pages/correction-summary-page'),
    },
    {
      name: 'oneTablePageManage',
      path: '/cms/plugIn/oneTablePageManage',
      title: '一表通页面管理',
      area: 'cms',
      menu: true,
      icon: 'ProfileOutlined',
      page: () => import('./cms/pages/page-manage-page'),
    },
    {
      name: 'oneTableCorrectionSummary',
      path: '/cms/plugIn/oneTableCorrectionSummary',
      title: '纠错汇总',
      area: 'cms',
      menu: true,
      icon: 'BarChartOutlined',
      page: () => import('./cms/pages/cms-correction-summary-page'),
    },
    {
      name: 'mobileMyData',
      path: '/mobile/myDataCenter',
      title: '我的数据',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-my-data-page'),
    },
  ],
});
