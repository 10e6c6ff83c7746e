import { defineModule } from '@/shared/module';

/**
 * Data tables (issue 16): the platform's own tables — designed in the back office, filled by syncs,
 * imports, collection tasks and department edits, browsed in the department data centre.
 */
export default defineModule({
  id: 'data-tables',
  title: '数据表',
  menuOrder: 91,
  routes: [],
});
