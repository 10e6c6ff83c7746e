import { defineModule } from '@/shared/module';

/**
 * Data tables (issue 16): the platform's own tables — designed in the back office, filled by syncs,
 * imports, collection tasks and department edits, browsed in the department data centre, listed
 * (names and fields only) in the public data service catalogue.
 */
const STAFF = ['staff', 'one-form'] as const;

export default defineModule({
  id: 'data-tables',
  title: '数据表',
  menuOrder: 91,
  routes: [
    {
      name: 'dataTableManage',
      path: '/cms/publicTool/dataTable',
      title: '数据表管理',
      area: 'cms',
      menu: true,
      icon: 'TableOutlined',
      page: () => import('./cms/pages/data-table-manage-page'),
    },
    {
      name: 'dataReporting',
      deskOnly: true,
      path: '/web/datasource/dataReporting',
      title: '数据报送',
      area: 'web',
      menu: true,
      icon: 'CloudUploadOutlined',
      platforms: STAFF,
      // 更新数据 opens dataTableEdit, granted with 数据表 (listed there once, so the menu marks 数据表).
      page: () => import('./web/pages/data-reporting-page'),
    },
    {
      name: 'dataTable',
      deskOnly: true,
      path: '/web/datasource/dataTable',
      title: '数据表',
      area: 'web',
      menu: true,
      icon: 'TableOutlined',
      platforms: STAFF,
      relationRoutes: ['dataTableEdit', 'dataTableOperaRecords', 'dataTablePreview'],
      page: () => import('./web/pages/data-table-page'),
    },
    {
      name: 'dataTableEdit',
      path: '/web/datasource/dataTableEdit',
      title: '编辑数据',
      area: 'web',
      page: () => import('./web/pages/data-table-edit-page'),
    },
    {
      name: 'dataTableOperaRecords',
      path: '/web/datasource/dataTableOperaRecords',
      title: '操作记录',
      area: 'web',
      page: () => import('./web/pages/data-table-records-page'),
    },
    {
      name: 'dataTablePreview',
      path: '/web/taskCenter/dataTablePreview',
      title: '数据表预览',
      area: 'web',
      page: () => import('./web/pages/data-table-preview-page'),
    },
    {
      name: 'dataServiceIndex',
      path: '/web/dataService/index',
      title: '数据服务目录',
      area: 'web',
      public: true,
      page: () => import('./web/pages/data-service-index-page'),
    },
  ],
});
