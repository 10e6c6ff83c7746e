import type { FastifyPluginAsync } from 'fastify';
import { approveRoutes, fillRoutes, taskRoutes } from './routes';
import { defineAcquisitionJobs } from './jobs';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of data collection (issue 16): tasks, fills, fill approval and their jobs. */
export const dataAcquisitionServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (files in collected records and task descriptions): the orphan sweep keeps them.
  declareUploadColumns(app, 'data-acquisition', [
    { table: 'acqRecord', column: 'values', match: 'text' },
    { table: 'acqTask', column: 'description', match: 'text' },
  ]);
  defineAcquisitionJobs(app);
  await app.register(taskRoutes);
  await app.register(fillRoutes);
  await app.register(approveRoutes);
};
