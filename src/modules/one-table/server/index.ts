import type { FastifyPluginAsync } from 'fastify';
import { oneTableRoutes } from './routes';
import { onInstanceEnd } from '@/modules/workflow/server/commands/instances';
import { demoCorrectionsWhenSynced } from './demo-corrections';
import { onSyncUpdate } from '@/modules/data-tables/server/commands/sync-holds';
import { holdApprovedValues, settleCorrection } from './service';
import { defineWriteBackJob } from './write-back-job';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of 一表通 (issue 18): page layouts, the person's data, corrections and their summary. */
export const oneTableServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (correction requests' evidence): the orphan sweep keeps them.
  declareUploadColumns(app, 'one-table', [{ table: 'oneTableCorrection', column: 'evidence', match: 'text' }]);
  // An approved correction is written in the engine's transaction (generic 待办 pages included).
  onInstanceEnd('one-table', (e) => settleCorrection(app, e));
  // A sync does not silently undo an approved value the owning system has not confirmed.
  onSyncUpdate('one-table', holdApprovedValues);
  defineWriteBackJob(app);
  demoCorrectionsWhenSynced(app);
  await app.register(oneTableRoutes);
};
