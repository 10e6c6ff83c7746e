import type { FastifyPluginAsync } from 'fastify';
import './tables';
import { syncRoutes } from './routes';
import { runJob } from './run-job';
import { dispatchJob } from './dispatch-job';
import { addDatasetUseCheck } from '@/modules/data-sources/server/commands/in-use';
import { syncsOfDataset } from './repository';
import { demoSourcesOnFirstStart } from './demo-sources/first-start';

/** Server face of data sync (issue 16): syncs of datasets into data tables, their runs as jobs, and 同步管理's routes. */
export const dataSyncServer: FastifyPluginAsync = async (app) => {
  app.jobs.define(runJob);
  app.jobs.define(dispatchJob);
  // A dataset a sync reads cannot be deleted from under it.
  addDatasetUseCheck(async (_app, q, datasetId) => {
    const names = await syncsOfDataset(q, datasetId);
    return names.length ? `同步${names.map((n) => `“${n}”`).join('、')}` : null;
  });
  await app.register(syncRoutes);
  // DEMO=1: the demo university's source systems, registered and synced once after the first start (demo-sources/).
  demoSourcesOnFirstStart(app);
};
