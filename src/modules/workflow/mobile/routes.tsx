import { defineRoutes } from '@/core/routing/define-routes';

// antd-mobile only. mobileFlowChart stays in the mobile module (it draws this module's MobileFlowProgress).
export default defineRoutes([
  {
    path: '/mobile/taskPending',
    name: 'mobileTaskPending',
    lazy: () => import('./pages/mobile-task-pending-page'),
    meta: { title: '待办审批', layout: 'mobile' },
  },
]);
