import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { resolveSession } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import { SSO_BROWSER_COOKIE } from './browser-binding';
import { DEFAULT_SSO_CONFIG, putSsoConfig } from './sso-config';
import { idpBrowser, startTestIdp, TEST_CLIENT } from './test-idp';
import { loginAs } from '../test-login';

/**
 * Sign-outs the identity provider starts end the portal sessions of that sign-in: OIDC
 * back-channel logout from a real oidc-provider (the portal listens on loopback for it), CAS
 * single logout as a CAS server sends it.
 */
describe('OIDC back-channel logout', () => {
  let app: TestApp;
  let origin: string;
  let idp: Awaited<ReturnType<typeof startTestIdp>>;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    idp = await startTestIdp({
      accounts: { 'sub-1001': { preferred_username: 'teacher' }, 'sub-2002': { preferred_username: 'student' } },
      redirectUris: [`${origin}/login`],
      postLogoutRedirectUris: [`${origin}/login`],
      backchannelLogoutUri: `${origin}/user/login/backchannel_logout/`,
    });
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'oidc',
      oidc: { issuer: idp.issuer, clientId: TEST_CLIENT.id, clientSecret: TEST_CLIENT.secret, redirectUri: '' },
    });
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });

  const post = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body).toString(),
    });

  /** A browser signs in by OIDC: its provider cookies, the portal token. */
  async function ssoSignIn(subject: string) {
    const browser = idpBrowser();
    const started = await post('/user/login/get_urls/', { start: '1' });
    const cookie = started.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${SSO_BROWSER_COOKIE}=`))!;
    const back = await browser.authorize((await started.json()).data.sso_login_url, subject);
    const res = await fetch(`${origin}/user/login/?${back.searchParams}`, { headers: { cookie } });
    const body = await res.json();
    expect(body.errorCode).toBe(Codes.ok);
    return { browser, token: body.data.Authorization as string };
  }
  const isLoggedIn = async (token: string) =>
    (await post('/user/api/v1.user/check_user_is_login/', {}, { authorization: token }).then((r) => r.json())).data
      .is_login as boolean;

  it('ends the portal session when the user signs out at the provider, and only that one', async () => {
    const sso = await ssoSignIn('sub-1001');
    const other = await ssoSignIn('sub-2002');
    const password = (await loginAs(app, 'teacher', 'Teacher@2026')).Authorization;
    expect(await isLoggedIn(sso.token)).toBe(true);

    // Signing out at the provider (another application's logout button, say): its own end-session page.
    const discovery = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json();
    const end = new URL(discovery.end_session_endpoint);
    end.searchParams.set('client_id', TEST_CLIENT.id);
    end.searchParams.set('post_logout_redirect_uri', `${origin}/login`);
    const landed = await sso.browser.signOut(end.toString());
    expect(landed.toString()).toBe(`${origin}/login`);
    expect(idp.backchannelErrors).toEqual([]);

    expect(await isLoggedIn(sso.token)).toBe(false);
    expect(await resolveSession(app.db, app.config, sso.token)).toBeNull();
    // Another person's SSO session and the teacher's own password session live on.
    expect(await isLoggedIn(other.token)).toBe(true);
    expect(await isLoggedIn(password)).toBe(true);
    const row = await app.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('action', '=', 'logout')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.detail).toBe('oidc back-channel logout (sid): 1 session(s) ended');
  });

  it('ends every session of the subject when the token names no sid', async () => {
    const a = await ssoSignIn('sub-2002');
    const b = await ssoSignIn('sub-2002');
    const res = await post('/user/login/backchannel_logout/', {
      logout_token: await idp.signLogoutToken({ sub: 'sub-2002' }),
    });
    expect(res.status).toBe(200);
    // a and b, and the first test's other session of this person
    expect((await res.json()).data).toEqual({ ended: 3 });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await isLoggedIn(a.token)).toBe(false);
    expect(await isLoggedIn(b.token)).toBe(false);
  });

  it('refuses a logout token that breaks a rule of the specification, ending nothing', async () => {
    const sso = await ssoSignIn('sub-1001');
    const sid = (
      await app.db.selectFrom('ssoSession').select('sid').orderBy('createdAt', 'desc').executeTakeFirstOrThrow()
    ).sid!;
    const forged = [
      await idp.signLogoutToken({ sid }, { aud: 'another-client' }),
      await idp.signLogoutToken({ sid }, { iss: 'https://idp.evil.example' }),
      await idp.signLogoutToken({ sid, nonce: 'n' }),
      await idp.signLogoutToken({ sid, events: { 'urn:other-event': {} } }),
      await idp.signLogoutToken({}),
      // a valid token with its signature broken
      (await idp.signLogoutToken({ sid })).replace(/.{6}$/, 'AAAAAA'),
      'not-a-jwt',
    ];
    for (const logout_token of forged) {
      const res = await post('/user/login/backchannel_logout/', { logout_token });
      expect(res.status).toBe(400);
      expect((await res.json()).errorCode).toBe(Codes.inputError);
    }
    expect(await isLoggedIn(sso.token)).toBe(true);
    // The genuine one works.
    const ok = await post('/user/login/backchannel_logout/', { logout_token: await idp.signLogoutToken({ sid }) });
    expect((await ok.json()).data).toEqual({ ended: 1 });
    expect(await isLoggedIn(sso.token)).toBe(false);
  });
});

const logoutRequest = (ticket: string) =>
  `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-1" Version="2.0" IssueInstant="2026-11-24T08:00:00Z"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;

describe('CAS single logout', () => {
  let app: TestApp;
  let casUrl: string;
  const tickets = new Map<string, { user: string; service: string }>();
  const cas = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const t = tickets.get(url.searchParams.get('ticket') ?? '');
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      t && t.service === url.searchParams.get('service')
        ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${t.user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
        : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>`,
    );
  });
  const headers = { host: 'portal.example.edu' };

  beforeAll(async () => {
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', () => resolve()));
    casUrl = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`;
    app = await buildTestApp();
    await putSsoConfig(app.db, { ...DEFAULT_SSO_CONFIG, kind: 'cas', cas: { serverUrl: casUrl } });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => cas.close(() => resolve()));
  });

  async function casSignIn(user: string, ticket: string, page: 'login' | 'loginAdmin' = 'login') {
    const started = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers,
      payload: { page, start: true },
    });
    const service = new URL(started.json().data.sso_login_url).searchParams.get('service')!;
    const cookie = started.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)!.value;
    tickets.set(ticket, { user, service });
    const state = new URL(service).searchParams.get('state')!;
    const res = await app.inject({
      method: page === 'login' ? 'GET' : 'POST',
      url: page === 'login' ? `/user/login/?ticket=${ticket}&state=${state}` : '/user/login/admin_login/',
      headers,
      ...(page === 'login' ? {} : { payload: { ticket, state } }),
      cookies: { [SSO_BROWSER_COOKIE]: cookie },
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    return { token: res.json().data.Authorization as string, service };
  }
  const slo = (page: string, body: string) =>
    app.inject({
      method: 'POST',
      url: page,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logoutRequest: body }).toString(),
    });

  it('ends the session the service ticket signed in when the CAS server posts a logoutRequest to the service URL', async () => {
    const mine = await casSignIn('teacher', 'ST-slo-1');
    const theirs = await casSignIn('student', 'ST-slo-2');
    const admin = await casSignIn('admin', 'ST-slo-3', 'loginAdmin');
    const res = await slo('/login', logoutRequest('ST-slo-1'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ended: 1 });
    expect(await resolveSession(app.db, app.config, mine.token)).toBeNull();
    expect(await resolveSession(app.db, app.config, theirs.token)).not.toBeNull();
    // The administrators' service URL is /loginAdmin: the request comes there.
    expect((await slo('/loginAdmin', logoutRequest('ST-slo-3'))).json().data).toEqual({ ended: 1 });
    expect(await resolveSession(app.db, app.config, admin.token)).toBeNull();
    const row = await app.db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'logout')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.detail).toBe('cas single logout: 1 session(s) ended');
  });

  it('ends nothing for an unknown ticket and refuses what is not a logout request', async () => {
    const mine = await casSignIn('teacher', 'ST-slo-4');
    expect((await slo('/login', logoutRequest('ST-unknown'))).json().data).toEqual({ ended: 0 });
    for (const body of ['<foo/>', `<!DOCTYPE x [<!ENTITY e "ST-slo-4">]>${logoutRequest('&e;')}`, logoutRequest('')]) {
      const res = await slo('/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe(Codes.inputError);
    }
    expect(await resolveSession(app.db, app.config, mine.token)).not.toBeNull();
  });
});
