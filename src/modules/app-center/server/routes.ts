import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import {
  AdminAppQuery,
  AppListQuery,
  AppSaveBody,
  CategorySaveBody,
  DeviceQuery,
  FavoriteBody,
  IdBody,
  OpenBody,
  RateBody,
} from '../contract';
import * as svc from './service';

const USER = '/portal/api/v1.appCenter';
const ADMIN = '/portal/api/v1.appPortal';

/** What a person may open: the application centre, the navigation portal, get_server_app. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const user = { access: { any: ['applicationCenter', 'navPortal'] } };
  app.get(`${USER}/list/`, { schema: { querystring: AppListQuery }, config: user }, async (req) =>
    ok(await svc.listApps(app, req.auth!, req.query)),
  );
  app.get(`${USER}/categories/`, { schema: { querystring: DeviceQuery }, config: user }, async (req) =>
    ok(await svc.categories(app, req.auth!, req.query.device)),
  );
  app.get(`${USER}/nav/`, { schema: { querystring: DeviceQuery }, config: user }, async (req) =>
    ok(await svc.navSections(app, req.auth!, req.query.device)),
  );
  app.post(`${USER}/favorite/`, { schema: { body: FavoriteBody }, config: user }, async (req) => {
    await svc.favorite(app, req.auth!, req.body.appId, req.body.on);
    return ok(null, req.body.on ? '已收藏' : '已取消收藏');
  });
  app.post(`${USER}/rate/`, { schema: { body: RateBody }, config: user }, async (req) => {
    await svc.rate(app, req.auth!, req.body.appId, req.body.score);
    return ok(null, '感谢您的评分');
  });
  app.post(`${USER}/open/`, { schema: { body: OpenBody }, config: user }, async (req) =>
    ok(await svc.open(app, req.auth!, req.body.appId, req.body.device)),
  );
  // Spec §7 (message service): the apps the signed-in user may open, for any page that lists them.
  app.get(
    '/message/api/v1.message/get_server_app/',
    { schema: { querystring: DeviceQuery }, config: { access: 'session' } },
    async (req) => ok(await svc.serverApps(app, req.auth!, req.query.device)),
  );
};

/** Back office 应用门户: apps, categories, who sees what, and the portal's order. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: { any: ['applicationPortal'] } };
  app.get(`${ADMIN}/options/`, { config: admin }, async () => ok(await svc.portalOptions(app)));
  app.get(`${ADMIN}/list/`, { schema: { querystring: AdminAppQuery }, config: admin }, async (req) =>
    ok(await svc.adminApps(app, req.query)),
  );
  app.post(`${ADMIN}/save/`, { schema: { body: AppSaveBody }, config: admin }, async (req) =>
    ok({ id: await svc.saveApp(app, req.body) }, '应用已保存'),
  );
  app.post(`${ADMIN}/delete/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.deleteApp(app, req.body.id);
    return ok(null, '应用已删除');
  });
  app.post(`${ADMIN}/category/save/`, { schema: { body: CategorySaveBody }, config: admin }, async (req) =>
    ok({ id: await svc.saveCategory(app, req.body) }, '分类已保存'),
  );
  app.post(`${ADMIN}/category/delete/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.deleteCategory(app, req.body.id);
    return ok(null, '分类已删除');
  });
};
