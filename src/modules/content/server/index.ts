import type { FastifyPluginAsync } from 'fastify';
import { helpRoutes, noticeRoutes } from './routes';
import { reindexContentIfEmpty } from './search-docs';
import './tables';

/** Server face of content: notices and news for administrators, the help centre for everyone. */
export const contentServer: FastifyPluginAsync = async (app) => {
  await app.register(noticeRoutes);
  await app.register(helpRoutes);
  // A database made before the portal search gets its notices and help articles indexed once.
  app.addHook('onReady', () => reindexContentIfEmpty(app));
};
