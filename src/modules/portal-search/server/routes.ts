import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { FormSearchQuery, HotWordsQuery, SearchQuery, SuggestQuery } from '../contract';
import * as svc from './service';

const S = '/portal/api/v1.search';

/** The portal search (spec section 7: search, findSearchForm) and its words. */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const open = { access: 'public' as const };
  const session = { access: 'session' as const };

  app.get(`${S}/search/`, { schema: { querystring: SearchQuery }, config: open }, async (req) =>
    ok(await svc.search(app, req.auth ?? null, req.query)),
  );

  app.get(`${S}/findSearchForm/`, { schema: { querystring: FormSearchQuery }, config: open }, async (req) =>
    ok(await svc.findSearchForm(app, req.auth ?? null, req.query)),
  );

  app.get(`${S}/suggest/`, { schema: { querystring: SuggestQuery }, config: open }, async (req) =>
    ok(await svc.suggest(app, req.auth ?? null, req.query.q)),
  );

  app.get(`${S}/hotWords/`, { schema: { querystring: HotWordsQuery }, config: open }, async (req) =>
    ok(await svc.hotWords(app, req.query.limit)),
  );

  app.get(`${S}/recentWords/`, { config: session }, async (req) => ok(await svc.recentWords(app, req.auth!.userId)));

  app.post(`${S}/clearRecentWords/`, { schema: { body: Type.Object({}) }, config: session }, async (req) => {
    await svc.clearRecentWords(app, req.auth!.userId);
    return ok(null, '已清空');
  });
};
