import type { FastifyPluginAsync } from 'fastify';
import { defineUserCenterJobs } from './jobs';
import { findMe } from './repository';
import { userCenterRoutes } from './routes';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of 个人中心 (issue 19): the person's own campus data, favourites, footprints and account settings. */
export const userCenterServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (handwritten signatures): the orphan sweep keeps them.
  declareUploadColumns(app, 'user-center', [{ table: 'ucSignature', column: 'url', match: 'text' }]);
  defineUserCenterJobs(app);
  // A signature is read by its owner, administrators and staff (approvers see it on approval sheets); never by students.
  app.fileReadRules.set('signature', async (req, file) => {
    if (!req.auth) return false;
    if (req.auth.isAdmin || req.auth.userId === file.ownerId) return true;
    return (await findMe(req.server.db, req.auth.userId))?.kind === 'staff';
  });
  await app.register(userCenterRoutes);
};
