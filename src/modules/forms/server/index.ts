import type { FastifyPluginAsync } from 'fastify';
import { formAdminRoutes, formDraftRoutes, formFillRoutes, formSummaryRoutes } from './routes';
import { registerFormFileAccess } from './file-access';
import { registerFormPickScope } from './pick-scope';
import { reindexFormsIfStale } from './search-docs';
import './tables';

/** Server face of the form engine (issue 5): form management, filling, drafts and summaries. */
export const formsServer: FastifyPluginAsync = async (app) => {
  registerFormFileAccess(app);
  registerFormPickScope();
  await app.register(formAdminRoutes);
  await app.register(formFillRoutes);
  await app.register(formDraftRoutes);
  await app.register(formSummaryRoutes);
  // Published forms are found by the portal search (findSearchForm): catch up after a seed or an upgrade.
  app.addHook('onReady', () => reindexFormsIfStale(app));
};
