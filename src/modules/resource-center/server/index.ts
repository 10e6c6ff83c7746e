import type { FastifyPluginAsync } from 'fastify';
import { hallRoutes, linkRoutes, publisherRoutes, shareRoutes, statsRoutes } from './routes';
import { defineResourceJobs } from './jobs';
import { registerFileRule } from './service';
import { writeDemoFiles } from './demo-files';
import { DEMO_FILES } from './seed';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of 资源中心 (issue 19): hall, releases, records, statistics, links and the visitor's share page. */
export const resourceCenterServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (resources, kept while the resource row exists, as audit requires): the orphan sweep keeps them.
  declareUploadColumns(app, 'resource-center', [
    { table: 'rcResource', column: 'uploadId', match: 'id' },
    { table: 'rcResource', column: 'url', match: 'text' },
  ]);
  defineResourceJobs(app);
  registerFileRule(app);
  // The demo's files: the seed registered them; they are written where DATA_DIR keeps uploads.
  app.addHook('onReady', () => writeDemoFiles(app, DEMO_FILES));
  await app.register(hallRoutes);
  await app.register(publisherRoutes);
  await app.register(linkRoutes);
  await app.register(statsRoutes);
  await app.register(shareRoutes);
};
