import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '@/shared/errors';
import { AppError } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { LoginAnswer, SsoQuery, UrlsAnswer } from '@/modules/auth/contract';
import { issueLogin } from '../login-answer';
import { findUserByUsername } from '../repository';
import { casLoginUrl, casLogoutUrl, validateCasTicket } from './cas';
import {
  authorizationUrl,
  endSessionEndpoint,
  exchangeCode,
  newCodeVerifier,
  newNonce,
  newState,
  OidcFailure,
} from './oidc';
import { savePendingAuthorization, takePendingAuthorization } from './repository';
import { getSsoConfig, type SsoConfig } from './sso-config';

export type SignInPage = 'login' | 'loginAdmin';

/**
 * This site as the browser sees it (behind a proxy named in TRUST_PROXY: X-Forwarded-Proto/Host),
 * normalised like location.origin (lower-case host, no default port): CAS compares service
 * URLs as strings.
 */
export function originOf(req: FastifyRequest): string {
  const raw = `${req.protocol}://${req.host}`;
  try {
    return new URL(raw).origin;
  } catch {
    throw new AppError(Codes.inputError, 400, '请求的 Host 不合法');
  }
}

export function isAdminHost(config: SsoConfig, req: FastifyRequest): boolean {
  const want = config.adminHost.trim().toLowerCase();
  return want === '' || want === req.hostname.toLowerCase() || want === req.host.toLowerCase();
}

/** Which sign-in page SSO returns to: asked for, else the admin page on a dedicated admin host. */
function pageFor(config: SsoConfig, req: FastifyRequest, asked?: SignInPage): SignInPage {
  if (asked) return asked;
  return config.adminHost.trim() !== '' && isAdminHost(config, req) ? 'loginAdmin' : 'login';
}

const oidcRedirectUri = (config: SsoConfig, req: FastifyRequest, page: SignInPage) =>
  config.oidc?.redirectUri?.trim() || `${originOf(req)}/${page}`;

/**
 * Where the browser goes after signing out: the configured address, else the CAS logout (back
 * to this site's sign-in page) or the OIDC end-session endpoint; '' without single sign-on.
 */
export async function ssoLogoutUrl(
  app: FastifyInstance,
  req: FastifyRequest,
  asked?: SignInPage,
  known?: SsoConfig,
): Promise<string> {
  const config = known ?? (await getSsoConfig(app.db));
  if (config.kind === 'none') return '';
  const configured = config.logoutUrl?.trim();
  if (configured) return configured;
  if (config.kind === 'cas' && config.cas)
    return casLogoutUrl(config.cas.serverUrl, `${originOf(req)}/${pageFor(config, req, asked)}`);
  if (config.kind === 'oidc' && config.oidc) {
    try {
      return await endSessionEndpoint(config.oidc);
    } catch (e) {
      if (!(e instanceof OidcFailure)) throw e;
      req.log.warn({ reason: e.message }, 'OIDC discovery failed; no logout address this time');
    }
  }
  return '';
}

/** POST /user/login/get_urls/ */
export async function getUrls(app: FastifyInstance, req: FastifyRequest, asked?: SignInPage): Promise<UrlsAnswer> {
  const config = await getSsoConfig(app.db);
  const on = config.kind !== 'none';
  const page = pageFor(config, req, asked);
  let ssoLoginUrl = '';
  if (config.kind === 'cas' && config.cas) {
    ssoLoginUrl = casLoginUrl(config.cas.serverUrl, `${originOf(req)}/${page}`);
  } else if (config.kind === 'oidc' && config.oidc) {
    try {
      const state = newState();
      const pending = {
        nonce: newNonce(),
        codeVerifier: newCodeVerifier(),
        redirectUri: oidcRedirectUri(config, req, page),
        page,
      };
      ssoLoginUrl = await authorizationUrl(config.oidc, { ...pending, state });
      await savePendingAuthorization(app.db, state, pending);
    } catch (e) {
      // The provider being down must not break the password form: no SSO link this time.
      if (!(e instanceof OidcFailure)) throw e;
      req.log.warn({ reason: e.message }, 'OIDC discovery failed; get_urls answers without an SSO link');
    }
  }
  return {
    cas_enable: on ? 1 : 0,
    is_admin_host: isAdminHost(config, req) ? 1 : 0,
    // Without SSO the password form is the only way in, so it is always "retained".
    retain_back_door: !on || config.retainBackDoor ? 1 : 0,
    user_login_enable: config.userLoginEnable ? 1 : 0,
    admin_login_enable: config.adminLoginEnable ? 1 : 0,
    sso_kind: on ? config.kind : '',
    sso_login_url: ssoLoginUrl,
    logout_url: await ssoLogoutUrl(app, req, page, config),
  };
}

/**
 * The CAS service URL a ticket is checked against. A client-supplied one must be this site's
 * own sign-in page, so a ticket issued for some other application is never accepted here.
 */
function serviceFor(req: FastifyRequest, given: string | undefined, page: SignInPage): string {
  const own = `${originOf(req)}/${page}`;
  if (!given) return own;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new AppError(Codes.inputError, 400, '参数 service 不合法');
  }
  if (url.origin !== originOf(req) || (url.pathname !== '/login' && url.pathname !== '/loginAdmin')) {
    throw new AppError(Codes.inputError, 400, '参数 service 必须是本站的登录页地址');
  }
  return given;
}

/**
 * GET /user/login/ and POST /user/login/admin_login/: a CAS ticket or an OIDC code becomes a
 * session for an existing active account (an administrator's for the admin side).
 */
export async function ssoLogin(
  app: FastifyInstance,
  req: FastifyRequest,
  grant: SsoQuery,
  asAdmin: boolean,
): Promise<LoginAnswer> {
  const config = await getSsoConfig(app.db);
  if (config.kind === 'none') throw new AppError(Codes.inputError, 400, '单点登录未启用');
  if (asAdmin ? !config.adminLoginEnable : !config.userLoginEnable)
    throw new AppError(Codes.inputError, 400, asAdmin ? '管理员登录已关闭' : '用户登录已关闭');
  const via = config.kind;
  const fail = async (reason: string, username: string | null = null): Promise<never> => {
    await audit(app.db, {
      action: 'login_failed',
      result: 'fail',
      actorName: username,
      detail: `${via}: ${reason}`,
      ip: req.ip,
    });
    throw new AppError(Codes.notAuthenticated, 401, `单点登录失败：${reason}`);
  };

  let username: string;
  if (config.kind === 'cas') {
    if (!grant.ticket) throw new AppError(Codes.inputError, 400, '缺少参数 ticket');
    const service = serviceFor(req, grant.service, asAdmin ? 'loginAdmin' : 'login');
    const result = await validateCasTicket(config.cas!.serverUrl, service, grant.ticket);
    if (!result.ok) return fail(`票据无效（${result.code}${result.message ? `: ${result.message}` : ''}）`);
    username = result.user;
  } else {
    if (!grant.code || !grant.state) throw new AppError(Codes.inputError, 400, '缺少参数 code 或 state');
    const pending = await takePendingAuthorization(app.db, grant.state);
    if (!pending) return fail('登录请求已过期或已使用，请重新登录');
    try {
      username = await exchangeCode(config.oidc!, {
        code: grant.code,
        redirectUri: pending.redirectUri,
        codeVerifier: pending.codeVerifier,
        nonce: pending.nonce,
      });
    } catch (e) {
      if (!(e instanceof OidcFailure)) throw e;
      return fail(e.message);
    }
  }

  const user = await findUserByUsername(app.db, username);
  if (!user || user.status !== 'active') return fail(`账号 ${username} 不存在或已停用`, username);
  if (asAdmin && user.isAdmin !== 1) {
    await audit(app.db, {
      action: 'login_failed',
      result: 'fail',
      actorId: user.id,
      actorName: user.username,
      detail: `${via}: not an administrator`,
      ip: req.ip,
    });
    throw new AppError(Codes.noPermission, 403, '该账号不是管理员，不能登录管理端');
  }
  return issueLogin(app, req, user, { asAdmin, via, to: grant.to });
}
