import type { FastifyPluginAsync } from 'fastify';
import { biReportsRoutes } from './routes';
import './tables';

/** Server face of BI reports (issue 20, part 4): reports and templates, their runs and exports. */
export const biReportsServer: FastifyPluginAsync = async (app) => {
  await app.register(biReportsRoutes);
};
