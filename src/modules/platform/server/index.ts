import type { FastifyPluginAsync } from 'fastify';
import { platformRoutes } from './routes';

/** Server face of platform: choice_platform. */
export const platformServer: FastifyPluginAsync = async (app) => {
  await app.register(platformRoutes);
};
