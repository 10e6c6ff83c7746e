import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './routes';

/** Server face of accounts: the administrators' account list, changes, import/export and avatars. */
export const accountsServer: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes);
};
