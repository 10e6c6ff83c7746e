import { defineModule } from '@/shared/module';

/** The workflow engine and the approval centre (issue 6): approvals on the web, processes in the back office, pending tasks on phones. */
export default defineModule({
  id: 'workflow',
  title: '审批中心',
  menuOrder: 100,
  // Its server hooks into form submissions (an instance starts in the submission's transaction).
  after: ['forms'],
  routes: [
    // The approval centre opens on its workbench (spec section 2: taskCenter, default taskWorkBench).
    {
      name: 'taskCenter',
      path: '/web/taskCenter',
      title: '审批中心',
      area: 'web',
      redirect: '/web/taskCenter/taskWorkBench',
    },
    {
      name: 'taskWorkBench',
      path: '/web/taskCenter/taskWorkBench',
      title: '审批工作台',
      area: 'web',
      menu: true,
      icon: 'AuditOutlined',
      relationRoutes: ['taskApproval', 'applyForEdit'],
      page: () => import('./web/pages/task-work-bench-page'),
    },
    {
      name: 'taskApproval',
      path: '/web/taskCenter/taskApproval',
      title: '审批详情',
      area: 'web',
      page: () => import('./web/pages/task-approval-page'),
    },
    // Spec: a read-only record reachable by its link.
    {
      name: 'taskHistoricalRecord',
      path: '/web/taskCenter/taskHistoricalRecord',
      title: '审批记录',
      area: 'web',
      public: true,
      page: () => import('./web/pages/task-historical-record-page'),
    },
    {
      name: 'taskProcessServices',
      path: '/web/taskCenter/taskProcessServices',
      title: '办事服务',
      area: 'web',
      menu: true,
      icon: 'AppstoreOutlined',
      page: () => import('./web/pages/task-process-services-page'),
    },
    {
      name: 'applyForEdit',
      path: '/web/taskCenter/applyForEdit',
      title: '申请修改',
      area: 'web',
      page: () => import('./web/pages/apply-for-edit-page'),
    },
    {
      name: 'reservationServices',
      path: '/web/taskCenter/reservationServices',
      title: '预约审批',
      area: 'web',
      menu: true,
      icon: 'CalendarOutlined',
      // Approvers' work: staff approve bookings, students make them (办事服务).
      platforms: ['staff'],
      page: () => import('./web/pages/reservation-services-page'),
    },
    // The designer is processDesign?id= (no separate route).
    {
      name: 'processDesign',
      path: '/cms/workflow/processDesign',
      title: '流程设计',
      area: 'cms',
      menu: true,
      icon: 'ShareAltOutlined',
      page: () => import('./cms/pages/process-design-page'),
    },
    {
      name: 'processMonitor',
      path: '/cms/workflow/processMonitor',
      title: '流程监控',
      area: 'cms',
      menu: true,
      icon: 'DashboardOutlined',
      page: () => import('./cms/pages/process-monitor-page'),
    },
    {
      name: 'approvalManage',
      path: '/cms/workflow/approvalManage',
      title: '审批管理',
      area: 'cms',
      menu: true,
      icon: 'SolutionOutlined',
      page: () => import('./cms/pages/approval-manage-page'),
    },
    {
      name: 'mobileTaskPending',
      path: '/mobile/taskPending',
      title: '待办审批',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-task-pending-page'),
    },
    {
      name: 'mobileProcessServices',
      path: '/mobile/processServices',
      title: '办事服务',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-process-services-page'),
    },
  ],
});
