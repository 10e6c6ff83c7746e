import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { LOGIN_BODY_LIMIT } from '@/shared/constants';
import { SsoQuery } from '@/modules/auth/contract';
import { getUrls, ssoLogin } from './service';
import { applySsoEnv } from './sso-config';

const UrlsBody = Type.Object({
  /** The sign-in page SSO should return to (default: /login, or /loginAdmin on the admin host). */
  page: Type.Optional(Type.Union([Type.Literal('login'), Type.Literal('loginAdmin')])),
});

/** Single sign-on: get_urls, the CAS ticket / OIDC code exchange, and its administrators' side. */
export async function ssoRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  if (app.config.sso) await applySsoEnv(app.db, app.config.sso);
  const limits = app.config.rateLimits;
  const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

  app.post(
    '/user/login/get_urls/',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: { body: UrlsBody },
      config: { access: 'public', rateLimit: perMinute(limits.visit) },
      // The client posts nothing at all: validate an empty form instead of refusing it.
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => ok(await getUrls(app, req, req.body.page)),
  );

  app.get(
    '/user/login/',
    {
      schema: { querystring: SsoQuery },
      config: { access: 'public', rateLimit: perMinute(limits.login) },
    },
    async (req) => ok(await ssoLogin(app, req, req.query, false), '登录成功'),
  );

  app.post(
    '/user/login/admin_login/',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: { body: SsoQuery },
      config: { access: 'public', rateLimit: perMinute(limits.login) },
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => ok(await ssoLogin(app, req, req.body, true), '登录成功'),
  );
}
