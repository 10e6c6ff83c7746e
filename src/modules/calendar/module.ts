import { defineModule } from '@/shared/module';

/**
 * 校历与日程 (issue 21, lightApps/calendar): the school calendar (terms and teaching weeks, holidays,
 * exams) kept in the back office; personal and department events with reminders through the message
 * centre; month/week/agenda views; an iCalendar link a person subscribes to from a phone calendar.
 */
export default defineModule({
  id: 'calendar',
  title: '校历日程',
  menuOrder: 80,
  after: ['messages'],
  routes: [
    {
      name: 'calendar',
      path: '/web/lightApps/calendar',
      title: '校历日程',
      area: 'web',
      menu: true,
      icon: 'CalendarOutlined',
      page: () => import('./web/pages/calendar-page'),
    },
    {
      name: 'schoolCalendar',
      path: '/cms/lightApps/schoolCalendar',
      title: '校历管理',
      area: 'cms',
      menu: true,
      icon: 'CalendarOutlined',
      page: () => import('./cms/pages/school-calendar-page'),
    },
    {
      name: 'mobileCalendar',
      path: '/mobile/calendar',
      title: '校历日程',
      area: 'mobile',
      page: () => import('./mobile/pages/mobile-calendar-page'),
    },
  ],
});
