import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './routes';
import { selfAvatarRoutes } from './self-routes';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of accounts: the administrators' account list, changes, import/export and avatars; and each user's own avatar. */
export const accountsServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (avatars in app_user.avatar): the orphan sweep keeps them.
  declareUploadColumns(app, 'accounts', [{ table: 'appUser', column: 'avatar', match: 'text' }]);
  await app.register(accountRoutes);
  await app.register(selfAvatarRoutes);
};
