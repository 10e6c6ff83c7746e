import type { FastifyPluginAsync } from 'fastify';
import { mobileLayoutRoutes } from './routes';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of mobile-layout: each platform's phone home layout (read by phones, edited in the back office). */
export const mobileLayoutServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (icons in phone home layouts): the orphan sweep keeps them.
  declareUploadColumns(app, 'mobile-layout', [{ table: 'mobileLayout', column: 'groups', match: 'text' }]);
  await app.register(mobileLayoutRoutes);
};
