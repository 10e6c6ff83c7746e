import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope';
import { listPlatforms } from './repository';

export const platformConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/user/api/v1.platform/list/', { config: { access: 'admin' } }, async () => ok(await listPlatforms(app.db)));
};
