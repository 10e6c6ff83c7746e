import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { HomeModulesQuery, SaveHomeModulesBody, type SaveHomeModulesBody as SaveBody } from '../contract';
import { homeModules, saveHomeModules } from './service';

export const siteSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Public: the visitor home reads it before anyone signs in.
  app.get(
    '/portal/api/v1.homepage/modules/',
    { schema: { querystring: HomeModulesQuery }, config: { access: 'public' } },
    async (req) => ok(await homeModules(app.db, req.query.scope ?? 'visitor')),
  );

  // The body schema checks kinds only; the service checks each module against its kind's schema.
  app.post(
    '/portal/api/v1.homepage/save/',
    { schema: { body: SaveHomeModulesBody }, config: { access: 'admin' } },
    async (req) => ok(await saveHomeModules(app.db, req.auth!, req.body as SaveBody, req.ip, app.modules), '保存成功'),
  );
};
