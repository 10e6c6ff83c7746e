import { defineModule } from '@/shared/module';

/** The workflow engine and the approval centre (issue 6): approvals on the web, processes in the back office, pending tasks on phones. */
export const workflowModule = defineModule({
  id: 'workflow',
  title: '审批中心',
  routes: [
    {
      name: 'taskWorkBench',
      path: '/web/taskCenter/taskWorkBench',
      title: '审批工作台',
      area: 'web',
      menu: true,
      icon: 'AuditOutlined',
      relationRoutes: ['taskApproval', 'applyForEdit'],
    },
    { name: 'taskApproval', path: '/web/taskCenter/taskApproval', title: '审批详情', area: 'web' },
    // Spec: a read-only record reachable by its link.
    {
      name: 'taskHistoricalRecord',
      path: '/web/taskCenter/taskHistoricalRecord',
      title: '审批记录',
      area: 'web',
      public: true,
    },
    {
      name: 'taskProcessServices',
      path: '/web/taskCenter/taskProcessServices',
      title: '办事服务',
      area: 'web',
      menu: true,
      icon: 'AppstoreOutlined',
    },
    { name: 'applyForEdit', path: '/web/taskCenter/applyForEdit', title: '申请修改', area: 'web' },
    {
      name: 'reservationServices',
      path: '/web/taskCenter/reservationServices',
      title: '预约审批',
      area: 'web',
      menu: true,
      icon: 'CalendarOutlined',
    },
    {
      name: 'processDesign',
      path: '/cms/workflow/processDesign',
      title: '流程设计',
      area: 'cms',
      menu: true,
      icon: 'ShareAltOutlined',
    },
    {
      name: 'processMonitor',
      path: '/cms/workflow/processMonitor',
      title: '流程监控',
      area: 'cms',
      menu: true,
      icon: 'DashboardOutlined',
    },
    {
      name: 'approvalManage',
      path: '/cms/workflow/approvalManage',
      title: '审批管理',
      area: 'cms',
      menu: true,
      icon: 'SolutionOutlined',
    },
    { name: 'mobileTaskPending', path: '/mobile/taskPending', title: '待办审批', area: 'mobile' },
  ],
});
