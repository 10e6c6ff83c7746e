import type { FastifyPluginAsync } from 'fastify';
import './tables';
import { dataSourceRoutes, datasetRoutes } from './routes';

/** Server face of data sources and datasets (issue 16): back-office routes; other modules use server/commands/*. */
export const dataSourcesServer: FastifyPluginAsync = async (app) => {
  await app.register(dataSourceRoutes);
  await app.register(datasetRoutes);
};
