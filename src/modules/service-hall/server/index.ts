import type { FastifyPluginAsync } from 'fastify';
import { publicRoutes, toolRoutes } from './routes';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of the service hall (issue 17): the catalogue and guides, top affairs, special services, 服务工具. */
export const serviceHallServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (map and banner images, material templates, images in guides): the orphan sweep keeps them.
  declareUploadColumns(app, 'service-hall', [
    { table: 'svcItem', column: 'mapUploadId', match: 'id' },
    { table: 'svcItem', column: 'summary', match: 'text' },
    { table: 'svcItem', column: 'conditions', match: 'text' },
    { table: 'svcItem', column: 'materials', match: 'text' },
    { table: 'svcItem', column: 'steps', match: 'text' },
    { table: 'svcItem', column: 'timeLimit', match: 'text' },
    { table: 'svcItem', column: 'fees', match: 'text' },
    { table: 'svcItem', column: 'legalBasis', match: 'text' },
    { table: 'svcItem', column: 'contact', match: 'text' },
    { table: 'svcItem', column: 'faq', match: 'text' },
    { table: 'svcItem', column: 'windows', match: 'text' },
    { table: 'svcItem', column: 'openingHours', match: 'text' },
    { table: 'svcItem', column: 'bring', match: 'text' },
    { table: 'svcSpecial', column: 'bannerUploadId', match: 'id' },
    { table: 'svcSpecial', column: 'intro', match: 'text' },
    { table: 'svcSpecial', column: 'steps', match: 'text' },
    { table: 'svcSpecial', column: 'summary', match: 'text' },
  ]);
  await app.register(publicRoutes);
  await app.register(toolRoutes);
};
