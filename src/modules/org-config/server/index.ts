import type { FastifyPluginAsync } from 'fastify';
import { orgConfigRoutes } from './routes';

/** Server face of org-config: getLoginConfig, getCommonConfig, getConfig, getTheme, saveTheme. */
export const orgConfigServer: FastifyPluginAsync = async (app) => {
  await app.register(orgConfigRoutes);
};
