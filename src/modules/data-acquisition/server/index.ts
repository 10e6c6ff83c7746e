import type { FastifyPluginAsync } from 'fastify';
import { approveRoutes, fillRoutes, taskRoutes } from './routes';
import { defineAcquisitionJobs } from './jobs';
import './tables';

/** Server face of data collection (issue 16): tasks, fills, fill approval and their jobs. */
export const dataAcquisitionServer: FastifyPluginAsync = async (app) => {
  defineAcquisitionJobs(app);
  await app.register(taskRoutes);
  await app.register(fillRoutes);
  await app.register(approveRoutes);
};
