import type { FastifyPluginAsync } from 'fastify';
import { helpRoutes, noticeRoutes } from './routes';
import './tables';

/** Server face of content: notices and news for administrators, the help centre for everyone. */
export const contentServer: FastifyPluginAsync = async (app) => {
  await app.register(noticeRoutes);
  await app.register(helpRoutes);
};
