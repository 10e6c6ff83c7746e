import { defineModule } from '@/shared/module';

/**
 * Portal search (门户搜索, issue 17): one box across service items, special services, notices,
 * news, help articles, assistant questions and forms — ranked in SQL, highlighted, by pinyin and
 * initials too, only what the caller may see; hot and recent words.
 */
export default defineModule({
  id: 'portal-search',
  title: '门户搜索',
  menuOrder: 120,
  routes: [
    {
      name: 'portalSearch',
      path: '/web/search',
      title: '搜索结果',
      area: 'web',
      public: true,
      page: () => import('./web/pages/search-page'),
    },
    {
      name: 'mobileSearch',
      path: '/mobile/search',
      title: '搜索',
      area: 'mobile',
      public: true,
      page: () => import('./mobile/pages/mobile-search-page'),
    },
  ],
});
