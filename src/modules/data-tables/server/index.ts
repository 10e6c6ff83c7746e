import type { FastifyPluginAsync } from 'fastify';
import './tables';
import { catalogueRoutes, reportingRoutes, rowRoutes, tableAdminRoutes } from './routes';
import { remindJob } from './remind-job';

/** Server face of the data tables (issue 16). Other modules use server/commands/*. */
export const dataTablesServer: FastifyPluginAsync = async (app) => {
  app.jobs.define(remindJob);
  await app.register(tableAdminRoutes);
  await app.register(rowRoutes);
  await app.register(reportingRoutes);
  await app.register(catalogueRoutes);
};
