import { defineModule } from '@/shared/module';

const cms = { area: 'cms' as const, menu: true };

/**
 * In-app messages: new tasks, results, urges, copies, notices (the /web header bell, the phone
 * list); and the same messages on outside channels (issue 24 item 2): 通知渠道, 消息模板,
 * 发送记录 and the demo's 演示邮箱 in the back office.
 */
export default defineModule({
  id: 'messages',
  title: '消息中心',
  // Its demo messages announce the demo notices content seeds.
  after: ['content'],
  routes: [
    // Any signed-in user's own messages: a session page, not a menu entry.
    {
      name: 'mobileMessages',
      path: '/mobile/messages',
      title: '消息',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-messages-page'),
    },
    {
      ...cms,
      name: 'notifyChannel',
      path: '/cms/message/notifyChannel',
      title: '通知渠道',
      icon: 'NotificationOutlined',
      page: () => import('./cms/pages/notify-channel-page'),
    },
    {
      ...cms,
      name: 'notifyTemplate',
      path: '/cms/message/notifyTemplate',
      title: '消息模板',
      icon: 'FileTextOutlined',
      page: () => import('./cms/pages/notify-template-page'),
    },
    {
      ...cms,
      name: 'notifyDelivery',
      path: '/cms/message/notifyDelivery',
      title: '发送记录',
      icon: 'HistoryOutlined',
      page: () => import('./cms/pages/notify-delivery-page'),
    },
    {
      ...cms,
      name: 'demoMailbox',
      path: '/cms/message/demoMailbox',
      title: '演示邮箱',
      icon: 'MessageOutlined',
      page: () => import('./cms/pages/demo-mailbox-page'),
    },
  ],
});
