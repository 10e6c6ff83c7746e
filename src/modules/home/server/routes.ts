import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { okResponse } from '@/shared/response-schema';
import { DashboardSummary, NoticeDetail, NoticeDetailQuery, NoticeList, NoticeListQuery } from '../contract';
import { listPublishedNotices } from './repository';
import { dashboardSummary, noticeDetail } from './service';

export const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Notices and news are public (spec section 6: paths containing notice/news need no login).
  app.get(
    '/portal/api/v1.notice/list/',
    {
      schema: { querystring: NoticeListQuery, response: okResponse(NoticeList) },
      config: { access: 'public', ignoresCaller: true },
    },
    async (req) => ok(await listPublishedNotices(app.db, req.query)),
  );

  app.get(
    '/portal/api/v1.notice/detail/',
    { schema: { querystring: NoticeDetailQuery, response: okResponse(NoticeDetail) }, config: { access: 'public' } },
    async (req) => ok(await noticeDetail(app, req.query.id)),
  );

  app.get(
    '/user/api/v1.dashboard/summary/',
    { schema: { response: okResponse(DashboardSummary) }, config: { access: 'admin' } },
    async () => ok(await dashboardSummary(app)),
  );
};
