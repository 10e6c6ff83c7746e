import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@/server/db/dialect';
import type { UserRow } from '@/server/db/schema';
import { createSession, hashToken } from '@/server/identity/sessions';
import { loginMenus, userPlatforms } from '@/server/identity/menus';
import { audit } from '@/server/identity/audit';
import type { LoginAnswer, UserInfo } from '../contract';
import { signInAccepted } from './lockout';
import { departmentOf, markLoggedIn, rolesOf } from './repository';

export const PASSWORD_RESET_NOTICE = '您的密码已被重置，请尽快修改密码';

/** The user_info of the login answer: the account with its department and roles. */
export async function userInfoOf(db: Db, user: UserRow): Promise<UserInfo> {
  const [department, roles] = await Promise.all([departmentOf(db, user.departmentId), rolesOf(db, user.id)]);
  return {
    id: user.id,
    username: user.username,
    real_name: user.realName,
    user_no: user.userNo,
    kind: user.kind,
    is_admin: user.isAdmin === 1 ? 1 : 0,
    department,
    avatar: user.avatar,
    roles,
    must_change_pwd: user.mustChangePwd === 1 ? 1 : 0,
    // No password here (made by single sign-on): nothing to change.
    sso_only: user.passwordHash === '' ? 1 : 0,
  };
}

/**
 * A `to` the client may follow after login: a same-site path only. '//host' and '/\host'
 * are protocol-relative to browsers, so they would send the user off-site.
 */
export function safeTo(to: string | undefined | null): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return '';
  return to;
}

export const NO_PLATFORM_ERROR = '当前账号未分配任何平台，请联系管理员分配后再使用';
export const NO_MENU_ERROR = '当前账号没有可访问的菜单，请联系管理员分配权限';

/**
 * The login answer's `error` (spec section 3, shown as an error notice): the sign-in worked but
 * leaves the account with nothing to open, which the user should hear about before the empty pages.
 */
export function signInProblem(asAdmin: boolean, menus: LoginAnswer['menus']): string {
  if (asAdmin) return menus.cms.length ? '' : NO_MENU_ERROR;
  if (!menus.plant_front.length) return NO_PLATFORM_ERROR;
  return menus.plant_front.every((p) => !p.web.length) ? NO_MENU_ERROR : '';
}

/**
 * The end of every successful sign-in (password, CAS, OIDC): open the session, clear the
 * failure counters, record the login, and build the answer of spec section 3.
 */
export async function issueLogin(
  app: FastifyInstance,
  req: FastifyRequest,
  user: UserRow,
  /** How they signed in, written to the audit row ('break-glass': a password while SSO closed the back door). */
  opts: {
    asAdmin: boolean;
    to?: string;
    via: 'password' | 'break-glass' | 'cas' | 'oidc';
    /** More to record with the new session, in its transaction (the OIDC id_token for logout). */
    withSession?: (trx: Db, tokenHash: string) => Promise<void>;
  },
): Promise<LoginAnswer> {
  const db = app.db;
  // A user with exactly one platform works in it straight away; with several they choose one.
  const platforms = opts.asAdmin ? [] : await userPlatforms(db, user.id);
  const platformId = platforms.length === 1 ? platforms[0]!.id : null;
  // Session, counters and audit row are one write: a login is either fully recorded or not at all.
  const token = await db.transaction().execute(async (trx) => {
    const t = await createSession(trx, app.config, {
      userId: user.id,
      isAdmin: opts.asAdmin,
      platformId,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    });
    await markLoggedIn(trx, user.id, Date.now());
    // SSO sign-ins end the streaks too (a password sign-in has cleared them already: a no-op then).
    await signInAccepted(trx, user.username, req.ip);
    await audit(trx, {
      action: 'login',
      result: 'ok',
      actorId: user.id,
      actorName: user.username,
      detail: opts.via,
      ip: req.ip,
    });
    await opts.withSession?.(trx, hashToken(t));
    return t;
  });

  const [userInfo, menus] = await Promise.all([
    userInfoOf(db, user),
    loginMenus(db, { id: user.id, isAdmin: opts.asAdmin }),
  ]);
  // The change-password page is not a route yet: a reset password is announced as a notice.
  const mustChange = user.mustChangePwd === 1;
  return {
    Authorization: token,
    user_info: userInfo,
    menus,
    is_admin: opts.asAdmin ? 1 : 0,
    redirect: '',
    to: safeTo(opts.to),
    message: mustChange ? PASSWORD_RESET_NOTICE : '',
    error: signInProblem(opts.asAdmin, menus),
  };
}
