import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { ChoicePlatformBody } from '../contract';
import { choosePlatform } from './service';

export const platformRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/api/v1.platform/choice_platform/',
    { schema: { body: ChoicePlatformBody }, config: { access: 'session' } },
    async (req) => ok(await choosePlatform(app.db, req.auth!, req.body.platform_id, req.ip)),
  );
};
