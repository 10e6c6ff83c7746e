import { defineRoutes } from '@/core/routing/define-routes';

const page = { layout: 'cms', showHeader: true, showSider: true } as const;

// The designer is processDesign?id= (module.ts declares no separate route for it).
export default defineRoutes([
  {
    path: '/cms/workflow/processDesign',
    name: 'processDesign',
    lazy: () => import('./pages/process-design-page'),
    meta: { title: '流程设计', icon: 'ShareAltOutlined', ...page },
  },
  {
    path: '/cms/workflow/processMonitor',
    name: 'processMonitor',
    lazy: () => import('./pages/process-monitor-page'),
    meta: { title: '流程监控', icon: 'DashboardOutlined', ...page },
  },
  {
    path: '/cms/workflow/approvalManage',
    name: 'approvalManage',
    lazy: () => import('./pages/approval-manage-page'),
    meta: { title: '审批管理', icon: 'SolutionOutlined', ...page },
  },
]);
