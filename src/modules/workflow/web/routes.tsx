import { defineRoutes } from '@/core/routing/define-routes';

const page = { layout: 'web', showHeader: true, showSider: true, showFoot: true } as const;

// The approval centre (names, paths and titles as in ../module.ts).
export default defineRoutes([
  {
    path: '/web/taskCenter/taskWorkBench',
    name: 'taskWorkBench',
    lazy: () => import('./pages/task-work-bench-page'),
    meta: { title: '审批工作台', icon: 'AuditOutlined', ...page },
  },
  {
    path: '/web/taskCenter/taskApproval',
    name: 'taskApproval',
    lazy: () => import('./pages/task-approval-page'),
    meta: { title: '审批详情', ...page },
  },
  // Public (spec): a read-only record reachable by its link.
  {
    path: '/web/taskCenter/taskHistoricalRecord',
    name: 'taskHistoricalRecord',
    lazy: () => import('./pages/task-historical-record-page'),
    meta: { title: '审批记录', layout: 'web', public: true, showHeader: true, showFoot: true },
  },
  {
    path: '/web/taskCenter/taskProcessServices',
    name: 'taskProcessServices',
    lazy: () => import('./pages/task-process-services-page'),
    meta: { title: '办事服务', icon: 'AppstoreOutlined', ...page },
  },
  {
    path: '/web/taskCenter/applyForEdit',
    name: 'applyForEdit',
    lazy: () => import('./pages/apply-for-edit-page'),
    meta: { title: '申请修改', ...page },
  },
  {
    path: '/web/taskCenter/reservationServices',
    name: 'reservationServices',
    lazy: () => import('./pages/reservation-services-page'),
    meta: { title: '预约审批', icon: 'CalendarOutlined', ...page },
  },
]);
