import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes, feedbackRoutes, rectifyRoutes } from './routes';
import { defineFeedbackJobs } from './jobs';
import './tables';

/** Server face of 好差评 (issue 17): ratings, rectifications, the back office and the overdue job. */
export const serviceFeedbackServer: FastifyPluginAsync = async (app) => {
  defineFeedbackJobs(app);
  await app.register(feedbackRoutes);
  await app.register(rectifyRoutes);
  await app.register(adminRoutes);
};
