import { defineModule } from '@/shared/module';

/**
 * 数据共享 (spec §2 lightApps/dataSharing and taskCenter taskDataShare / taskDataShareSupplement;
 * issue 21): departments register consumer apps (key and secret), browse the catalogue of
 * shareable datasets by theme, apply (one or many datasets at once) with purpose, fields and
 * period; a data administrator approves through the workflow engine; the app then reads exactly
 * its granted fields through the signed data API, and revocation takes effect at once.
 */
const web = { area: 'web' as const, platforms: ['staff'], deskOnly: true };
const cms = { area: 'cms' as const };

export default defineModule({
  id: 'data-sharing',
  title: '数据共享',
  menuOrder: 72,
  after: ['workflow', 'forms', 'data-tables'],
  routes: [
    {
      ...web,
      name: 'dataSharingCatalog',
      path: '/web/lightApps/dataSharing/themeClassify',
      title: '数据目录',
      menu: true,
      icon: 'DatabaseOutlined',
      page: () => import('./web/pages/catalog-page'),
    },
    {
      ...web,
      name: 'batchApplication',
      path: '/web/lightApps/dataSharing/batchApplication',
      title: '批量申请库',
      menu: true,
      icon: 'ProfileOutlined',
      page: () => import('./web/pages/batch-page'),
    },
    {
      ...web,
      name: 'myApplyFor',
      path: '/web/lightApps/dataSharing/myApplyFor',
      title: '我的申请',
      menu: true,
      icon: 'FileDoneOutlined',
      page: () => import('./web/pages/my-apply-page'),
    },
    {
      ...web,
      name: 'dataSharingApps',
      path: '/web/lightApps/dataSharing/appManagement',
      title: '应用管理',
      menu: true,
      icon: 'AppstoreOutlined',
      page: () => import('./web/pages/apps-page'),
    },
    {
      ...web,
      name: 'taskDataShare',
      path: '/web/taskCenter/taskDataShare',
      title: '数据共享审批',
      menu: true,
      icon: 'ShareAltOutlined',
      page: () => import('./web/pages/task-page'),
    },
    {
      ...web,
      name: 'taskDataShareSupplement',
      path: '/web/taskCenter/taskDataShareSupplement',
      title: '补充字段审批',
      menu: true,
      icon: 'PlusSquareOutlined',
      page: () => import('./web/pages/task-page'),
    },
    {
      ...cms,
      name: 'cmsDataShareTheme',
      path: '/cms/lightApps/dataSharing/themeClassify',
      title: '主题分类',
      menu: true,
      icon: 'ProfileOutlined',
      page: () => import('./cms/pages/theme-page'),
    },
    {
      ...cms,
      name: 'cmsDataShareDataset',
      path: '/cms/lightApps/dataSharing/datasets',
      title: '共享数据集',
      menu: true,
      icon: 'DatabaseOutlined',
      page: () => import('./cms/pages/dataset-page'),
    },
  ],
});
