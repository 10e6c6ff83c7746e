import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { audit } from '@/server/identity/audit';
import { JobRunListQuery, JobRunNowBody } from '../contract';

const access = { access: { any: ['jobRecord'] } };

/** 运行记录: the background jobs, their history, and 立即运行 (audited). */
export const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/user/api/v1.job/list/', { config: access }, async () => ok(await app.jobs.list()));

  app.get('/user/api/v1.job/runs/', { schema: { querystring: JobRunListQuery }, config: access }, async (req) =>
    ok(await app.jobs.runs(req.query)),
  );

  app.post('/user/api/v1.job/runNow/', { schema: { body: JobRunNowBody }, config: access }, async (req) => {
    await app.jobs.runNow(req.body.name);
    await audit(app.db, {
      action: 'job_run_now',
      result: 'ok',
      actorId: req.auth?.userId ?? null,
      actorName: req.auth?.username ?? null,
      target: req.body.name,
      ip: req.ip,
    });
    return ok(null);
  });
};
