import { defineModule } from '@/shared/module';

/**
 * 消息发布 (spec §2 lightApps/publishMessage; issue 21): templates, rich-text messages with
 * attachments to an audience (departments, classes, roles, platforms, an uploaded list), scheduled
 * delivery into the message centre and the phone's message list, read receipts, withdrawal, and
 * approval through the workflow engine when the whole school is addressed. Office staff publish on
 * 教职工服务平台 (role 消息发布员), administrators in the back office.
 */
const web = { area: 'web' as const, platforms: ['staff'], deskOnly: true };
const cms = { area: 'cms' as const };

export default defineModule({
  id: 'message-publish',
  title: '消息发布',
  menuOrder: 70,
  after: ['messages', 'workflow', 'forms'],
  routes: [
    {
      ...web,
      name: 'PublishMessageIndex',
      path: '/web/lightApps/publishMessage/PublishMessageIndex',
      title: '发布消息',
      menu: true,
      icon: 'NotificationOutlined',
      relationRoutes: ['TemplateLibrary', 'MyRelease', 'publishMessageDetail'],
      page: () => import('./web/pages/publish-page'),
    },
    {
      ...web,
      name: 'TemplateLibrary',
      path: '/web/lightApps/publishMessage/TemplateLibrary',
      title: '消息模板库',
      menu: true,
      icon: 'ProfileOutlined',
      page: () => import('./web/pages/template-library-page'),
    },
    {
      ...web,
      name: 'MyRelease',
      path: '/web/lightApps/publishMessage/MyRelease',
      title: '我的发布',
      menu: true,
      icon: 'HistoryOutlined',
      relationRoutes: ['publishMessageDetail'],
      page: () => import('./web/pages/my-release-page'),
    },
    {
      ...web,
      name: 'publishMessageDetail',
      path: '/web/lightApps/publishMessage/detail',
      title: '发布详情',
      page: () => import('./web/pages/release-detail-page'),
    },
    {
      // What a recipient's message opens: readable by the people it was sent to (the server checks).
      name: 'publishMessagePreview',
      path: '/web/lightApps/publishMessage/preview',
      title: '消息详情',
      area: 'web',
      public: true,
      page: () => import('./web/pages/preview-page'),
    },
    {
      ...cms,
      name: 'cmsPublishMessage',
      path: '/cms/lightApps/publishMessage/PublishMessageIndex',
      title: '发布消息',
      menu: true,
      icon: 'NotificationOutlined',
      relationRoutes: ['cmsPublishMessageDetail'],
      page: () => import('./web/pages/publish-page'),
    },
    {
      ...cms,
      name: 'cmsTemplateLibrary',
      path: '/cms/lightApps/publishMessage/TemplateLibrary',
      title: '消息模板库',
      menu: true,
      icon: 'ProfileOutlined',
      page: () => import('./web/pages/template-library-page'),
    },
    {
      ...cms,
      name: 'cmsMyRelease',
      path: '/cms/lightApps/publishMessage/MyRelease',
      title: '我的发布',
      menu: true,
      icon: 'HistoryOutlined',
      relationRoutes: ['cmsPublishMessageDetail'],
      page: () => import('./web/pages/my-release-page'),
    },
    {
      ...cms,
      name: 'cmsPublishMessageDetail',
      path: '/cms/lightApps/publishMessage/detail',
      title: '发布详情',
      page: () => import('./web/pages/release-detail-page'),
    },
    {
      name: 'mobilePublishMessage',
      path: '/mobile/publishMessage',
      title: '消息详情',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-release-page'),
    },
  ],
});
