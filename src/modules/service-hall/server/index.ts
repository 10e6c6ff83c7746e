import type { FastifyPluginAsync } from 'fastify';
import { publicRoutes, toolRoutes } from './routes';
import './tables';

/** Server face of the service hall (issue 17): the catalogue and guides, top affairs, special services, 服务工具. */
export const serviceHallServer: FastifyPluginAsync = async (app) => {
  await app.register(publicRoutes);
  await app.register(toolRoutes);
};
