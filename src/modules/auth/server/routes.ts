import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { Codes } from '@/shared/errors';
import { LOGIN_BODY_LIMIT, CAPTCHA_TTL_MS } from '@/shared/constants';
import {
  ChangePwdBody,
  CheckLoginAnswer,
  CheckUserBody,
  LoginAnswer,
  LoginBody,
  LogoutAnswer,
  PublicKeyAnswer,
  VisitAnswer,
} from '../contract';
import { okResponse } from '@/shared/response-schema';
import { MENU_DEFS } from '@/shared/menu-schema';
import { CAPTCHA_COOKIE, issueCaptcha } from './captcha-store';
import { publicKeyAnswer } from './rsa-keys';
import { changePassword, checkUserPassword, countVisit, logout, passwordLogin } from './service';

const TENANT = 'default';
const AdminFlag = Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)]);
const CheckLoginBody = Type.Object({ is_admin: Type.Optional(AdminFlag) });
const CaptchaQuery = Type.Object({ r: Type.Optional(Type.String({ maxLength: 64 })) });

/** Password sign-in, captcha, public key, logout, login status, visits and password changes. */
export async function authRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const limits = app.config.rateLimits;
  const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

  app.get(
    '/user/login/get_code/',
    {
      schema: { querystring: CaptchaQuery },
      config: { access: 'public', rateLimit: perMinute(limits.captcha) },
    },
    async (req, reply) => {
      const { id, svg } = await issueCaptcha(app.db, {
        previousId: req.cookies[CAPTCHA_COOKIE],
        fixedCode: app.config.captchaFixedCode,
      });
      reply.setCookie(CAPTCHA_COOKIE, id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
        maxAge: CAPTCHA_TTL_MS / 1000,
      });
      reply.header('cache-control', 'no-store');
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  );

  app.post(
    '/user/commonInterface/get_public_key/',
    {
      schema: { response: okResponse(PublicKeyAnswer) },
      config: { access: 'public' },
    },
    async () => ok(await publicKeyAnswer(app)),
  );

  app.post(
    '/user/login/',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: { body: LoginBody, response: okResponse(LoginAnswer, MENU_DEFS) },
      config: { access: 'public', rateLimit: perMinute(limits.login) },
    },
    async (req) => ok(await passwordLogin(app, req, req.body, req.cookies[CAPTCHA_COOKIE]), '登录成功'),
  );

  app.post(
    '/user/login/login_out/',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: { response: okResponse(LogoutAnswer) },
      config: { access: 'public' },
    },
    async (req) => ok(await logout(app, req), '已退出登录'),
  );

  // Not signed in is an answer here, not an error: HTTP 200 with the not-authenticated code.
  app.post(
    '/user/api/v1.user/check_user_is_login/',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: { body: CheckLoginBody, response: okResponse(CheckLoginAnswer) },
      config: { access: 'public' },
      // The client often posts nothing at all: validate an empty form instead of refusing it.
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => {
      if (req.auth) return ok<CheckLoginAnswer>({ is_login: true, to_url: '', ternantId: TENANT });
      const admin = String(req.body.is_admin ?? '') === '1';
      const data: CheckLoginAnswer = { is_login: false, to_url: admin ? '/loginAdmin' : '/login', ternantId: TENANT };
      return { errorCode: Codes.notAuthenticated, message: '未登录或登录已失效', data };
    },
  );

  app.post(
    '/user/api/v1.user/incVisit/',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: { response: okResponse(VisitAnswer) },
      config: { access: 'public', rateLimit: perMinute(limits.visit) },
    },
    async () => ok(await countVisit(app)),
  );

  app.post(
    '/user/api/v1.user/change_pwd/',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: { body: ChangePwdBody },
      config: { access: 'session', rateLimit: perMinute(limits.login) },
    },
    async (req) => {
      await changePassword(app, req, req.auth!, req.body.old_password, req.body.new_password);
      return ok(null, '密码修改成功');
    },
  );

  app.post(
    '/user/api/v1.user/check_user/',
    {
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: { body: CheckUserBody },
      config: { access: 'session', rateLimit: perMinute(limits.login) },
    },
    async (req) => ok(await checkUserPassword(app, req, req.auth!, req.body.password)),
  );
}
