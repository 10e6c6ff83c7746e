import type { FastifyPluginAsync } from 'fastify';
import './tables';
import { auditRoutes, backupRoutes, licenceUploadRoutes } from './routes';
import { jobRoutes } from './job-routes';
import { backupJob } from './backup-job';
import { catchUpMissedBackup } from './service';

/** Server face of maintenance: data backup (its schedule is a job), licence upload, the audit log, job records. */
export const maintenanceServer: FastifyPluginAsync = async (app) => {
  app.jobs.define(backupJob);
  // After downtime: a scheduled backup whose slot passed while no server was up runs once now.
  app.addHook('onReady', async () => {
    try {
      const slot = await catchUpMissedBackup(app);
      if (slot !== null) app.log.info({ slot: new Date(slot).toISOString() }, 'missed scheduled backup queued');
    } catch (err) {
      app.log.warn({ err }, 'could not check for a missed scheduled backup');
    }
  });
  await app.register(backupRoutes);
  await app.register(licenceUploadRoutes);
  await app.register(auditRoutes);
  await app.register(jobRoutes);
};
