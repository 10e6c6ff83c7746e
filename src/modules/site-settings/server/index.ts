import type { FastifyPluginAsync } from 'fastify';
import { siteSettingsRoutes } from './routes';

/** Server face of site-settings: the homepage modules of the visitor home and each platform's /web home. */
export const siteSettingsServer: FastifyPluginAsync = async (app) => {
  await app.register(siteSettingsRoutes);
};
