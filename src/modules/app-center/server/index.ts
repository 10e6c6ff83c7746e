import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes, userRoutes } from './routes';
import './tables';

/** Server face of 应用中心 (issue 21): the app directory, navigation portal, get_server_app and 应用门户. */
export const appCenterServer: FastifyPluginAsync = async (app) => {
  await app.register(userRoutes);
  await app.register(adminRoutes);
};
