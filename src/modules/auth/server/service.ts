import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '@/server/db/schema';
import { AppError, badInput } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { dummyHash, hashPassword, verifyPassword } from '@/server/identity/passwords';
import { revokeSession, revokeUserSessions, type AuthContext } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import { isStrongPassword, PASSWORD_POLICY_TEXT, type LoginAnswer, type LoginBody } from '../contract';
import { verifyCaptcha } from './captcha-store';
import { issueLogin } from './login-answer';
import { decryptPassword } from './rsa-keys';
import { adminHostError, isAdminHost, ssoLogoutUrl } from './sso/service';
import { getSsoConfig } from './sso/sso-config';
import { breakGlassOpenFor } from './sso/break-glass';
import { takeIdToken } from './sso/id-tokens';
import { isSsoOnly } from './sso/provision';
import { beginAttempt, lockedError, signInAccepted, recordWrongPassword } from './lockout';
import { findUserById, findUserByUsername, incrementVisit, updatePassword } from './repository';

export const BAD_CREDENTIALS = '用户名或密码错误';
export const PASSWORD_SIGN_IN_CLOSED = '本站已启用统一身份认证，密码登录已关闭，请通过统一身份认证登录';

const badCredentials = () => new AppError(Codes.inputError, 400, BAD_CREDENTIALS);

/**
 * Check a password under the lockout policy (./lockout.ts): a locked (account, address) pair is
 * refused before the password is looked at; a wrong one is counted, and answers "locked" when it
 * was the one that locked the pair. `wrong` is the answer otherwise.
 */
async function checkPassword(
  app: FastifyInstance,
  username: string,
  address: string,
  user: UserRow | undefined,
  password: string,
  wrong: () => AppError,
): Promise<{ ok: true; user: UserRow } | { ok: false; reason: string; err: AppError }> {
  const begun = await beginAttempt(app, username, address);
  if ('refused' in begun) return { ok: false, reason: 'locked for this address', err: begun.refused };
  const { attempt } = begun;
  // Unknown user and wrong password cost the same: a hash is verified either way.
  // An SSO-only account (no password) costs the same too, and never matches.
  const right =
    (await verifyPassword(user?.passwordHash || (await dummyHash()), password)) && !!user && !isSsoOnly(user);
  if (right && user) {
    await signInAccepted(app.db, user.username, address);
    return { ok: true, user };
  }
  const lockedUntil = await recordWrongPassword(app, attempt, user);
  const delayed = attempt.delayedMs ? `, delayed ${attempt.delayedMs} ms` : '';
  const reason = `${user ? 'wrong password' : 'unknown user'}${lockedUntil ? ', address locked' : ''}${delayed}`;
  return { ok: false, reason, err: lockedUntil ? lockedError(lockedUntil) : wrong() };
}

/**
 * POST /user/login/: captcha, then password decryption, then the account. Unknown user and
 * wrong password answer alike, in the same time (a hash is verified either way). Every
 * refusal leaves a 'login_failed' audit row with its reason; never the password.
 */
export async function passwordLogin(
  app: FastifyInstance,
  req: FastifyRequest,
  body: LoginBody,
  captchaId: string | undefined,
): Promise<LoginAnswer> {
  const wantAdmin = String(body.is_admin) === '1';
  const username = body.username.trim();
  const refuse = async (reason: string, err: AppError, user?: UserRow) => {
    await audit(app.db, {
      action: 'login_failed',
      result: 'fail',
      actorId: user?.id ?? null,
      actorName: username.slice(0, 64),
      detail: `${reason}${wantAdmin ? ' (admin)' : ''}`,
      ip: req.ip,
    });
    return err;
  };

  const sso = await getSsoConfig(app.db);
  // The back office's promise: administrators sign in only on SSO_ADMIN_HOST, when one is set.
  if (wantAdmin && !isAdminHost(sso, req)) throw await refuse('admin sign-in outside the admin host', adminHostError());
  // Single sign-on without a back door: no password sign-in at all, but for the break-glass
  // window an operator opened on the server for one administrator (./sso/break-glass.ts).
  let breakGlass = false;
  if (sso.kind !== 'none' && !sso.retainBackDoor) {
    breakGlass = wantAdmin && (await breakGlassOpenFor(app.db, username));
    if (!breakGlass)
      throw await refuse(
        'password sign-in closed (SSO)',
        new AppError(Codes.passwordSignInClosed, 403, PASSWORD_SIGN_IN_CLOSED),
      );
  }

  try {
    await verifyCaptcha(app.db, captchaId, body.code);
  } catch (e) {
    throw e instanceof AppError ? await refuse(`captcha ${e.code}`, e) : e;
  }
  let password: string;
  try {
    password = await decryptPassword(app, body.password);
  } catch (e) {
    throw e instanceof AppError ? await refuse('password not decryptable', e) : e;
  }

  const found = await findUserByUsername(app.db, username);
  const checked = await checkPassword(app, username, req.ip, found, password, badCredentials);
  if (!checked.ok) throw await refuse(checked.reason, checked.err, found);
  const user = checked.user;
  // Checked only after the password, so these answers tell nothing to someone without it.
  if (user.status !== 'active')
    throw await refuse('account disabled', new AppError(Codes.accountDisabled, 403, '账号已停用，请联系管理员'), user);
  if (wantAdmin && user.isAdmin !== 1)
    throw await refuse('not an administrator', new AppError(Codes.noPermission, 403, '该账号不是管理员账号'), user);
  if (!wantAdmin && user.isAdmin === 1)
    throw await refuse('administrator on user login', badInput('管理员请使用管理员登录'), user);

  return issueLogin(app, req, user, { asAdmin: wantAdmin, to: body.to, via: breakGlass ? 'break-glass' : 'password' });
}

/** POST /user/login/login_out/: a missing or dead token is already logged out. */
export async function logout(app: FastifyInstance, req: FastifyRequest): Promise<{ logout_url: string }> {
  const auth = req.auth;
  let idToken: string | null = null;
  if (auth) {
    idToken = await app.db.transaction().execute(async (trx) => {
      const kept = await takeIdToken(trx, auth.tokenHash);
      await revokeSession(trx, auth.tokenHash);
      await audit(trx, { action: 'logout', result: 'ok', actorId: auth.userId, actorName: auth.username, ip: req.ip });
      return kept;
    });
  }
  // Back to the sign-in page of the side the session was on.
  const page = auth?.isAdmin ? 'loginAdmin' : auth ? 'login' : undefined;
  return { logout_url: await ssoLogoutUrl(app, req, page, undefined, idToken) };
}

export const SSO_ONLY_NO_PASSWORD = '该账号通过统一身份认证登录，没有本站密码，请在统一身份认证平台修改密码';

/**
 * The signed-in user's current row, for the password checks of change_pwd and check_user; an
 * SSO-only account (no password here, ./sso/provision.ts) is refused with 0x00000039.
 */
async function currentUser(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthContext,
  action: string,
): Promise<UserRow> {
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw new AppError(Codes.notAuthenticated, 401, '登录已失效，请重新登录');
  if (isSsoOnly(user)) {
    await audit(app.db, {
      action,
      result: 'fail',
      actorId: user.id,
      actorName: user.username,
      detail: 'SSO-only account: no password here',
      ip: req.ip,
    });
    throw new AppError(Codes.ssoOnlyAccount, 403, SSO_ONLY_NO_PASSWORD);
  }
  return user;
}

/**
 * POST /user/api/v1.user/change_pwd/: the old password must verify (a wrong one counts toward
 * the lockout), the new one must meet the policy and differ. Every other session of the user
 * ends; this one stays.
 */
export async function changePassword(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthContext,
  encOld: string,
  encNew: string,
): Promise<void> {
  const user = await currentUser(app, req, auth, 'password_change_failed');
  const oldPwd = await decryptPassword(app, encOld);
  const newPwd = await decryptPassword(app, encNew);
  const checked = await checkPassword(app, user.username, req.ip, user, oldPwd, () => badInput('原密码错误'));
  if (!checked.ok) {
    await audit(app.db, {
      action: 'password_change_failed',
      result: 'fail',
      actorId: user.id,
      actorName: user.username,
      detail: `old password: ${checked.reason}`,
      ip: req.ip,
    });
    throw checked.err;
  }
  if (!isStrongPassword(newPwd)) throw badInput(PASSWORD_POLICY_TEXT);
  if (newPwd === oldPwd) throw badInput('新密码不能与原密码相同');
  const hash = await hashPassword(newPwd);
  await app.db.transaction().execute(async (trx) => {
    await updatePassword(trx, user.id, hash, Date.now());
    await revokeUserSessions(trx, user.id, auth.tokenHash);
    await audit(trx, {
      action: 'password_changed',
      result: 'ok',
      actorId: user.id,
      actorName: user.username,
      ip: req.ip,
    });
  });
}

/** POST /user/api/v1.user/check_user/: re-confirm the password; a wrong one counts toward the lockout like a sign-in's. */
export async function checkUserPassword(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthContext,
  encPassword: string,
): Promise<{ valid: true }> {
  const user = await currentUser(app, req, auth, 'password_check_failed');
  const password = await decryptPassword(app, encPassword);
  const checked = await checkPassword(app, user.username, req.ip, user, password, () => badInput('密码错误'));
  if (!checked.ok) {
    await audit(app.db, {
      action: 'password_check_failed',
      result: 'fail',
      actorId: user.id,
      actorName: user.username,
      detail: checked.reason,
      ip: req.ip,
    });
    throw checked.err;
  }
  return { valid: true };
}

/** Today in the server's time zone, YYYY-MM-DD. */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export async function countVisit(app: FastifyInstance): Promise<{ day: string; count: number }> {
  const day = today();
  return { day, count: await incrementVisit(app.db, day) };
}
