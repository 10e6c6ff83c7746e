import { defineRoutes } from '@/core/routing/define-routes';

const page = { layout: 'web', showHeader: true, showSider: true, showFoot: true } as const;

export default defineRoutes([
  // Public (spec): a visitor fills a published form by its link; a signedIn form sends them to sign in.
  {
    path: '/web/eventService/formWrite',
    name: 'formWrite',
    lazy: () => import('./pages/form-write-page'),
    meta: { title: '表单填写', layout: 'web', public: true, showHeader: true, showFoot: true },
  },
  {
    path: '/web/taskCenter/taskFormWrite',
    name: 'taskFormWrite',
    lazy: () => import('./pages/task-form-write-page'),
    meta: { title: '填写表单', icon: 'FormOutlined', ...page },
  },
  {
    path: '/web/taskCenter/taskFormPreview',
    name: 'taskFormPreview',
    lazy: () => import('./pages/task-form-preview-page'),
    meta: { title: '查看表单', ...page },
  },
  {
    path: '/web/taskCenter/taskFormEdit',
    name: 'taskFormEdit',
    lazy: () => import('./pages/task-form-edit-page'),
    meta: { title: '编辑草稿', ...page },
  },
  // Summaries of the forms the user manages (approval centre).
  {
    path: '/web/taskCenter/formSummary',
    name: 'formSummary',
    lazy: () => import('./pages/form-summary-page'),
    meta: { title: '表单汇总', icon: 'TableOutlined', ...page },
  },
  {
    path: '/web/taskCenter/formSummaryDetail',
    name: 'formSummaryDetail',
    lazy: () => import('./pages/form-summary-detail-page'),
    meta: { title: '汇总明细', ...page },
  },
]);
