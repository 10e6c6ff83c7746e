import type { FastifyPluginAsync } from 'fastify';
import { siteSettingsRoutes } from './routes';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of site-settings: the homepage modules of the visitor home and each platform's /web home. */
export const siteSettingsServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (images in the home page module settings homepage.*): the orphan sweep keeps them.
  declareUploadColumns(app, 'site-settings', [
    { table: 'setting', column: 'value', match: 'text', keyPrefix: { column: 'key', prefix: 'homepage.' } },
  ]);
  await app.register(siteSettingsRoutes);
};
