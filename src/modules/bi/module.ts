import { defineModule } from '@/shared/module';

const indicatorWarningPage = () => import('./web/pages/indicator-warning-page');
const dashboardPage = () => import('./web/pages/dashboard-detail-page');

/**
 * BI (issue 20), part 1: indicators over the data centre's tables (插件 → BI → 指标管理), their
 * values per period and the warnings a threshold breach opens; owners see and 确认 them on the web
 * (bi/indicatorWarningDetails) and on the phone. Part 3: dashboards (插件 → BI → 仪表板管理, designer; bi/index,
 * bi/detail with linkage, bi/linkageDetail for drill-down; a phone page). Reports build on the same aggregate layer.
 */
export default defineModule({
  id: 'bi',
  title: 'BI',
  menuOrder: 70,
  after: ['data-tables', 'messages'],
  routes: [
    {
      name: 'biIndicator',
      path: '/cms/plugins/bi/indicator',
      title: '指标管理',
      area: 'cms',
      menu: true,
      icon: 'FundOutlined',
      page: () => import('./cms/pages/indicator-manage-page'),
    },
    {
      name: 'biDashboard',
      path: '/cms/plugins/bi/dashboard',
      title: '仪表板管理',
      area: 'cms',
      menu: true,
      icon: 'AppstoreOutlined',
      relationRoutes: ['biDashboardDesign'],
      page: () => import('./cms/pages/dashboard-manage-page'),
    },
    {
      name: 'biDashboardDesign',
      path: '/cms/plugins/bi/dashboardDesign',
      title: '仪表板设计',
      area: 'cms',
      page: () => import('./cms/pages/dashboard-design-page'),
    },
    {
      name: 'biIndicatorWarning',
      path: '/cms/plugins/bi/indicatorWarning',
      title: '指标预警',
      area: 'cms',
      menu: true,
      icon: 'WarningOutlined',
      page: indicatorWarningPage,
    },
    {
      name: 'indicatorWarningDetails',
      path: '/web/bi/indicatorWarningDetails',
      title: '指标预警',
      area: 'web',
      menu: true,
      icon: 'WarningOutlined',
      platforms: ['staff'],
      page: indicatorWarningPage,
    },
    {
      name: 'biIndex',
      path: '/web/bi/index',
      title: '仪表板',
      area: 'web',
      menu: true,
      icon: 'BarChartOutlined',
      platforms: ['student', 'staff'],
      relationRoutes: ['biDetail', 'biLinkageDetail', 'mobileBiDashboard'],
      page: () => import('./web/pages/dashboard-index-page'),
    },
    {
      // Public where published so (spec section 4): the server checks the audience, or asks to sign in.
      name: 'biDetail',
      path: '/web/bi/detail',
      title: '仪表板',
      area: 'web',
      public: true,
      page: dashboardPage,
    },
    {
      name: 'biLinkageDetail',
      path: '/web/bi/linkageDetail',
      title: '仪表板下钻',
      area: 'web',
      public: true,
      page: dashboardPage,
    },
    {
      name: 'mobileBiDashboard',
      path: '/mobile/biDashboard',
      title: '仪表板',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-dashboard-page'),
    },
    {
      name: 'mobileIndicatorWarning',
      path: '/mobile/biIndicatorWarning',
      title: '指标预警',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-indicator-warning-page'),
    },
  ],
});
