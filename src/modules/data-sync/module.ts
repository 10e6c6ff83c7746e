import { defineModule } from '@/shared/module';

/**
 * Data sync (issue 16, data centre): copies datasets of data sources into the platform's data
 * tables as jobs — full or incremental, batched, resumable, scheduled per sync, with history.
 */
export default defineModule({
  id: 'data-sync',
  title: '同步管理',
  menuOrder: 93,
  routes: [
    {
      name: 'syncManage',
      path: '/cms/publicTool/syncManage',
      title: '同步管理',
      area: 'cms',
      menu: true,
      icon: 'SyncOutlined',
      page: () => import('./cms/pages/sync-manage-page'),
    },
  ],
});
