import type { FastifyPluginAsync } from 'fastify';
import './tables';
import { auditRoutes, backupRoutes, licenceUploadRoutes } from './routes';
import { jobRoutes } from './job-routes';
import { backupJob } from './backup-job';

/** Server face of maintenance: data backup (its schedule is a job), licence upload, the audit log, job records. */
export const maintenanceServer: FastifyPluginAsync = async (app) => {
  app.jobs.define(backupJob);
  await app.register(backupRoutes);
  await app.register(licenceUploadRoutes);
  await app.register(auditRoutes);
  await app.register(jobRoutes);
};
