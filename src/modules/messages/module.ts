import { defineModule } from '@/shared/module';

/** In-app messages: new tasks, results, urges, copies, notices (the /web header bell, the phone list). */
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
  ],
});
