import { defineModule } from '@/shared/module';

/**
 * BI reports (issue 20, part 4): parameterised tables over the data centre's tables with nested
 * groups, subtotals and a grand total, exported to Excel and PDF; templates to start from.
 * Back office 插件 → BI → 报表管理 (placed under BI's submenu by the demo seed); staff see the
 * reports published to them on the web (数据报表) and the phone.
 */
export default defineModule({
  id: 'bi-reports',
  title: 'BI 报表',
  menuOrder: 71,
  after: ['bi', 'data-tables'],
  routes: [
    {
      name: 'biReportManage',
      path: '/cms/plugins/bi/report',
      title: '报表管理',
      area: 'cms',
      menu: true,
      icon: 'TableOutlined',
      page: () => import('./cms/pages/report-manage-page'),
    },
    {
      name: 'biReport',
      path: '/web/bi/report',
      title: '数据报表',
      area: 'web',
      menu: true,
      icon: 'TableOutlined',
      platforms: ['staff'],
      relationRoutes: ['biReportDetail'],
      page: () => import('./web/pages/report-list-page'),
    },
    {
      name: 'biReportDetail',
      path: '/web/bi/reportDetail',
      title: '报表详情',
      area: 'web',
      page: () => import('./web/pages/report-detail-page'),
    },
    {
      name: 'mobileBiReport',
      path: '/mobile/biReport',
      title: '数据报表',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-report-page'),
    },
  ],
});
