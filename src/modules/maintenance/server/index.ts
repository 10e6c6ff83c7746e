import type { FastifyPluginAsync } from 'fastify';
import './tables';
import { auditRoutes, backupRoutes, licenceUploadRoutes } from './routes';
import { startBackupScheduler } from './backup-scheduler';

/** Server face of maintenance: data backup (and its scheduler), licence upload, the audit log. */
export const maintenanceServer: FastifyPluginAsync = async (app) => {
  await app.register(backupRoutes);
  await app.register(licenceUploadRoutes);
  await app.register(auditRoutes);
  startBackupScheduler(app);
};
