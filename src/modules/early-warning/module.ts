import { defineModule, type RouteSpec } from '@/shared/module';

const list = (name: string, title: string, icon: string, page: RouteSpec['page'], deskOnly = false): RouteSpec => ({
  name,
  path: `/web/earlyWarning/${name}`,
  title,
  area: 'web',
  menu: true,
  icon,
  platforms: ['staff'],
  deskOnly,
  page,
});
const rulePage = () => import('./web/pages/warning-list-page');
const taskPage = () => import('./web/pages/task-list-page');
const requestPage = () => import('./web/pages/task-request-page');
const task = (
  name: string,
  path: string,
  title: string,
  page: RouteSpec['page'],
  menu: boolean,
  relation: string[] = [],
): RouteSpec => ({
  name,
  path: `/web/taskCenter/${path}`,
  title,
  area: 'web',
  menu,
  icon: menu ? (name === 'taskFocusOn' ? 'HeartOutlined' : 'WarningOutlined') : undefined,
  platforms: ['staff'],
  deskOnly: !menu,
  relationRoutes: relation,
  page,
});

/**
 * 学生预警 (issue 22): ten lists computed from the data centre's campus signals with care records
 * per warning, and the approval centre's 预警任务 / 重点关注 with their 报告, 协助 and 不再关注 pages.
 */
export default defineModule({
  id: 'early-warning',
  title: '学生预警',
  menuOrder: 66,
  after: ['workflow', 'forms', 'data-tables'],
  routes: [
    list('absentWarning', '旷课预警', 'ScheduleOutlined', rulePage),
    list('studyWarning', '学业预警', 'ReadOutlined', rulePage),
    list('lateBackWarning', '晚归预警', 'WarningOutlined', rulePage),
    list('unBackWarning', '未归预警', 'HomeOutlined', rulePage),
    list('disContactWarning', '失联预警', 'NotificationOutlined', rulePage),
    list('solitaryWarning', '孤僻预警', 'UserOutlined', rulePage),
    list('goDormitory', '走访宿舍', 'TeamOutlined', () => import('./web/pages/go-dormitory-page'), true),
    list('leaveConfig', '请假配置', 'CalendarOutlined', () => import('./web/pages/leave-config-page'), true),
    list('dormHistory', '门禁记录', 'HistoryOutlined', () => import('./web/pages/dorm-history-page'), true),
    list('preciseFunding', '精准资助', 'FundOutlined', rulePage, true),
    task('taskWarning', 'taskWarning', '预警任务', taskPage, true, [
      'taskWarningReport',
      'taskWarningAssist',
      'taskWarningUnfollow',
    ]),
    task('taskWarningReport', 'taskWarning/report', '预警任务 · 报告', requestPage, false),
    task('taskWarningAssist', 'taskWarning/assist', '预警任务 · 协助', requestPage, false),
    task('taskWarningUnfollow', 'taskWarning/unfollow', '预警任务 · 不再关注审批', requestPage, false),
    task('taskFocusOn', 'taskFocusOn', '重点关注', taskPage, true, [
      'taskFocusOnReport',
      'taskFocusOnAssist',
      'taskFocusOnUnfollow',
    ]),
    task('taskFocusOnReport', 'taskFocusOn/report', '重点关注 · 报告', requestPage, false),
    task('taskFocusOnAssist', 'taskFocusOn/assist', '重点关注 · 协助', requestPage, false),
    task('taskFocusOnUnfollow', 'taskFocusOn/unfollow', '重点关注 · 不再关注审批', requestPage, false),
    {
      name: 'mobileEarlyWarning',
      path: '/mobile/earlyWarning',
      title: '学生预警',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-early-warning-page'),
    },
  ],
});
