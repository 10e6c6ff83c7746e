import { constants, publicEncrypt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import qs from 'qs';
import type { Envelope } from '@/shared/envelope';
import type { LoginAnswer, PublicKeyAnswer } from '../contract';

/**
 * Sign-in as a browser does it, through app.inject: fetch a captcha (its `cid` cookie), fetch
 * the public key, encrypt the password with RSA-OAEP-SHA-256 and post the form. The test
 * configuration fixes the captcha answer to 'TEST'. Shared with e2e and bench helpers.
 */
export const TEST_CAPTCHA_CODE = 'TEST';

/** GET the captcha; answers the `cid` cookie value (optionally sending a previous one, from a given address). */
export async function fetchCaptchaId(
  app: FastifyInstance,
  previousId?: string,
  remoteAddress?: string,
): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/user/login/get_code/?r=${Math.random()}`,
    cookies: previousId ? { cid: previousId } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  const cookie = res.cookies.find((c) => c.name === 'cid');
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`get_code failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return cookie.value;
}

export async function fetchPublicKey(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/user/commonInterface/get_public_key/' });
  return (res.json() as Envelope<PublicKeyAnswer>).data.public_key;
}

/** What jsencrypt's encryptOAEP sends: RSA-OAEP-SHA-256 of the UTF-8 bytes, base64. */
export function encryptPassword(publicKeyPem: string, plain: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain, 'utf8'),
  ).toString('base64');
}

export interface LoginAttempt {
  username: string;
  password: string;
  isAdmin?: boolean;
  code?: string;
  to?: string;
  /** Use this captcha id instead of fetching one; null sends no cookie. */
  cid?: string | null;
  /** Send the password as is (not encrypted). */
  plaintext?: boolean;
  headers?: Record<string, string>;
  /** The client address the server sees (default 127.0.0.1). */
  remoteAddress?: string;
}

export function formBody(fields: Record<string, unknown>): string {
  return qs.stringify(fields);
}

/** POST /user/login/ the way the login page does; answers the raw response. */
export async function attemptLogin(app: FastifyInstance, a: LoginAttempt): Promise<LightMyRequestResponse> {
  const cid = a.cid === undefined ? await fetchCaptchaId(app, undefined, a.remoteAddress) : a.cid;
  const password = a.plaintext ? a.password : encryptPassword(await fetchPublicKey(app), a.password);
  return app.inject({
    method: 'POST',
    url: '/user/login/',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(a.headers ?? {}) },
    cookies: cid ? { cid } : {},
    ...(a.remoteAddress ? { remoteAddress: a.remoteAddress } : {}),
    payload: formBody({
      is_admin: a.isAdmin ? 1 : 0,
      username: a.username,
      password,
      code: a.code ?? TEST_CAPTCHA_CODE,
      ...(a.to !== undefined ? { to: a.to } : {}),
    }),
  });
}

/** Sign in and answer the login data; throws with the server's message when it fails. */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  password: string,
  isAdmin = false,
  remoteAddress?: string,
): Promise<LoginAnswer> {
  const res = await attemptLogin(app, { username, password, isAdmin, ...(remoteAddress ? { remoteAddress } : {}) });
  const body = res.json() as Envelope<LoginAnswer>;
  if (body.errorCode !== '0x00000000')
    throw new Error(`login of ${username} failed: ${body.errorCode} ${body.message}`);
  return body.data;
}

/** POST a form to a route with a token (change_pwd, check_user…). */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, unknown>,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    payload: formBody(fields),
  });
}
