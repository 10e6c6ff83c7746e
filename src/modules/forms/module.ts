import { defineModule } from '@/shared/module';

/**
 * The form engine (issue 5): administrators design and publish forms; users fill them (public
 * link or signed in), keep drafts and read their submissions; managers read summaries.
 */
export const formsModule = defineModule({
  id: 'forms',
  title: '表单中心',
  routes: [
    // Visitors and users: a published form by its link (spec: formWrite is public).
    { name: 'formWrite', path: '/web/eventService/formWrite', title: '表单填写', area: 'web', public: true },
    {
      name: 'taskFormWrite',
      path: '/web/taskCenter/taskFormWrite',
      title: '填写表单',
      area: 'web',
      menu: true,
      icon: 'FormOutlined',
      relationRoutes: ['taskFormPreview', 'taskFormEdit'],
    },
    { name: 'taskFormPreview', path: '/web/taskCenter/taskFormPreview', title: '查看表单', area: 'web' },
    { name: 'taskFormEdit', path: '/web/taskCenter/taskFormEdit', title: '编辑草稿', area: 'web' },
    {
      name: 'formSummary',
      path: '/web/taskCenter/formSummary',
      title: '表单汇总',
      area: 'web',
      menu: true,
      icon: 'TableOutlined',
      relationRoutes: ['formSummaryDetail'],
    },
    { name: 'formSummaryDetail', path: '/web/taskCenter/formSummaryDetail', title: '汇总明细', area: 'web' },
    // Back office: workflow → form management, summary, preview.
    {
      name: 'formManage',
      path: '/cms/workflow/formManage',
      title: '表单管理',
      area: 'cms',
      menu: true,
      icon: 'FormOutlined',
      relationRoutes: ['formDesign', 'formPreview'],
    },
    { name: 'formDesign', path: '/cms/workflow/formDesign', title: '表单设计', area: 'cms' },
    { name: 'formPreview', path: '/cms/workflow/preview', title: '表单预览', area: 'cms' },
    {
      name: 'formSummaryAdmin',
      path: '/cms/workflow/summary',
      title: '表单汇总',
      area: 'cms',
      menu: true,
      icon: 'TableOutlined',
      relationRoutes: ['formSummaryAdminDetail'],
    },
    { name: 'formSummaryAdminDetail', path: '/cms/workflow/summaryDetail', title: '汇总明细', area: 'cms' },
    // Phones: the same form through the antd-mobile renderer.
    { name: 'mobileFormWrite', path: '/mobile/formWrite', title: '填写表单', area: 'mobile', public: true },
  ],
});
