import { defineRoutes } from '@/core/routing/define-routes';

const page = { layout: 'cms', showHeader: true, showSider: true } as const;

export default defineRoutes([
  {
    path: '/cms/workflow/formManage',
    name: 'formManage',
    lazy: () => import('./pages/form-manage-page'),
    meta: { title: '表单管理', icon: 'FormOutlined', ...page },
  },
  {
    path: '/cms/workflow/formDesign',
    name: 'formDesign',
    lazy: () => import('./pages/form-design-page'),
    meta: { title: '表单设计', ...page },
  },
  {
    path: '/cms/workflow/preview',
    name: 'formPreview',
    lazy: () => import('./pages/form-preview-page'),
    meta: { title: '表单预览', ...page },
  },
  {
    path: '/cms/workflow/summary',
    name: 'formSummaryAdmin',
    lazy: () => import('./pages/summary-page'),
    meta: { title: '表单汇总', icon: 'TableOutlined', ...page },
  },
  {
    path: '/cms/workflow/summaryDetail',
    name: 'formSummaryAdminDetail',
    lazy: () => import('./pages/summary-detail-page'),
    meta: { title: '汇总明细', ...page },
  },
]);
