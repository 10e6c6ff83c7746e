import { defineModule } from '@/shared/module';

const STAFF = ['staff', 'one-form'] as const;
/** Whoever may be asked to fill: every platform, 一表通平台 included (it takes only routes that name it). */
const EVERYONE = ['student', 'staff', 'one-form'] as const;

/**
 * Data collection (数据采集, issue 16): owners create tasks from published forms and follow their
 * progress; fillers fill on desktop and phone; approvers and owners decide in fillApprove.
 */
export default defineModule({
  id: 'data-acquisition',
  title: '数据采集',
  menuOrder: 96,
  routes: [
    {
      name: 'acquisitionTask',
      deskOnly: true,
      path: '/web/dataAcquisition/taskManage',
      title: '任务管理',
      area: 'web',
      menu: true,
      icon: 'ProfileOutlined',
      platforms: STAFF,
      relationRoutes: ['publishPreview', 'taskProgress'],
      page: () => import('./web/pages/task-manage-page'),
    },
    {
      name: 'taskCreation',
      deskOnly: true,
      path: '/web/dataAcquisition/taskCreation',
      title: '新建任务',
      area: 'web',
      menu: true,
      icon: 'PlusSquareOutlined',
      platforms: STAFF,
      relationRoutes: ['publishPreview'],
      page: () => import('./web/pages/task-creation-page'),
    },
    {
      name: 'publishPreview',
      path: '/web/dataAcquisition/publishPreview',
      title: '发布预览',
      area: 'web',
      page: () => import('./web/pages/publish-preview-page'),
    },
    {
      name: 'taskProgress',
      path: '/web/dataAcquisition/taskProgress',
      title: '填报进度',
      area: 'web',
      page: () => import('./web/pages/task-progress-page'),
    },
    {
      name: 'collaborativeTasks',
      deskOnly: true,
      path: '/web/dataAcquisition/collaborativeTasks',
      title: '协同任务',
      area: 'web',
      menu: true,
      icon: 'TeamOutlined',
      platforms: STAFF,
      relationRoutes: ['taskProgress'],
      page: () => import('./web/pages/collaborative-tasks-page'),
    },
    {
      name: 'dataFilling',
      path: '/web/dataAcquisition/dataFilling',
      title: '数据填报',
      area: 'web',
      menu: true,
      icon: 'EditOutlined',
      platforms: EVERYONE,
      page: () => import('./web/pages/data-filling-page'),
    },
    {
      name: 'fillingRecords',
      path: '/web/dataAcquisition/fillingRecords',
      title: '填报记录',
      area: 'web',
      menu: true,
      icon: 'HistoryOutlined',
      platforms: EVERYONE,
      page: () => import('./web/pages/filling-records-page'),
    },
    {
      name: 'fillApprove',
      deskOnly: true,
      path: '/web/taskCenter/fillApprove',
      title: '填报审批',
      area: 'web',
      menu: true,
      icon: 'AuditOutlined',
      platforms: STAFF,
      page: () => import('./web/pages/fill-approve-page'),
    },
    {
      name: 'mobileDataFilling',
      path: '/mobile/dataFilling',
      title: '数据填报',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-data-filling-page'),
    },
    {
      name: 'mobileFillingRecords',
      path: '/mobile/fillingRecords',
      title: '填报记录',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-filling-records-page'),
    },
  ],
});
