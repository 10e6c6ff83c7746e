import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { UrlsAnswer } from '@/modules/auth/contract';
import { DEFAULT_SSO_CONFIG, getSsoConfig, putSsoConfig, SSO_SETTING, type SsoConfig } from './sso-config';
import { putSetting } from '@/server/identity/settings';
import { SSO_BROWSER_COOKIE } from './browser-binding';

const CAS = 'https://cas.example.edu/cas';
const enc = encodeURIComponent;
const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The CAS login address for a sign-in page: its service URL carries this round trip's state. */
const casLogin = (page: string) =>
  new RegExp(`^${escape(`${CAS}/login?service=${enc(`${page}?state=`)}`)}[A-Za-z0-9_-]{32}$`);

describe('POST /user/login/get_urls/', () => {
  let app: TestApp;
  beforeAll(async () => {
    // app.inject comes from 127.0.0.1: trusted as the proxy, so X-Forwarded-Proto/Host count.
    app = await buildTestApp({ seed: 'none', env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await app.close();
  });

  const urls = async (
    config: SsoConfig | null,
    host = 'portal.example.edu',
    extra: Record<string, string> = {},
    payload?: object,
  ): Promise<UrlsAnswer> => {
    if (config) await putSsoConfig(app.db, config);
    else await app.db.deleteFrom('setting').where('key', '=', SSO_SETTING).execute();
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers: { host, ...extra },
      // The round trip starts only when asked (the SSO button); viewing is tested on its own below.
      payload: { start: true, ...payload },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data;
  };

  it('answers SSO off, both sides on and every host an admin host when nothing is configured', async () => {
    expect(await urls(null)).toEqual({
      cas_enable: 0,
      is_admin_host: 1,
      retain_back_door: 1,
      user_login_enable: 1,
      admin_login_enable: 1,
      sso_kind: '',
      sso_login_url: '',
      logout_url: '',
    });
  });

  it("gives the CAS login and logout addresses with this site's sign-in page as the service", async () => {
    expect(
      await urls({ ...DEFAULT_SSO_CONFIG, kind: 'cas', cas: { serverUrl: `${CAS}/` }, retainBackDoor: false }),
    ).toEqual({
      cas_enable: 1,
      is_admin_host: 1,
      retain_back_door: 0,
      user_login_enable: 1,
      admin_login_enable: 1,
      sso_kind: 'cas',
      sso_login_url: expect.stringMatching(casLogin('http://portal.example.edu/login')),
      logout_url: `${CAS}/logout?service=${enc('http://portal.example.edu/login')}`,
    });
  });

  it("returns SSO to the administrators' page when asked for it", async () => {
    const a = await urls(
      { ...DEFAULT_SSO_CONFIG, kind: 'cas', cas: { serverUrl: CAS } },
      'portal.example.edu',
      {},
      { page: 'loginAdmin' },
    );
    expect(a.sso_login_url).toMatch(casLogin('http://portal.example.edu/loginAdmin'));
  });

  it('uses the address the browser used behind a proxy', async () => {
    const a = await urls({ ...DEFAULT_SSO_CONFIG, kind: 'cas', cas: { serverUrl: CAS } }, '10.0.0.5:8080', {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'ehall.example.edu',
    });
    expect(a.sso_login_url).toMatch(casLogin('https://ehall.example.edu/login'));
  });

  it('marks the browser cookie Secure when the browser came over HTTPS', async () => {
    await putSsoConfig(app.db, { ...DEFAULT_SSO_CONFIG, kind: 'cas', cas: { serverUrl: CAS } });
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers: { host: '10.0.0.5:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'ehall.example.edu' },
      payload: { start: '1' },
    });
    expect(res.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('tells the admin host from the others, and sends SSO on the admin host back to /loginAdmin', async () => {
    const config: SsoConfig = {
      ...DEFAULT_SSO_CONFIG,
      kind: 'cas',
      cas: { serverUrl: CAS },
      adminHost: 'admin.example.edu',
    };
    const portal = await urls(config, 'portal.example.edu');
    expect(portal.is_admin_host).toBe(0);
    expect(portal.sso_login_url).toContain(enc('http://portal.example.edu/login'));
    const admin = await urls(config, 'Admin.Example.edu:8443');
    expect(admin.is_admin_host).toBe(1);
    expect(admin.sso_login_url).toContain(enc('http://admin.example.edu:8443/loginAdmin'));
  });

  it('reports the sides the configuration switched off and its own logout address', async () => {
    const a = await urls({
      ...DEFAULT_SSO_CONFIG,
      kind: 'cas',
      cas: { serverUrl: CAS },
      userLoginEnable: false,
      logoutUrl: 'https://www.example.edu/',
    });
    expect(a).toMatchObject({ user_login_enable: 0, admin_login_enable: 1, logout_url: 'https://www.example.edu/' });
    const b = await urls({ ...DEFAULT_SSO_CONFIG, adminLoginEnable: false });
    expect(b).toMatchObject({ cas_enable: 0, user_login_enable: 1, admin_login_enable: 0 });
  });

  it('answers the SSO entry without contacting the provider, and 503 when a round trip cannot start', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'oidc',
      oidc: { issuer: `http://127.0.0.1:${port}`, clientId: 'c', clientSecret: 's', redirectUri: '' },
    });
    const view = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers: { host: 'portal.example.edu' },
    });
    expect(view.json().data).toMatchObject({
      cas_enable: 1,
      sso_kind: 'oidc',
      sso_login_url: 'http://portal.example.edu/login?sso=1',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers: { host: 'portal.example.edu' },
      payload: { start: true },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ errorCode: Codes.serviceUnavailable, data: null });
    expect(res.json().message).toMatch(/^无法连接统一身份认证服务/);
  });

  it('writes nothing and sets no cookie when a sign-in page is only viewed', async () => {
    await putSsoConfig(app.db, { ...DEFAULT_SSO_CONFIG, kind: 'cas', cas: { serverUrl: CAS } });
    const rows = async () =>
      (await app.db.selectFrom('setting').select(['key', 'value', 'updatedAt']).orderBy('key').execute()).map(
        (r) => `${r.key}=${r.value}@${r.updatedAt}`,
      );
    const before = await rows();
    for (const payload of [undefined, { page: 'loginAdmin', to: '/cms/userManage' }, { start: false }]) {
      const res = await app.inject({
        method: 'POST',
        url: '/user/login/get_urls/',
        headers: { host: 'portal.example.edu' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies).toEqual([]);
      if (payload?.page)
        expect(res.json().data.sso_login_url).toBe(
          `http://portal.example.edu/loginAdmin?sso=1&to=${enc('/cms/userManage')}`,
        );
    }
    expect(await rows()).toEqual(before);
    // Starting is what writes: one pending round trip.
    await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers: { host: 'portal.example.edu' },
      payload: { start: 1 },
    });
    expect((await rows()).filter((r) => r.startsWith('sso_state:'))).toHaveLength(
      before.filter((r) => r.startsWith('sso_state:')).length + 1,
    );
  });

  it('treats a stored setting that does not fit the schema as SSO off', async () => {
    await putSetting(app.db, SSO_SETTING, { kind: 'cas', cas: { serverUrl: 'javascript:alert(1)' } });
    expect((await getSsoConfig(app.db)).kind).toBe('none');
    const res = await app.inject({ method: 'POST', url: '/user/login/get_urls/' });
    expect(res.json().data).toMatchObject({ cas_enable: 0, sso_login_url: '' });
  });

  it('refuses to store an SSO setting without its server', async () => {
    await expect(putSsoConfig(app.db, { ...DEFAULT_SSO_CONFIG, kind: 'cas' })).rejects.toThrow(/cas/);
  });
});

describe('SSO exchange rate limit', () => {
  it('answers 429 once one address has tried the exchange too often in a minute', async () => {
    const app = await buildTestApp({ seed: 'none', env: { LOGIN_RATE_LIMIT: '20' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/user/login/admin_login/',
          payload: { ticket: `ST-${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true); // SSO off: input error
      expect(codes[20]).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('single sign-on from the environment', () => {
  it('installs SSO_* at start over the stored setting, keeping what the environment does not name', async () => {
    const app = await buildTestApp({
      seed: 'none',
      env: { SSO_KIND: 'cas', SSO_CAS_SERVER_URL: CAS, SSO_RETAIN_BACK_DOOR: '0' },
    });
    try {
      expect(await getSsoConfig(app.db)).toMatchObject({
        kind: 'cas',
        cas: { serverUrl: CAS },
        retainBackDoor: false,
        userLoginEnable: true,
      });
      const res = await app.inject({
        method: 'POST',
        url: '/user/login/get_urls/',
        headers: { host: 'portal.example.edu' },
        payload: { start: true },
      });
      expect(res.json().data).toMatchObject({
        cas_enable: 1,
        retain_back_door: 0,
        sso_kind: 'cas',
        sso_login_url: expect.stringMatching(casLogin('http://portal.example.edu/login')),
      });
    } finally {
      await app.close();
    }
  });
});
