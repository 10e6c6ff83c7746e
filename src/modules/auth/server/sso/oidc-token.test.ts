import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, OidcFailure } from './oidc';

/**
 * The id_token checks, one by one, against a loopback provider whose token endpoint answers
 * whatever token a test prepares (a real provider never sends a bad one on purpose).
 */
const CLIENT = { clientId: 'portal', clientSecret: 's3cret:with/odd chars' };
let base = '';
let signingKey: CryptoKey;
let publishedKey: CryptoKey;
let strangerKey: CryptoKey;
let nextToken: () => Promise<string>;
let lastTokenRequest: { authorization?: string; body: URLSearchParams } | null = null;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', base);
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/.well-known/openid-configuration') {
    return json(200, {
      issuer: base,
      authorization_endpoint: `${base}/auth`,
      token_endpoint: `${base}/token`,
      jwks_uri: `${base}/jwks`,
    });
  }
  if (url.pathname === '/mismatch/.well-known/openid-configuration') {
    return json(200, {
      issuer: 'https://evil.example',
      authorization_endpoint: `${base}/auth`,
      token_endpoint: `${base}/token`,
      jwks_uri: `${base}/jwks`,
    });
  }
  if (url.pathname === '/jwks') {
    void exportJWK(publishedKey).then((jwk) => json(200, { keys: [{ ...jwk, kid: 'k1', alg: 'ES256', use: 'sig' }] }));
    return;
  }
  if (url.pathname === '/token' && req.method === 'POST') {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      lastTokenRequest = { authorization: req.headers.authorization, body: new URLSearchParams(raw) };
      void nextToken().then((id_token) => json(200, { access_token: 'at', token_type: 'Bearer', id_token }));
    });
    return;
  }
  json(404, {});
});

const NONCE = 'the-nonce';
const claims = (over: Record<string, unknown> = {}) => ({
  sub: 'sub-1',
  preferred_username: 'teacher',
  nonce: NONCE,
  ...over,
});
const sign = (
  c: Record<string, unknown>,
  o: { key?: CryptoKey; iss?: string; aud?: string | string[]; exp?: string | number } = {},
) =>
  new SignJWT(c)
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(o.iss ?? base)
    .setAudience(o.aud ?? CLIENT.clientId)
    .setIssuedAt()
    .setExpirationTime(o.exp ?? '5m')
    .sign(o.key ?? signingKey);

const exchange = (issuer = base) =>
  exchangeCode(
    { issuer, ...CLIENT },
    { code: 'the-code', redirectUri: 'http://portal/login', codeVerifier: 'v'.repeat(43), nonce: NONCE },
  );

beforeAll(async () => {
  ({ privateKey: signingKey, publicKey: publishedKey } = await generateKeyPair('ES256'));
  ({ privateKey: strangerKey } = await generateKeyPair('ES256'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('OIDC code exchange and id_token checks', () => {
  it('authenticates with client_secret_basic, sends the PKCE verifier, and names the user by preferred_username', async () => {
    nextToken = () => sign(claims());
    expect((await exchange()).username).toBe('teacher');
    expect(lastTokenRequest!.authorization).toBe(
      `Basic ${Buffer.from(`portal:${encodeURIComponent(CLIENT.clientSecret)}`).toString('base64')}`,
    );
    expect(Object.fromEntries(lastTokenRequest!.body)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'http://portal/login',
      code_verifier: 'v'.repeat(43),
    });
  });

  it('falls back to sub when the token has no preferred_username', async () => {
    nextToken = () => sign(claims({ preferred_username: undefined }));
    expect((await exchange()).username).toBe('sub-1');
  });

  const refusals: [string, () => Promise<string>, RegExp][] = [
    ['signed by a key the provider does not publish', () => sign(claims(), { key: strangerKey }), /id_token 校验失败/],
    [
      'from another issuer',
      () => sign(claims(), { iss: 'https://evil.example' }),
      /id_token 校验失败（ERR_JWT_CLAIM_VALIDATION_FAILED/,
    ],
    [
      'for another client',
      () => sign(claims(), { aud: 'someone-else' }),
      /id_token 校验失败（ERR_JWT_CLAIM_VALIDATION_FAILED/,
    ],
    [
      'expired',
      () => sign(claims(), { exp: Math.floor(Date.now() / 1000) - 600 }),
      /id_token 校验失败（ERR_JWT_EXPIRED/,
    ],
    ['with another nonce (replayed from another sign-in)', () => sign(claims({ nonce: 'other' })), /nonce 不匹配/],
    [
      'for several audiences without naming us as azp',
      () => sign(claims(), { aud: [CLIENT.clientId, 'other'] }),
      /azp 不匹配/,
    ],
  ];
  for (const [what, token, message] of refusals) {
    it(`refuses an id_token ${what}`, async () => {
      nextToken = token;
      const err = await exchange().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OidcFailure);
      expect((err as Error).message).toMatch(message);
    });
  }

  it('refuses a provider whose discovery document names another issuer', async () => {
    nextToken = () => sign(claims());
    await expect(exchange(`${base}/mismatch`)).rejects.toThrow('身份提供方的 issuer 不一致');
  });
});
