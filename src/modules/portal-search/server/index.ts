import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { searchRoutes } from './routes';
import { pruneHotWords } from './service';
import './tables';

/** Server face of the portal search (issue 17): search, forms search, suggestions, recent and hot words. */
export const portalSearchServer: FastifyPluginAsync = async (app) => {
  app.jobs.define({
    name: 'portal-search.prune-hot-words',
    title: '搜索热词过期清理',
    payload: Type.Object({}),
    cron: '17 3 * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    async run(ctx) {
      await pruneHotWords(ctx.app);
      return { read: 0, written: 0 };
    },
  });
  await app.register(searchRoutes);
};
