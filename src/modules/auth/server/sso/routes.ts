import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { LOGIN_BODY_LIMIT } from '@/shared/constants';
import { SsoQuery } from '@/modules/auth/contract';
import { getUrls, ssoLogin } from './service';
import { backchannelLogout, casSingleLogout } from './provider-logout';
import { applySsoEnv } from './sso-config';

const UrlsBody = Type.Object({
  /** The sign-in page SSO should return to (default: /login, or /loginAdmin on the admin host). */
  page: Type.Optional(Type.Union([Type.Literal('login'), Type.Literal('loginAdmin')])),
  /** The deep link to open after signing in, kept with the pending sign-in (a same-site path). */
  to: Type.Optional(Type.String({ maxLength: 512 })),
  /** Start a round trip (the SSO button, or the page leaving for the provider by itself): answers the provider's address. */
  start: Type.Optional(
    Type.Union([Type.Boolean(), Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)]),
  ),
});

const BackchannelBody = Type.Object({ logout_token: Type.String({ minLength: 1, maxLength: 8192 }) });
const CasLogoutBody = Type.Object({ logoutRequest: Type.String({ minLength: 1, maxLength: 65536 }) });
const isOn = (v: unknown) => v === true || v === 1 || v === '1';

/**
 * Single sign-on: get_urls, and the CAS ticket / OIDC code exchange (two addresses for the two
 * sign-in pages; the side is the one the round trip was started for).
 */
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
    async (req, reply) => ok(await getUrls(app, req, reply, req.body.page, req.body.to, isOn(req.body.start))),
  );

  app.get(
    '/user/login/',
    {
      schema: { querystring: SsoQuery },
      config: { access: 'public', rateLimit: perMinute(limits.login) },
    },
    async (req, reply) => ok(await ssoLogin(app, req, reply, req.query), '登录成功'),
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
    async (req, reply) => ok(await ssoLogin(app, req, reply, req.body), '登录成功'),
  );

  // OIDC back-channel logout: the provider POSTs a signed logout_token (form-encoded); never cached.
  app.post(
    '/user/login/backchannel_logout/',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: { body: BackchannelBody },
      config: { access: 'public', rateLimit: perMinute(limits.login) },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await backchannelLogout(app, req, req.body.logout_token));
    },
  );

  // CAS single logout: the CAS server POSTs logoutRequest to the service URL, i.e. a sign-in page.
  for (const page of ['/login', '/loginAdmin'])
    app.post(
      page,
      {
        bodyLimit: 128 * 1024,
        schema: { body: CasLogoutBody },
        config: { access: 'public', rateLimit: perMinute(limits.login) },
      },
      async (req) => ok(await casSingleLogout(app, req, req.body.logoutRequest)),
    );
}
