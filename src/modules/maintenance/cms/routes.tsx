import { defineRoutes } from '@/core/routing/define-routes';

const meta = { layout: 'cms', showHeader: true, showSider: true } as const;

export default defineRoutes([
  {
    path: '/cms/systemSetting/dataBackup',
    name: 'dataBackup',
    lazy: () => import('./pages/data-backup-page'),
    meta: { title: '数据备份', icon: 'DatabaseOutlined', ...meta },
  },
  {
    path: '/cms/systemSetting/jobRecord',
    name: 'jobRecord',
    lazy: () => import('./pages/job-record-page'),
    meta: { title: '运行记录', icon: 'ScheduleOutlined', ...meta },
  },
  {
    path: '/cms/systemSetting/authorization',
    name: 'authorization',
    lazy: () => import('./pages/authorization-page'),
    meta: { title: '授权信息', icon: 'SafetyOutlined', ...meta },
  },
  {
    path: '/cms/systemSetting/auditLog',
    name: 'auditLog',
    lazy: () => import('./pages/audit-log-page'),
    meta: { title: '审计日志', icon: 'AuditOutlined', ...meta },
  },
]);
