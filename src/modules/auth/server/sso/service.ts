import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '@/shared/errors';
import { AppError, badInput } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { LoginAnswer, SsoQuery, UrlsAnswer } from '@/modules/auth/contract';
import { issueLogin, safeTo } from '../login-answer';
import { findUserById, findUsersBy } from '../repository';
import { claimText, createFromClaims, refreshFromClaims } from './provision';
import { linkSession, type SsoLink } from './session-links';
import { casLoginUrl, casLogoutUrl, validateCasTicket } from './cas';
import {
  authorizationUrl,
  endSessionUrl,
  exchangeCode,
  newCodeVerifier,
  newNonce,
  newState,
  OidcFailure,
} from './oidc';
import { savePendingAuthorization, takePendingAuthorization } from './repository';
import { bindBrowser, clearBrowserBinding, sameBrowser } from './browser-binding';
import { keepIdToken } from './id-tokens';
import { getSsoConfig, type SsoConfig, type SsoMatch } from './sso-config';

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
 * Where the browser goes after signing out: the configured address, else the CAS logout or the
 * OIDC end-session address, each bringing the browser back to this site's sign-in page (with
 * the sign-in's id_token as id_token_hint when the session came from OIDC); '' without SSO.
 */
export async function ssoLogoutUrl(
  app: FastifyInstance,
  req: FastifyRequest,
  asked?: SignInPage,
  known?: SsoConfig,
  idTokenHint?: string | null,
): Promise<string> {
  const config = known ?? (await getSsoConfig(app.db));
  if (config.kind === 'none') return '';
  const configured = config.logoutUrl?.trim();
  if (configured) return configured;
  const back = `${originOf(req)}/${pageFor(config, req, asked)}`;
  if (config.kind === 'cas' && config.cas) return casLogoutUrl(config.cas.serverUrl, back);
  if (config.kind === 'oidc' && config.oidc) {
    try {
      return await endSessionUrl(config.oidc, { postLogoutRedirectUri: back, idTokenHint });
    } catch (e) {
      if (!(e instanceof OidcFailure)) throw e;
      req.log.warn({ reason: e.message }, 'OIDC discovery failed; no logout address this time');
    }
  }
  return '';
}

/**
 * Starts a single sign-on round trip for this browser: a state bound to its cookie, kept with
 * the side and the deep link (so they survive whatever page the provider returns to) and, for
 * OIDC, the nonce and PKCE verifier. Answers the provider's sign-in address.
 */
async function startSignIn(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  config: SsoConfig,
  page: SignInPage,
  to: string,
): Promise<string> {
  const state = newState();
  const common = { browser: bindBrowser(req, reply), page, to: safeTo(to) };
  if (config.kind === 'cas' && config.cas) {
    // The state rides in the service URL: CAS issues the ticket for exactly that URL, so a
    // ticket made in another browser cannot be validated with this browser's state.
    const returnUrl = `${originOf(req)}/${page}?state=${state}`;
    await savePendingAuthorization(app.db, state, { kind: 'cas', ...common, returnUrl });
    return casLoginUrl(config.cas.serverUrl, returnUrl);
  }
  if (config.kind === 'oidc' && config.oidc) {
    const pending = {
      kind: 'oidc' as const,
      ...common,
      returnUrl: oidcRedirectUri(config, req, page),
      nonce: newNonce(),
      codeVerifier: newCodeVerifier(),
    };
    const url = await authorizationUrl(config.oidc, {
      // The e-mail claim needs its scope; other claims come with profile or the provider's defaults.
      scope: config.match?.claim === 'email' ? 'openid profile email' : 'openid profile',
      redirectUri: pending.returnUrl,
      state,
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    });
    await savePendingAuthorization(app.db, state, pending);
    return url;
  }
  return '';
}

/**
 * The stable address of single sign-on for a sign-in page: the page itself with `sso=1`, which
 * starts a round trip when opened (a university may link to it). Viewing it writes nothing.
 */
export function ssoEntryUrl(req: FastifyRequest, page: SignInPage, to: string): string {
  const deep = safeTo(to);
  return `${originOf(req)}/${page}?sso=1${deep ? `&to=${encodeURIComponent(deep)}` : ''}`;
}

/**
 * POST /user/login/get_urls/: which sides and SSO are on. Viewing a sign-in page writes nothing:
 * `sso_login_url` is the page's SSO entry (ssoEntryUrl). Only with `start` (the SSO button, the
 * page going to the provider by itself) does it begin a round trip bound to this browser and
 * answer the provider's address.
 */
export async function getUrls(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  asked?: SignInPage,
  to = '',
  start = false,
): Promise<UrlsAnswer> {
  const config = await getSsoConfig(app.db);
  const on = config.kind !== 'none';
  const page = pageFor(config, req, asked);
  let ssoLoginUrl = '';
  if (on && !start) ssoLoginUrl = ssoEntryUrl(req, page, to);
  else if (on) {
    try {
      ssoLoginUrl = await startSignIn(app, req, reply, config, page, to);
    } catch (e) {
      if (!(e instanceof OidcFailure)) throw e;
      req.log.warn({ reason: e.message }, 'OIDC discovery failed; no round trip started');
      throw new AppError(Codes.serviceUnavailable, 503, `无法连接统一身份认证服务：${e.message}`);
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

const FIELD_LABEL: Record<SsoMatch['field'], string> = { username: '账号', userNo: '学号/工号', email: '邮箱' };

/** An administrator signing in on a host other than the configured admin host. */
export const ADMIN_HOST_ONLY = '管理后台只允许在管理域名登录，请从管理域名访问';
export const adminHostError = () => new AppError(Codes.adminHostOnly, 403, ADMIN_HOST_ONLY);
export const NOT_AN_ADMINISTRATOR = '该账号不是管理员，不能登录管理端';
export const OTHER_BROWSER = '单点登录失败：该登录请求不是从本浏览器发起的，请重新统一认证';

/**
 * GET /user/login/ and POST /user/login/admin_login/: a CAS ticket or an OIDC code, returned to
 * the browser that started the round trip, becomes a session for an existing active account.
 * The side (administrators' or users') is the one the round trip was started for.
 */
export async function ssoLogin(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  grant: SsoQuery,
): Promise<LoginAnswer> {
  const config = await getSsoConfig(app.db);
  if (config.kind === 'none') throw new AppError(Codes.inputError, 400, '单点登录未启用');
  const via = config.kind;
  const refuse = async (
    detail: string,
    err: AppError,
    user?: { id: number | null; username: string },
  ): Promise<never> => {
    await audit(app.db, {
      action: 'login_failed',
      result: 'fail',
      actorId: user?.id ?? null,
      actorName: user?.username ?? null,
      detail: `${via}: ${detail}`,
      ip: req.ip,
    });
    throw err;
  };
  const fail = (reason: string, username?: string) =>
    refuse(
      reason,
      new AppError(Codes.notAuthenticated, 401, `单点登录失败：${reason}`),
      username ? { id: null, username } : undefined,
    );

  if (via === 'cas' && !grant.ticket) throw new AppError(Codes.inputError, 400, '缺少参数 ticket');
  if (via === 'oidc' && !grant.code) throw new AppError(Codes.inputError, 400, '缺少参数 code 或 state');
  if (!grant.state) throw new AppError(Codes.inputError, 400, '缺少参数 state，请重新统一认证');
  const taken = await takePendingAuthorization(app.db, grant.state, (hash) => sameBrowser(req, hash));
  if (!taken.ok && taken.reason === 'other-browser')
    return refuse('started in another browser', new AppError(Codes.ssoOtherBrowser, 403, OTHER_BROWSER));
  if (!taken.ok || taken.pending.kind !== via) return fail('登录请求已过期或已使用，请重新登录');
  const pending = taken.pending;
  const asAdmin = pending.page === 'loginAdmin';
  if (asAdmin ? !config.adminLoginEnable : !config.userLoginEnable)
    throw new AppError(Codes.inputError, 400, asAdmin ? '管理员登录已关闭' : '用户登录已关闭');

  let username: string;
  let idToken: string | null = null;
  let attributes: Record<string, unknown> = {};
  let link: SsoLink;
  if (via === 'cas') {
    // The service is the one stored with the state; a client-supplied one may only repeat it.
    if (grant.service && grant.service !== pending.returnUrl)
      throw new AppError(Codes.inputError, 400, '参数 service 必须是本站的登录页地址');
    const result = await validateCasTicket(config.cas!.serverUrl, pending.returnUrl, grant.ticket!);
    if (!result.ok) return fail(`票据无效（${result.code}${result.message ? `: ${result.message}` : ''}）`);
    username = result.user;
    attributes = result.attributes;
    link = { kind: 'cas', issuer: config.cas!.serverUrl, subject: result.user, ticket: grant.ticket! };
  } else {
    try {
      const got = await exchangeCode(config.oidc!, {
        code: grant.code!,
        redirectUri: pending.returnUrl,
        codeVerifier: pending.codeVerifier ?? '',
        nonce: pending.nonce ?? '',
      });
      ({ username, idToken, claims: attributes } = got);
      const sid = typeof attributes.sid === 'string' ? attributes.sid : null;
      link = { kind: 'oidc', issuer: got.issuer, subject: String(attributes.sub), sid };
    } catch (e) {
      if (!(e instanceof OidcFailure)) throw e;
      return fail(e.message);
    }
  }

  const match = config.match ?? { field: 'username', claim: '' };
  const value = match.claim ? claimText(attributes, match.claim) : username;
  if (!value) return fail(`身份提供方未提供 ${match.claim}（用户 ${username}）`, username);
  const found = await findUsersBy(app.db, match.field, value);
  const named = `${FIELD_LABEL[match.field]} ${value}`;
  if (found.length > 1) return fail(`${named} 对应多个账号，请联系管理员`, username);
  let user = found[0];
  const provision = config.provision?.enabled ? config.provision : null;
  // 自动创建账号: only on the users' side (administrators are made by hand).
  if (!user && provision && !asAdmin) {
    const made = await app.db.transaction().execute(async (trx) => {
      const r = await createFromClaims(trx, provision, { username, match, value, attributes });
      if (r.ok)
        await audit(trx, {
          action: 'account_created',
          result: 'ok',
          actorId: r.user.id,
          actorName: r.user.username,
          target: `user:${r.user.id} ${r.user.username}`,
          detail: `${via}: 单点登录自动创建（${named}，${provision.kind}）`,
          ip: req.ip,
        });
      return r;
    });
    if (!made.ok) return fail(made.reason, username);
    user = made.user;
  }
  if (!user || user.status !== 'active')
    return fail(match.field === 'username' ? `${named} 不存在或已停用` : `${named} 对应的账号不存在或已停用`, username);
  // Checked once the account is known, so the audit row names who tried.
  if (asAdmin && user.isAdmin !== 1)
    return refuse('not an administrator', new AppError(Codes.noPermission, 403, NOT_AN_ADMINISTRATOR), user);
  if (asAdmin && !isAdminHost(config, req))
    return refuse('admin sign-in outside the admin host', adminHostError(), user);
  // As on the password path: administrators sign in on their own side only.
  if (!asAdmin && user.isAdmin === 1)
    return refuse('administrator on user login', badInput('管理员请使用管理员登录'), user);
  if (provision && user.isAdmin !== 1) {
    const current = user;
    user = await app.db.transaction().execute(async (trx) => {
      const changed = await refreshFromClaims(trx, provision, current, attributes);
      if (!changed.length) return current;
      await audit(trx, {
        action: 'account_updated',
        result: 'ok',
        actorId: current.id,
        actorName: current.username,
        target: `user:${current.id} ${current.username}`,
        detail: `${via}: 单点登录更新 ${changed.join(', ')}`,
        ip: req.ip,
      });
      return (await findUserById(trx, current.id)) ?? current;
    });
  }
  const hint = idToken;
  const maxAge = app.config.sessionAbsoluteHours * 3600_000;
  const answer = await issueLogin(app, req, user, {
    asAdmin,
    via,
    to: pending.to || grant.to,
    // Kept for logout's id_token_hint, and for the provider's own logout to end this session.
    withSession: async (trx, tokenHash) => {
      if (hint) await keepIdToken(trx, tokenHash, hint, maxAge);
      await linkSession(trx, tokenHash, link, maxAge);
    },
  });
  clearBrowserBinding(req, reply);
  return answer;
}
