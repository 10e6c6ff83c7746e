import { defineModule } from '@/shared/module';

export default defineModule({
  id: 'platform',
  title: '平台选择',
  routes: [
    {
      name: 'platformSelection',
      path: '/platformSelection',
      title: '选择平台',
      area: 'top',
      public: true,
      page: () => import('./web/pages/platform-selection-page'),
    },
  ],
});
