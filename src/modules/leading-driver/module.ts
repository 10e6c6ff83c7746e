import { defineModule } from '@/shared/module';

/**
 * 领导驾驶舱 (issue 20 part 2): 综合校情 (a dark full-screen page of the whole school's figures) and
 * 教学概况 for school leaders, both from the data centre's data tables; a phone page with the key
 * figures. Paths as the spec spells them (`/leadingDriver/*`, spec section 4 opens them as asked).
 */
const screen = {
  area: 'web',
  menu: true,
  platforms: ['staff'],
  showHeader: false,
  showSider: false,
  showFoot: false,
} as const;

export default defineModule({
  id: 'leading-driver',
  title: '领导驾驶舱',
  menuOrder: 65,
  after: ['data-tables', 'efficiency-supervise'],
  routes: [
    {
      ...screen,
      name: 'leadingDriverIndex',
      path: '/leadingDriver/leadingDriverIndex',
      title: '综合校情',
      icon: 'DashboardOutlined',
      page: () => import('./web/pages/school-overview-page'),
    },
    {
      ...screen,
      name: 'teachingOverview',
      path: '/leadingDriver/teachingOverview',
      title: '教学概况',
      icon: 'ReadOutlined',
      // A desk screen: the phone page (the 综合校情 tile) carries the key teaching figures.
      deskOnly: true,
      page: () => import('./web/pages/teaching-overview-page'),
    },
    {
      name: 'mobileLeadingDriver',
      path: '/mobile/leadingDriver',
      title: '综合校情',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-leading-driver-page'),
    },
  ],
});
