import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createPgSchema, dropPgSchema, usePostgres, type TestApp } from '@/server/test/helper';
import { resolveSession } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import { putSsoConfig, DEFAULT_SSO_CONFIG } from './sso-config';
import { SSO_BROWSER_COOKIE } from './browser-binding';
import { ADMIN_HOST_ONLY, OTHER_BROWSER } from './service';

const ORIGIN = 'http://portal.example.edu';
const headers = { host: 'portal.example.edu' };
const CLIENT = { id: 'campus-portal', secret: 'portal-client-secret' };
// Accounts at the provider: the subject differs from the user name, so the test proves
// preferred_username is what names the account here.
const ACCOUNTS: Record<string, string> = { 'sub-1001': 'teacher', 'sub-0001': 'admin', 'sub-9999': 'stranger' };
/** The university's staff number (工号), a claim of its own at the provider. */
const EMPLOYEE_NO: Record<string, string> = { 'sub-1001': 'T2026001' };

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
        redirect_uris: [`${ORIGIN}/login`, `${ORIGIN}/loginAdmin`, 'http://admin.example.edu/loginAdmin'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        post_logout_redirect_uris: [`${ORIGIN}/login`, `${ORIGIN}/loginAdmin`],
      },
    ],
    findAccount: async (_ctx, sub) =>
      ACCOUNTS[sub]
        ? {
            accountId: sub,
            claims: async () => ({
              sub,
              preferred_username: ACCOUNTS[sub],
              ...(EMPLOYEE_NO[sub] ? { employee_no: EMPLOYEE_NO[sub] } : {}),
            }),
          }
        : undefined,
    claims: { openid: ['sub'], profile: ['preferred_username', 'employee_no'] },
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
      if (next.origin !== new URL(authUrl).origin) return next; // back at the portal with code and state
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

  /** The browser opens a sign-in page: the provider address get_urls gives, and the cookie it sets. */
  const start = async (page?: 'login' | 'loginAdmin', to?: string, on: TestApp = app) => {
    const res = await on.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers,
      payload: { start: true, ...(page ? { page } : {}), ...(to ? { to } : {}) },
    });
    expect(res.statusCode).toBe(200);
    const set = res.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)!;
    return { urls: res.json().data, url: res.json().data.sso_login_url as string, cookie: set.value, set };
  };
  const signInUrl = async (page?: 'login' | 'loginAdmin') => (await start(page)).urls;
  /** The sign-in page hands the provider's return to the server (GET /user/login/ or admin_login). */
  const finish = (back: URL, cookie: string | undefined, opts: { admin?: boolean; to?: string; on?: TestApp } = {}) => {
    const grant: Record<string, string> = {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      ...(opts.to ? { to: opts.to } : {}),
    };
    const cookies: Record<string, string> = cookie ? { [SSO_BROWSER_COOKIE]: cookie } : {};
    const on = opts.on ?? app;
    if (opts.admin)
      return on.inject({ method: 'POST', url: '/user/login/admin_login/', headers, payload: grant, cookies });
    return on.inject({ method: 'GET', url: `/user/login/?${new URLSearchParams(grant)}`, headers, cookies });
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
    const flow = await start();
    expect(flow.set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/user/login/' });
    expect(flow.set.secure).toBeFalsy(); // plain HTTP here; Secure when the request is HTTPS
    const back = await authorize(flow.url, 'sub-1001');
    expect(back.pathname).toBe('/login');
    const res = await finish(back, flow.cookie, { to: '/web/userCenter/myHomepage' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ is_admin: 0, to: '/web/userCenter/myHomepage', user_info: { username: 'teacher' } });
    expect(await resolveSession(app.db, app.config, data.Authorization)).toMatchObject({ username: 'teacher' });
    expect(res.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)).toMatchObject({ value: '' });
    const check = await app.inject({
      method: 'POST',
      url: '/user/api/v1.user/check_user_is_login/',
      headers: { authorization: data.Authorization },
    });
    expect(check.json().data.is_login).toBe(true);

    // A code and state are good for one sign-in only.
    const again = await finish(back, flow.cookie);
    expect(again.statusCode).toBe(401);
    expect(again.json().errorCode).toBe(Codes.notAuthenticated);
  });

  it('refuses a return link opened in another browser (login CSRF) and still lets the starting browser finish', async () => {
    // Browser A (the attacker) starts a sign-in and stops at the provider's return link.
    const a = await start();
    const back = await authorize(a.url, 'sub-1001');
    // Browser B opens it: without a cookie, or with its own from having opened /login itself.
    const b = await start();
    for (const cookie of [undefined, b.cookie]) {
      const res = await finish(back, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: Codes.ssoOtherBrowser, message: OTHER_BROWSER, data: null });
    }
    const row = await app.db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'login_failed')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(row?.detail).toBe('oidc: started in another browser');
    expect((await finish(back, a.cookie)).json().data.user_info.username).toBe('teacher');
  });

  it('keeps one browser secret across sign-in pages, so a second get_urls does not spoil the first flow', async () => {
    const first = await start();
    const second = await start(undefined, undefined);
    expect(second.cookie).not.toBe(first.cookie); // no cookie sent: a new browser
    const again = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers,
      payload: { start: true },
      cookies: { [SSO_BROWSER_COOKIE]: first.cookie },
    });
    expect(again.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)?.value).toBe(first.cookie);
    const back = await authorize(first.url, 'sub-1001');
    expect((await finish(back, first.cookie)).statusCode).toBe(200);
  });

  it('refuses a tampered code and tells why', async () => {
    const flow = await start();
    const back = await authorize(flow.url, 'sub-1001');
    back.searchParams.set('code', `${back.searchParams.get('code')}x`);
    const res = await finish(back, flow.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: Codes.notAuthenticated, data: null });
    expect(res.json().message).toMatch(/^单点登录失败：授权码无效（invalid_grant/);
  });

  it("refuses an unknown state, so a code cannot be injected into someone else's sign-in", async () => {
    const flow = await start();
    const back = await authorize(flow.url, 'sub-1001');
    back.searchParams.set('state', 'forged-state');
    const res = await finish(back, flow.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('单点登录失败：登录请求已过期或已使用，请重新登录');
  });

  it('refuses a provider account that has no account here', async () => {
    const flow = await start();
    const back = await authorize(flow.url, 'sub-9999');
    const res = await finish(back, flow.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('单点登录失败：账号 stranger 不存在或已停用');
  });

  it('signs an administrator into the back office through admin_login, and refuses a non-administrator there', async () => {
    const flow = await start('loginAdmin');
    const back = await authorize(flow.url, 'sub-0001');
    expect(back.pathname).toBe('/loginAdmin');
    const res = await finish(back, flow.cookie, { admin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_admin: 1, user_info: { username: 'admin' } });

    const t = await start('loginAdmin');
    const refused = await finish(await authorize(t.url, 'sub-1001'), t.cookie, { admin: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(Codes.noPermission);
  });

  it('keeps the side and the deep link with the state when SSO_OIDC_REDIRECT_URI sends every return to /login', async () => {
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'oidc',
      oidc: {
        issuer: provider.issuer,
        clientId: CLIENT.id,
        clientSecret: CLIENT.secret,
        redirectUri: `${ORIGIN}/login`,
      },
      retainBackDoor: false,
    });
    const flow = await start('loginAdmin', '/cms/userManage');
    expect(new URL(flow.url).searchParams.get('redirect_uri')).toBe(`${ORIGIN}/login`);
    const back = await authorize(flow.url, 'sub-0001');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.has('to')).toBe(false);
    // /login hands it to the users' exchange; the server knows it was an administrator's sign-in.
    const res = await finish(back, flow.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_admin: 1, to: '/cms/userManage', user_info: { username: 'admin' } });
    expect(await resolveSession(app.db, app.config, res.json().data.Authorization)).toMatchObject({ isAdmin: true });
  });

  it('keeps a deep link only when it is a path of this site', async () => {
    const flow = await start('login', 'https://evil.example.com/');
    const res = await finish(await authorize(flow.url, 'sub-1001'), flow.cookie);
    expect(res.json().data).toMatchObject({ to: '', user_info: { username: 'teacher' } });
  });

  it('refuses an administrator on the users’ side, as the password path does', async () => {
    const flow = await start('login');
    const res = await finish(await authorize(flow.url, 'sub-0001'), flow.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '管理员请使用管理员登录' });
  });

  it('signs administrators in by SSO only on the admin host when one is set', async () => {
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'oidc',
      oidc: { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUri: '' },
      retainBackDoor: false,
      adminHost: 'admin.example.edu',
    });
    const flow = await start('loginAdmin');
    const back = await authorize(flow.url, 'sub-0001');
    const res = await finish(back, flow.cookie, { admin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: Codes.adminHostOnly, message: ADMIN_HOST_ONLY });

    // The same administrator through the admin host (its own redirect URI registered at the provider).
    const adminHeaders = { host: 'admin.example.edu' };
    const started = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers: adminHeaders,
      payload: { page: 'loginAdmin', start: true },
    });
    const url = new URL(started.json().data.sso_login_url);
    expect(url.searchParams.get('redirect_uri')).toBe('http://admin.example.edu/loginAdmin');
    const cookie = started.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)!.value;
    const there = await authorize(url.toString(), 'sub-0001');
    expect(there.origin).toBe('http://admin.example.edu');
    const ok = await app.inject({
      method: 'POST',
      url: '/user/login/admin_login/',
      headers: adminHeaders,
      payload: { code: there.searchParams.get('code'), state: there.searchParams.get('state') },
      cookies: { [SSO_BROWSER_COOKIE]: cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ is_admin: 1, user_info: { username: 'admin' } });
  });

  it('signs out at the provider with id_token_hint and comes back to the portal’s sign-in page', async () => {
    const flow = await start();
    const signedIn = await finish(await authorize(flow.url, 'sub-1001'), flow.cookie);
    const token = signedIn.json().data.Authorization;
    const out = await app.inject({
      method: 'POST',
      url: '/user/login/login_out/',
      headers: { ...headers, authorization: token },
    });
    const url = new URL(out.json().data.logout_url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.id);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/login`);
    const hint = url.searchParams.get('id_token_hint')!;
    const claims = JSON.parse(Buffer.from(hint.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'sub-1001', aud: CLIENT.id, iss: provider.issuer });
    expect(await resolveSession(app.db, app.config, token)).toBeNull();

    // The provider accepts the hint and the return address: it asks to confirm, then sends the browser back.
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf).toBeTruthy();
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const confirm = await fetch(new URL(action!, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirm.headers.get('location')).toBe(`${ORIGIN}/login`);

    // Without a session there is no hint to give, but the way back is the same.
    const again = await app.inject({ method: 'POST', url: '/user/login/login_out/', headers });
    const bare = new URL(again.json().data.logout_url);
    expect(bare.searchParams.has('id_token_hint')).toBe(false);
    expect(bare.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/login`);
  });

  it('matches the account on 学号/工号 from a claim the back office names', async () => {
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'oidc',
      oidc: { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUri: '' },
      match: { field: 'userNo', claim: 'employee_no' },
    });
    const before = await app.db
      .selectFrom('appUser')
      .select('userNo')
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    await app.db.updateTable('appUser').set({ userNo: 'T2026001' }).where('username', '=', 'teacher').execute();
    try {
      const flow = await start();
      const res = await finish(await authorize(flow.url, 'sub-1001'), flow.cookie);
      expect(res.json().data.user_info).toMatchObject({ username: 'teacher', user_no: 'T2026001' });

      // A provider account without that claim is refused, naming who tried.
      const other = await start();
      const refused = await finish(await authorize(other.url, 'sub-9999'), other.cookie);
      expect(refused.json().message).toBe('单点登录失败：身份提供方未提供 employee_no（用户 stranger）');
      const row = await app.db
        .selectFrom('auditLog')
        .select(['actorName', 'detail'])
        .where('action', '=', 'login_failed')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      expect(row).toEqual({ actorName: 'stranger', detail: 'oidc: 身份提供方未提供 employee_no（用户 stranger）' });
    } finally {
      await app.db.updateTable('appUser').set({ userNo: before.userNo }).where('username', '=', 'teacher').execute();
    }
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
      const started = await start(undefined, undefined, a);
      const back = await authorize(started.url, 'sub-1001');
      const res = await finish(back, started.cookie, { on: b });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user_info.username).toBe('teacher');
    } finally {
      await a.close();
      await b.close();
      await dropPgSchema(schema);
    }
  });

  it('refuses an id_token meant for another client (wrong client secret never gets one)', async () => {
    const flow = await start();
    const back = await authorize(flow.url, 'sub-1001');
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'oidc',
      oidc: { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: 'wrong', redirectUri: '' },
    });
    const res = await finish(back, flow.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/invalid_client/);
  });
});
