import type { FastifyPluginAsync } from 'fastify';
import { assistantAdminRoutes, assistantRoutes } from './routes';
import { reindexQuestionsIfEmpty } from './search-docs';
import './tables';

/** Server face of the intelligent assistant (issue 17): FAQ for everybody, FAQ management, asked questions. */
export const assistantServer: FastifyPluginAsync = async (app) => {
  await app.register(assistantRoutes);
  await app.register(assistantAdminRoutes);
  // A database whose FAQ were never indexed (made before the search) gets them indexed once.
  app.addHook('onReady', () => reindexQuestionsIfEmpty(app.db));
};
