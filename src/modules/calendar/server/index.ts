import type { FastifyPluginAsync } from 'fastify';
import { calendarRoutes, schoolRoutes } from './routes';
import { defineCalendarJobs } from './jobs';
import './tables';

/** Server face of 校历与日程 (issue 21): the school calendar, events, reminders and iCalendar feeds. */
export const calendarServer: FastifyPluginAsync = async (app) => {
  defineCalendarJobs(app);
  await app.register(calendarRoutes);
  await app.register(schoolRoutes);
};
