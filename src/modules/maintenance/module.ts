import { defineModule } from '@/shared/module';

export default defineModule({
  id: 'maintenance',
  title: '系统维护',
  menuOrder: 70,
  routes: [
    {
      name: 'dataBackup',
      path: '/cms/systemSetting/dataBackup',
      title: '数据备份',
      area: 'cms',
      menu: true,
      icon: 'DatabaseOutlined',
      page: () => import('./cms/pages/data-backup-page'),
    },
    {
      name: 'jobRecord',
      path: '/cms/systemSetting/jobRecord',
      title: '运行记录',
      area: 'cms',
      menu: true,
      icon: 'ScheduleOutlined',
      page: () => import('./cms/pages/job-record-page'),
    },
    {
      name: 'authorization',
      path: '/cms/systemSetting/authorization',
      title: '授权信息',
      area: 'cms',
      menu: true,
      icon: 'SafetyOutlined',
      page: () => import('./cms/pages/authorization-page'),
    },
    {
      name: 'auditLog',
      path: '/cms/systemSetting/auditLog',
      title: '审计日志',
      area: 'cms',
      menu: true,
      icon: 'AuditOutlined',
      page: () => import('./cms/pages/audit-log-page'),
    },
  ],
});
