import { defineModule } from '@/shared/module';

/**
 * 效能督查 (issue 22 part 2): real-time supervision of the workflow engine's node time limits —
 * overdue and soon-due approvals by department, person and process, urging, escalation to the
 * assignee's leaders, trends, rankings and export. School leaders and the supervision office see
 * everything, department leaders their departments (enforced on the server).
 */
export default defineModule({
  id: 'efficiency-supervise',
  title: '效能督查',
  menuOrder: 64,
  after: ['workflow', 'messages'],
  routes: [
    {
      name: 'efficiencySupervise',
      path: '/web/efficiencySupervise/index',
      title: '效能督查',
      area: 'web',
      menu: true,
      icon: 'FieldTimeOutlined',
      platforms: ['staff'],
      page: () => import('./web/pages/supervise-page'),
    },
    {
      name: 'mobileEfficiencySupervise',
      path: '/mobile/efficiencySupervise',
      title: '效能督查',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-supervise-page'),
    },
  ],
});
