import type { FastifyPluginAsync } from 'fastify';
import { formAdminRoutes, formDraftRoutes, formFillRoutes, formSummaryRoutes } from './routes';
import { registerFormFileAccess } from './file-access';
import { registerFormPickScope } from './pick-scope';
import { reindexFormsIfStale } from './search-docs';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of the form engine (issue 5): form management, filling, drafts and summaries. */
export const formsServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (attachments and signatures in submissions and drafts, images in form schemas): the orphan sweep keeps them.
  declareUploadColumns(app, 'forms', [
    { table: 'formSubmission', column: 'values', match: 'text' },
    { table: 'formDraft', column: 'values', match: 'text' },
    { table: 'form', column: 'draftSchema', match: 'text' },
    { table: 'formVersion', column: 'schema', match: 'text' },
  ]);
  registerFormFileAccess(app);
  registerFormPickScope();
  await app.register(formAdminRoutes);
  await app.register(formFillRoutes);
  await app.register(formDraftRoutes);
  await app.register(formSummaryRoutes);
  // Published forms are found by the portal search (findSearchForm): catch up after a seed or an upgrade.
  app.addHook('onReady', () => reindexFormsIfStale(app));
};
