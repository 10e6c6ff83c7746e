import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '@/shared/errors';
import { AppError } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { revokeSession } from '@/server/identity/sessions';
import { parseLogoutRequest } from './cas';
import { OidcFailure, verifyLogoutToken } from './oidc';
import { sessionsOfOidc, sessionsOfTicket, unlinkSessions } from './session-links';
import { getSsoConfig } from './sso-config';

/**
 * Sign-outs the identity provider starts (the user signed out there, or in another application):
 * OIDC back-channel logout and CAS single logout end the portal sessions of that sign-in
 * (./session-links.ts), in one transaction with their audit row.
 */
async function endSessions(
  app: FastifyInstance,
  req: FastifyRequest,
  hashes: string[],
  detail: string,
): Promise<number> {
  if (!hashes.length) return 0;
  await app.db.transaction().execute(async (trx) => {
    for (const h of hashes) await revokeSession(trx, h);
    await unlinkSessions(trx, hashes);
    await audit(trx, {
      action: 'logout',
      result: 'ok',
      actorId: null,
      actorName: null,
      detail: `${detail}: ${hashes.length} session(s) ended`,
      ip: req.ip,
    });
  });
  return hashes.length;
}

/** POST /user/login/backchannel_logout/ (OIDC Back-Channel Logout 1.0): `logout_token` from the provider. */
export async function backchannelLogout(
  app: FastifyInstance,
  req: FastifyRequest,
  logoutToken: string,
): Promise<{ ended: number }> {
  const config = await getSsoConfig(app.db);
  if (config.kind !== 'oidc' || !config.oidc) throw new AppError(Codes.inputError, 400, '未启用 OIDC 单点登录');
  let who: Awaited<ReturnType<typeof verifyLogoutToken>>;
  try {
    who = await verifyLogoutToken(config.oidc, logoutToken);
  } catch (e) {
    if (!(e instanceof OidcFailure)) throw e;
    req.log.warn({ reason: e.message }, 'back-channel logout refused');
    throw new AppError(Codes.inputError, 400, e.message);
  }
  // With a sid, that provider session only (both if the token names sid and sub).
  const hashes = await sessionsOfOidc(app.db, who.issuer, { sid: who.sid, sub: who.sub });
  return { ended: await endSessions(app, req, hashes, `oidc back-channel logout${who.sid ? ' (sid)' : ' (sub)'}`) };
}

/**
 * POST /login, /loginAdmin (the CAS service URLs) with `logoutRequest`: CAS single logout. The
 * session the named service ticket signed in ends; an unknown ticket ends nothing.
 */
export async function casSingleLogout(
  app: FastifyInstance,
  req: FastifyRequest,
  logoutRequest: string,
): Promise<{ ended: number }> {
  const config = await getSsoConfig(app.db);
  if (config.kind !== 'cas') throw new AppError(Codes.inputError, 400, '未启用 CAS 单点登录');
  const ticket = parseLogoutRequest(logoutRequest);
  if (!ticket) throw new AppError(Codes.inputError, 400, 'logoutRequest 不是 CAS 注销请求');
  return { ended: await endSessions(app, req, await sessionsOfTicket(app.db, ticket), 'cas single logout') };
}
