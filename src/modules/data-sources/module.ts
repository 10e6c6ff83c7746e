import { defineModule } from '@/shared/module';

/**
 * Data sources and datasets (issue 16, back office publicTool): connections to the university's
 * systems (PostgreSQL, MySQL/MariaDB, SQLite files, HTTP/JSON APIs) with encrypted credentials,
 * and datasets — a table or a read-only SELECT of a source — that syncs copy into data tables.
 */
export default defineModule({
  id: 'data-sources',
  title: '数据源与数据集',
  menuOrder: 90,
  routes: [
    {
      name: 'dataSourceManage',
      path: '/cms/publicTool/dataSource',
      title: '数据源管理',
      area: 'cms',
      menu: true,
      icon: 'DatabaseOutlined',
      page: () => import('./cms/pages/data-source-page'),
    },
    {
      name: 'dataSetManage',
      path: '/cms/publicTool/dataSet',
      title: '数据集',
      area: 'cms',
      menu: true,
      icon: 'TableOutlined',
      page: () => import('./cms/pages/dataset-page'),
    },
  ],
});
