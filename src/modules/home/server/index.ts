import type { FastifyPluginAsync } from 'fastify';
import { homeRoutes } from './routes';

/** Server face of home: public notices/news and the back-office dashboard summary. */
export const homeServer: FastifyPluginAsync = async (app) => {
  await app.register(homeRoutes);
};
