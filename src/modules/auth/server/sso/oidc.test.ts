import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createPgSchema, dropPgSchema, usePostgres, type TestApp } from '@/server/test/helper';
import { resolveSession } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import { putSsoConfig, DEFAULT_SSO_CONFIG } from './sso-config';

const ORIGIN = 'http://portal.example.edu';
const headers = { host: 'portal.example.edu' };
const CLIENT = { id: 'campus-portal', secret: 'portal-client-secret' };
// Accounts at the provider: the subject differs from the user name, so the test proves
// preferred_username is what names the account here.
const ACCOUNTS: Record<string, string> = { 'sub-1001': 'teacher', 'sub-0001': 'admin', 'sub-9999': 'stranger' };

/** A real OpenID provider on loopback, with a confidential client and the dev login/consent pages. */
async function startProvider() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${ORIGIN}/login`, `${ORIGIN}/loginAdmin`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: async (_ctx, sub) =>
      ACCOUNTS[sub] ? { accountId: sub, claims: async () => ({ sub, preferred_username: ACCOUNTS[sub] }) } : undefined,
    claims: { openid: ['sub'], profile: ['preferred_username'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-cookie-key'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Drives the browser's part: follows redirects with a cookie jar and submits the dev login and consent forms. */
async function authorize(authUrl: string, loginAs: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = authUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    remember(res);
    method = 'GET';
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === ORIGIN) return next; // back at the portal with code and state
      url = next.toString();
      continue;
    }
    const html = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    method = 'POST';
    body =
      prompt === 'login'
        ? new URLSearchParams({ prompt, login: loginAs, password: 'unused' }).toString()
        : new URLSearchParams({ prompt }).toString();
  }
  throw new Error('authorization did not come back to the portal');
}

describe('OpenID Connect single sign-on against a real provider', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let app: TestApp;

  beforeAll(async () => {
    provider = await startProvider();
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });
  beforeEach(async () => {
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'oidc',
      oidc: { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUri: '' },
      retainBackDoor: false,
    });
  });

  const signInUrl = async (page?: 'login' | 'loginAdmin') => {
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers,
      payload: page ? { page } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it("offers an authorization URL with state, nonce and PKCE for this site's sign-in page", async () => {
    const urls = await signInUrl();
    expect(urls).toMatchObject({ cas_enable: 1, sso_kind: 'oidc', retain_back_door: 0 });
    const u = new URL(urls.sso_login_url);
    expect(u.origin).toBe(provider.issuer);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: `${ORIGIN}/login`,
      scope: 'openid profile',
      code_challenge_method: 'S256',
    });
    expect(u.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(u.searchParams.get('nonce')!.length).toBeGreaterThanOrEqual(32);
  });

  it('exchanges a real authorization code for a working session of the seeded teacher', async () => {
    const back = await authorize((await signInUrl()).sso_login_url, 'sub-1001');
    expect(back.pathname).toBe('/login');
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const res = await app.inject({
      method: 'GET',
      url: `/user/login/?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}&to=/web/userCenter/myHomepage`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ is_admin: 0, to: '/web/userCenter/myHomepage', user_info: { username: 'teacher' } });
    expect(await resolveSession(app.db, app.config, data.Authorization)).toMatchObject({ username: 'teacher' });
    const check = await app.inject({
      method: 'POST',
      url: '/user/api/v1.user/check_user_is_login/',
      headers: { authorization: data.Authorization },
    });
    expect(check.json().data.is_login).toBe(true);

    // A code and state are good for one sign-in only.
    const again = await app.inject({
      method: 'GET',
      url: `/user/login/?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
      headers,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().errorCode).toBe(Codes.notAuthenticated);
  });

  it('refuses a tampered code and tells why', async () => {
    const back = await authorize((await signInUrl()).sso_login_url, 'sub-1001');
    const res = await app.inject({
      method: 'GET',
      url: `/user/login/?code=${encodeURIComponent(`${back.searchParams.get('code')}x`)}&state=${encodeURIComponent(back.searchParams.get('state')!)}`,
      headers,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: Codes.notAuthenticated, data: null });
    expect(res.json().message).toMatch(/^单点登录失败：授权码无效（invalid_grant/);
  });

  it("refuses an unknown state, so a code cannot be injected into someone else's sign-in", async () => {
    const back = await authorize((await signInUrl()).sso_login_url, 'sub-1001');
    const res = await app.inject({
      method: 'GET',
      url: `/user/login/?code=${encodeURIComponent(back.searchParams.get('code')!)}&state=forged-state`,
      headers,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('单点登录失败：登录请求已过期或已使用，请重新登录');
  });

  it('refuses a provider account that has no account here', async () => {
    const back = await authorize((await signInUrl()).sso_login_url, 'sub-9999');
    const res = await app.inject({
      method: 'GET',
      url: `/user/login/?code=${encodeURIComponent(back.searchParams.get('code')!)}&state=${encodeURIComponent(back.searchParams.get('state')!)}`,
      headers,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('单点登录失败：账号 stranger 不存在或已停用');
  });

  it('signs an administrator into the back office through admin_login, and refuses a non-administrator there', async () => {
    const back = await authorize((await signInUrl('loginAdmin')).sso_login_url, 'sub-0001');
    expect(back.pathname).toBe('/loginAdmin');
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/admin_login/',
      headers,
      payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_admin: 1, user_info: { username: 'admin' } });

    const t = await authorize((await signInUrl('loginAdmin')).sso_login_url, 'sub-1001');
    const refused = await app.inject({
      method: 'POST',
      url: '/user/login/admin_login/',
      headers,
      payload: { code: t.searchParams.get('code'), state: t.searchParams.get('state') },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(Codes.noPermission);
  });

  // Several app servers on one PostgreSQL: the pending authorization lives in the database.
  it.runIf(usePostgres())('completes on one server a sign-in that started on another', async () => {
    const schema = await createPgSchema();
    const a = await buildTestApp({ pgSchema: schema });
    const b = await buildTestApp({ pgSchema: schema });
    try {
      await putSsoConfig(a.db, {
        ...DEFAULT_SSO_CONFIG,
        kind: 'oidc',
        oidc: { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUri: '' },
      });
      const started = await a.inject({ method: 'POST', url: '/user/login/get_urls/', headers });
      const back = await authorize(started.json().data.sso_login_url, 'sub-1001');
      const res = await b.inject({
        method: 'GET',
        url: `/user/login/?code=${encodeURIComponent(back.searchParams.get('code')!)}&state=${encodeURIComponent(back.searchParams.get('state')!)}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user_info.username).toBe('teacher');
    } finally {
      await a.close();
      await b.close();
      await dropPgSchema(schema);
    }
  });

  it('refuses an id_token meant for another client (wrong client secret never gets one)', async () => {
    const back = await authorize((await signInUrl()).sso_login_url, 'sub-1001');
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'oidc',
      oidc: { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: 'wrong', redirectUri: '' },
    });
    const res = await app.inject({
      method: 'GET',
      url: `/user/login/?code=${encodeURIComponent(back.searchParams.get('code')!)}&state=${encodeURIComponent(back.searchParams.get('state')!)}`,
      headers,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/invalid_client/);
  });
});
