import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { MobileLayoutQuery, ResetMobileLayoutBody, SaveMobileLayoutBody } from '../contract';
import { deskOnlyRoutes, mobileLayoutFor, resetMobileLayout, saveMobileLayout } from './service';

const L = '/portal/api/v1.mobileLayout';

export const mobileLayoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deskOnly = deskOnlyRoutes(app.modules);
  // Session: the phone home of any signed-in user; the service limits a user to their own platforms.
  app.get(`${L}/get/`, { schema: { querystring: MobileLayoutQuery }, config: { access: 'session' } }, async (req) =>
    ok(await mobileLayoutFor(app.db, req.auth!, req.query.platformId, deskOnly)),
  );

  app.post(`${L}/save/`, { schema: { body: SaveMobileLayoutBody }, config: { access: 'admin' } }, async (req) =>
    ok(await saveMobileLayout(app.db, req.auth!, req.body, req.ip), '保存成功'),
  );

  app.post(`${L}/reset/`, { schema: { body: ResetMobileLayoutBody }, config: { access: 'admin' } }, async (req) =>
    ok(await resetMobileLayout(app.db, req.auth!, req.body.platformId, req.ip, deskOnly), '已恢复默认布局'),
  );
};
