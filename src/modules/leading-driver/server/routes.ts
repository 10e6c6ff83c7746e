import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { TeachingQuery } from '../contract';
import { REFRESH_JOB } from './jobs';
import { assertReader, OVERVIEW_ROUTE, schoolOverview, TEACHING_ROUTE, teachingOverview } from './service';

const S = '/bi/api/v1.leadingDriver';

/**
 * Signed-in callers only; who may read is decided in the service (school leaders, administrators,
 * the page's grantees), so a refusal is 0x00000920 and never the sign-out code 0x00000010.
 */
export const leadingDriverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { access: 'session' as const };
  let kicked = false;
  app.get(
    `${S}/overview/`,
    { schema: { querystring: Type.Object({}, { additionalProperties: false }) }, config },
    async (req) => {
      await assertReader(app.db, req.auth!, OVERVIEW_ROUTE);
      const answer = await schoolOverview(app);
      // Never aggregated yet (a first start): queue the rebuild now rather than at the next poll.
      if (answer.aggregatedAt === null && !kicked) {
        kicked = true;
        await app.jobs.enqueue(REFRESH_JOB, {});
      }
      return ok(answer);
    },
  );
  app.get(`${S}/teaching/`, { schema: { querystring: TeachingQuery }, config }, async (req) => {
    await assertReader(app.db, req.auth!, TEACHING_ROUTE);
    return ok(await teachingOverview(app, req.query));
  });
};
