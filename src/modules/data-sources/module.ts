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
  // The back-office pages are added with their files.
  routes: [],
});
