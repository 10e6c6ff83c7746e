import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope';
import { GetConfigBody, SaveThemeBody } from '../contract';
import { readLogin, readLogo, readTheme } from './repository';
import { platformLogo, saveTheme } from './service';

const BASE = '/portal/backend/organizationConfig';

/** Organisation config (spec section 7): login page, logo/title, theme. */
export const orgConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(`${BASE}/getLoginConfig/`, { config: { access: 'public' } }, async () => ok(await readLogin(app.db)));

  app.post(`${BASE}/getCommonConfig/`, { config: { access: 'public' } }, async () => ok(await readLogo(app.db)));

  // A POST without any body means "no platform_id": validate it as an empty object.
  app.post(`${BASE}/getConfig/`, { schema: { body: GetConfigBody }, config: { access: 'session' }, preValidation: async (req) => { req.body ??= {}; } },
    async (req) => ok(await platformLogo(app.db, req.auth!, req.body.platform_id)));

  app.post(`${BASE}/getTheme/`, { config: { access: 'public' } }, async () => ok(await readTheme(app.db)));

  app.post(`${BASE}/saveTheme/`, { schema: { body: SaveThemeBody }, config: { access: 'admin' } },
    async (req) => ok(await saveTheme(app.db, req.auth!, req.body, req.ip), '保存成功'));
};
