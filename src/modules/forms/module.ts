import { defineModule } from '@/shared/module';

/**
 * The form engine (issue 5): administrators design and publish forms; users fill them (public
 * link or signed in), keep drafts and read their submissions; managers read summaries.
 */
export default defineModule({
  id: 'forms',
  title: '表单中心',
  menuOrder: 80,
  routes: [
    // Visitors and users: a published form by its link (spec: formWrite is public); a signedIn form sends them to sign in.
    {
      name: 'formWrite',
      path: '/web/eventService/formWrite',
      title: '表单填写',
      area: 'web',
      public: true,
      page: () => import('./web/pages/form-write-page'),
    },
    {
      name: 'taskFormWrite',
      path: '/web/taskCenter/taskFormWrite',
      title: '填写表单',
      area: 'web',
      menu: true,
      icon: 'FormOutlined',
      relationRoutes: ['taskFormPreview', 'taskFormEdit'],
      page: () => import('./web/pages/task-form-write-page'),
    },
    {
      name: 'taskFormPreview',
      path: '/web/taskCenter/taskFormPreview',
      title: '查看表单',
      area: 'web',
      page: () => import('./web/pages/task-form-preview-page'),
    },
    {
      name: 'taskFormEdit',
      path: '/web/taskCenter/taskFormEdit',
      title: '编辑草稿',
      area: 'web',
      page: () => import('./web/pages/task-form-edit-page'),
    },
    // Summaries of the forms the user manages (approval centre): staff manage forms, students never do.
    {
      name: 'formSummary',
      path: '/web/taskCenter/formSummary',
      title: '表单汇总',
      area: 'web',
      menu: true,
      icon: 'TableOutlined',
      platforms: ['staff'],
      deskOnly: true,
      relationRoutes: ['formSummaryDetail'],
      page: () => import('./web/pages/form-summary-page'),
    },
    {
      name: 'formSummaryDetail',
      path: '/web/taskCenter/formSummaryDetail',
      title: '汇总明细',
      area: 'web',
      page: () => import('./web/pages/form-summary-detail-page'),
    },
    // Back office: workflow → form management, summary, preview.
    {
      name: 'formManage',
      path: '/cms/workflow/formManage',
      title: '表单管理',
      area: 'cms',
      menu: true,
      icon: 'FormOutlined',
      relationRoutes: ['formDesign', 'formPreview'],
      page: () => import('./cms/pages/form-manage-page'),
    },
    {
      name: 'formDesign',
      path: '/cms/workflow/formDesign',
      title: '表单设计',
      area: 'cms',
      page: () => import('./cms/pages/form-design-page'),
    },
    {
      name: 'formPreview',
      path: '/cms/workflow/preview',
      title: '表单预览',
      area: 'cms',
      page: () => import('./cms/pages/form-preview-page'),
    },
    {
      name: 'formSummaryAdmin',
      path: '/cms/workflow/summary',
      title: '表单汇总',
      area: 'cms',
      menu: true,
      icon: 'TableOutlined',
      relationRoutes: ['formSummaryAdminDetail'],
      page: () => import('./cms/pages/summary-page'),
    },
    {
      name: 'formSummaryAdminDetail',
      path: '/cms/workflow/summaryDetail',
      title: '汇总明细',
      area: 'cms',
      page: () => import('./cms/pages/summary-detail-page'),
    },
    // Phones: the same form through the antd-mobile renderer.
    {
      name: 'mobileFormWrite',
      path: '/mobile/formWrite',
      title: '填写表单',
      area: 'mobile',
      public: true,
      page: () => import('./mobile/pages/mobile-form-write-page'),
    },
    // Phones: 填写表单 (the forms I may fill, my submissions and where they stand).
    {
      name: 'mobileMyForms',
      path: '/mobile/myForms',
      title: '填写表单',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-my-forms-page'),
    },
  ],
});
