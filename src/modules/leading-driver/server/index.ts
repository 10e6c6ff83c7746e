import type { FastifyPluginAsync } from 'fastify';
import { defineLeadingDriverJobs } from './jobs';
import { leadingDriverRoutes } from './routes';
import './tables';

/** Server face of 领导驾驶舱 (issue 20 part 2): 综合校情 and 教学概况, and the daily aggregates' jobs. */
export const leadingDriverServer: FastifyPluginAsync = async (app) => {
  defineLeadingDriverJobs(app);
  await app.register(leadingDriverRoutes);
};
