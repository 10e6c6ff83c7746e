import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATE_TTL_MS } from './repository';

/**
 * Ties a single sign-on round trip to the browser that started it (login CSRF): get_urls gives
 * the browser a random secret in an httpOnly, SameSite=Lax cookie and stores only its hash with
 * the pending sign-in; the return is honoured only with the same cookie. One secret per browser,
 * kept while it lives: the sign-in page asks get_urls again when it comes back with a grant, and
 * that must not spoil the flow being finished.
 */
export const SSO_BROWSER_COOKIE = 'sso_browser';
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

const cookieOptions = (req: FastifyRequest) => ({
  // Sent only to get_urls and the two exchange routes.
  path: '/user/login/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: req.protocol === 'https',
});

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The hash to store with a new pending sign-in; sets (or refreshes) this browser's cookie. */
export function bindBrowser(req: FastifyRequest, reply: FastifyReply): string {
  const have = req.cookies[SSO_BROWSER_COOKIE];
  const secret = have && WELL_FORMED.test(have) ? have : randomBytes(32).toString('base64url');
  reply.setCookie(SSO_BROWSER_COOKIE, secret, { ...cookieOptions(req), maxAge: STATE_TTL_MS / 1000 });
  return hashOf(secret);
}

/** Whether this request comes from the browser whose hash was stored. */
export function sameBrowser(req: FastifyRequest, storedHash: string | undefined): boolean {
  const have = req.cookies[SSO_BROWSER_COOKIE];
  if (!have || !WELL_FORMED.test(have) || !storedHash) return false;
  const a = Buffer.from(hashOf(have), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** After a completed sign-in the secret has done its job. */
export function clearBrowserBinding(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SSO_BROWSER_COOKIE, cookieOptions(req));
}
