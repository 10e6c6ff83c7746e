import { defineModule } from '@/shared/module';

const indicatorWarningPage = () => import('./web/pages/indicator-warning-page');

/**
 * BI (issue 20), part 1: indicators over the data centre's tables (插件 → BI → 指标管理), their
 * values per period and the warnings a threshold breach opens; owners see and 确认 them on the web
 * (bi/indicatorWarningDetails) and on the phone. Dashboards and reports build on the same aggregate layer.
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
      name: 'mobileIndicatorWarning',
      path: '/mobile/biIndicatorWarning',
      title: '指标预警',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-indicator-warning-page'),
    },
  ],
});
