import { defineModule } from '@/shared/module';

export const maintenanceModule = defineModule({
  id: 'maintenance',
  title: '系统维护',
  routes: [
    {
      name: 'dataBackup',
      path: '/cms/systemSetting/dataBackup',
      title: '数据备份',
      area: 'cms',
      menu: true,
      icon: 'DatabaseOutlined',
    },
    {
      name: 'jobRecord',
      path: '/cms/systemSetting/jobRecord',
      title: '运行记录',
      area: 'cms',
      menu: true,
      icon: 'ScheduleOutlined',
    },
    {
      name: 'authorization',
      path: '/cms/systemSetting/authorization',
      title: '授权信息',
      area: 'cms',
      menu: true,
      icon: 'SafetyOutlined',
    },
    {
      name: 'auditLog',
      path: '/cms/systemSetting/auditLog',
      title: '审计日志',
      area: 'cms',
      menu: true,
      icon: 'AuditOutlined',
    },
  ],
});
