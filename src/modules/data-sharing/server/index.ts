import type { FastifyPluginAsync } from 'fastify';
import { onInstanceEnd } from '@/modules/workflow/server/commands/instances';
import { dataSharingRoutes } from './routes';
import { settle } from './service';
import './tables';

/** Server face of 数据共享 (issue 21): themes, datasets, apps, applications and grants, the signed data API. */
export const dataSharingServer: FastifyPluginAsync = async (app) => {
  // An application ends in the engine's transaction (the generic 待办 pages, desk and phone, included).
  onInstanceEnd('data-sharing', settle);
  await app.register(dataSharingRoutes);
};
