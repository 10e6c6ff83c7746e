import type { FastifyPluginAsync } from 'fastify';
import { helpRoutes, noticeRoutes } from './routes';
import { reindexContentIfEmpty } from './search-docs';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of content: notices and news for administrators, the help centre for everyone. */
export const contentServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (images in notices, news and help articles): the orphan sweep keeps them.
  declareUploadColumns(app, 'content', [
    { table: 'notice', column: 'content', match: 'text' },
    { table: 'notice', column: 'summary', match: 'text' },
    { table: 'helpArticle', column: 'content', match: 'text' },
  ]);
  await app.register(noticeRoutes);
  await app.register(helpRoutes);
  // A database made before the portal search gets its notices and help articles indexed once.
  app.addHook('onReady', () => reindexContentIfEmpty(app));
};
