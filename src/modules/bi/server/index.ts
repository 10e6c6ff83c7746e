import type { FastifyPluginAsync } from 'fastify';
import { defineIndicatorJobs } from './jobs';
import { biRoutes } from './routes';
import './tables';

/** Server face of BI (issue 20): the aggregate layer's preview, indicators, warnings and their jobs; dashboards. */
export const biServer: FastifyPluginAsync = async (app) => {
  defineIndicatorJobs(app);
  await app.register(biRoutes);
};
