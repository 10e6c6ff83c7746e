import type { FastifyPluginAsync } from 'fastify';
import { orgConfigRoutes } from './routes';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of org-config: getLoginConfig, getCommonConfig, getConfig, getTheme, saveTheme. */
export const orgConfigServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (logos and login pictures in the settings org.*): the orphan sweep keeps them.
  declareUploadColumns(app, 'org-config', [
    { table: 'setting', column: 'value', match: 'text', keyPrefix: { column: 'key', prefix: 'org.' } },
  ]);
  await app.register(orgConfigRoutes);
};
