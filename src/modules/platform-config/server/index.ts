import type { FastifyPluginAsync } from 'fastify';
import { platformConfigRoutes } from './routes';
import { syncCmsMenu } from './sync-cms-menu';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of platform config: platforms, their members and roles, menu trees and grants. */
export const platformConfigServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (platform and menu icons): the orphan sweep keeps them.
  declareUploadColumns(app, 'platform-config', [
    { table: 'platform', column: 'icon', match: 'text' },
    { table: 'menu', column: 'icon', match: 'text' },
  ]);
  await app.register(platformConfigRoutes);
  // On ready, not now: a first start seeds the database after building the app, and the
  // seed's own cms menu must come first for this to add nothing twice.
  app.addHook('onReady', async () => {
    const added = await syncCmsMenu(app.db, app.modules);
    if (added.length) app.log.info({ added }, 'cms menu: added nodes for new back-office routes');
  });
};
