import type { FastifyPluginAsync } from 'fastify';
import { platformConfigRoutes } from './routes';

/** Server face of platform config: platforms, their members and roles, menu trees and grants. */
export const platformConfigServer: FastifyPluginAsync = async (app) => {
  await app.register(platformConfigRoutes);
};
