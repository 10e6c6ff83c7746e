import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './routes';
import { selfAvatarRoutes } from './self-routes';

/** Server face of accounts: the administrators' account list, changes, import/export and avatars; and each user's own avatar. */
export const accountsServer: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes);
  await app.register(selfAvatarRoutes);
};
