import { defineModule } from '@/shared/module';

/** Organisation config: login page, logo/title, theme. No client routes of its own yet (the back office's display settings will add one). */
export default defineModule({
  id: 'org-config',
  title: '机构配置',
  routes: [],
});
