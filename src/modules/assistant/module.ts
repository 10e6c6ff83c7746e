import { defineModule } from '@/shared/module';

/**
 * Intelligent assistant (智能助手, issue 17): common questions by category, search, "was this
 * helpful", a question box whose unanswered questions reach the back office; FAQ management.
 */
export default defineModule({
  id: 'assistant',
  title: '智能助手',
  menuOrder: 17,
  after: ['portal-search', 'messages'],
  routes: [
    {
      name: 'intelligentAssistant',
      path: '/web/intelligentAssistant/index',
      title: '智能助手',
      area: 'web',
      public: true,
      menu: true,
      icon: 'CommentOutlined',
      platforms: ['student', 'staff'],
      page: () => import('./web/pages/assistant-page'),
    },
    {
      name: 'assistantFaq',
      deskOnly: true,
      path: '/cms/serviceTool/assistantFaq',
      title: '智能助手问答',
      area: 'cms',
      menu: true,
      icon: 'QuestionCircleOutlined',
      page: () => import('./cms/pages/faq-admin-page'),
    },
    {
      name: 'mobileAssistant',
      path: '/mobile/intelligentAssistant',
      title: '智能助手',
      area: 'mobile',
      public: true,
      page: () => import('./mobile/pages/mobile-assistant-page'),
    },
  ],
});
