import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { TeachingQuery } from '../contract';
import { assertReader, OVERVIEW_ROUTE, schoolOverview, TEACHING_ROUTE, teachingOverview } from './service';

const S = '/bi/api/v1.leadingDriver';

/**
 * Signed-in callers only; who may read is decided in the service (school leaders, administrators,
 * the page's grantees), so a refusal is 0x00000920 and never the sign-out code 0x00000010.
 */
export const leadingDriverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { access: 'session' as const };
  app.get(
    `${S}/overview/`,
    { schema: { querystring: Type.Object({}, { additionalProperties: false }) }, config },
    async (req) => {
      await assertReader(app.db, req.auth!, OVERVIEW_ROUTE);
      return ok(await schoolOverview(app));
    },
  );
  app.get(`${S}/teaching/`, { schema: { querystring: TeachingQuery }, config }, async (req) => {
    await assertReader(app.db, req.auth!, TEACHING_ROUTE);
    return ok(await teachingOverview(app, req.query));
  });
};
