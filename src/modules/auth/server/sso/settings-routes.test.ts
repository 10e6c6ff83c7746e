import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { SaveSsoBody } from '@/modules/site-settings/contract';
import { DEFAULT_SSO_CONFIG, getSsoConfig, putSsoConfig } from './sso-config';

/** A loopback server answering each path with a status and body, or never (to test the timeout). */
function startServer(handler: (path: string, origin: string) => { status: number; body?: string } | 'hang') {
  const server = http.createServer((req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const a = handler(new URL(req.url ?? '/', origin).pathname, origin);
    if (a === 'hang') return;
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body ?? '');
  });
  return {
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const BODY: SaveSsoBody = {
  kind: 'oidc',
  oidc: { issuer: 'https://idp.example.edu', clientId: 'portal', clientSecret: 's3cret-value', redirectUri: '' },
  retainBackDoor: true,
  adminHost: '',
  userLoginEnable: true,
  adminLoginEnable: true,
  logoutUrl: '',
};

describe('SSO settings (back office)', () => {
  let app: TestApp;
  let admin: string;
  const cas = startServer((p) => (p === '/cas/login' ? { status: 200, body: '<html>login</html>' } : { status: 404 }));
  let casUrl: string;
  const idp = startServer((p, origin) =>
    p === '/.well-known/openid-configuration'
      ? {
          status: 200,
          body: JSON.stringify({
            issuer: origin,
            authorization_endpoint: `${origin}/auth`,
            token_endpoint: `${origin}/token`,
            jwks_uri: `${origin}/jwks`,
          }),
        }
      : { status: 404 },
  );
  let idpUrl: string;
  const liar = startServer((p) =>
    p === '/.well-known/openid-configuration'
      ? {
          status: 200,
          body: JSON.stringify({
            issuer: 'https://someone-else.example',
            authorization_endpoint: 'x',
            token_endpoint: 'y',
          }),
        }
      : { status: 404 },
  );
  let liarUrl: string;
  const silent = startServer(() => 'hang');
  let silentUrl: string;

  beforeAll(async () => {
    [casUrl, idpUrl, liarUrl, silentUrl] = await Promise.all([
      cas.listen(),
      idp.listen(),
      liar.listen(),
      silent.listen(),
    ]);
    app = await buildTestApp();
    admin = await app.tokenFor('admin');
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([cas.close(), idp.close(), liar.close(), silent.close()]);
  });
  beforeEach(async () => {
    await putSsoConfig(app.db, DEFAULT_SSO_CONFIG);
  });

  const get = (token?: string) =>
    app.inject({ method: 'GET', url: '/user/api/v1.sso/settings/', headers: token ? { authorization: token } : {} });
  const post = (action: string, payload: object, token?: string) =>
    app.inject({
      method: 'POST',
      url: `/user/api/v1.sso/${action}/`,
      payload,
      headers: token ? { authorization: token } : {},
    });

  it('refuses every endpoint without a token (0x00000011) and to a user (0x00000010)', async () => {
    const teacher = await app.tokenFor('teacher');
    const calls = [
      (t?: string) => get(t),
      (t?: string) => post('save', BODY, t),
      (t?: string) => post('test', { kind: 'cas', url: casUrl }, t),
    ];
    for (const call of calls) {
      expect((await call()).json().errorCode).toBe(Codes.notAuthenticated);
      expect((await call(teacher)).json().errorCode).toBe(Codes.noPermission);
    }
    expect((await getSsoConfig(app.db)).kind).toBe('none');
  });

  it('saves the settings, audits them, and never sends the client secret back', async () => {
    const saved = await post('save', BODY, admin);
    expect(saved.json().errorCode).toBe(Codes.ok);
    expect(saved.body).not.toContain('s3cret-value');
    const res = await get(admin);
    expect(res.body).not.toContain('s3cret-value');
    expect(res.json().data).toEqual({
      kind: 'oidc',
      cas: null,
      oidc: { issuer: 'https://idp.example.edu', clientId: 'portal', redirectUri: '', secretSet: true },
      retainBackDoor: true,
      adminHost: '',
      userLoginEnable: true,
      adminLoginEnable: true,
      logoutUrl: '',
      match: { field: 'username', claim: '' },
      provision: {
        enabled: false,
        kind: 'student',
        nameClaim: '',
        departmentClaim: '',
        userNoClaim: '',
        emailClaim: '',
      },
      // What the operator registers at the provider: this site's addresses (app.inject's host).
      backchannelLogoutUri: 'http://localhost/user/login/backchannel_logout/',
      signInPages: ['http://localhost/login', 'http://localhost/loginAdmin'],
    });
    expect((await getSsoConfig(app.db)).oidc?.clientSecret).toBe('s3cret-value');
    const row = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'sso_saved')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.actorName).toBe('admin');
    expect(row.detail).not.toContain('s3cret-value');
  });

  it('stores which claim names the account (学号/工号, e-mail), keeps it when a form leaves it out, refuses a bad name', async () => {
    await post('save', { ...BODY, match: { field: 'userNo', claim: 'employee_no' } }, admin);
    expect((await get(admin)).json().data.match).toEqual({ field: 'userNo', claim: 'employee_no' });
    await post('save', BODY, admin);
    expect((await getSsoConfig(app.db)).match).toEqual({ field: 'userNo', claim: 'employee_no' });
    const bad = await post('save', { ...BODY, match: { field: 'userNo', claim: 'a b' } }, admin);
    expect(bad.json().errorCode).toBe(Codes.inputError);
    await post('save', { ...BODY, match: { field: 'username', claim: '' } }, admin);
  });

  it('stores 自动创建账号 (kind and the claims for 姓名, 部门, 学号/工号, e-mail), keeps it when a form leaves it out', async () => {
    const provision = {
      enabled: true,
      kind: 'staff' as const,
      nameClaim: 'cn',
      departmentClaim: 'ou',
      userNoClaim: 'employeeNumber',
      emailClaim: 'mail',
    };
    await post('save', { ...BODY, provision }, admin);
    expect((await get(admin)).json().data.provision).toEqual(provision);
    await post('save', BODY, admin);
    expect((await getSsoConfig(app.db)).provision).toEqual(provision);
    const bad = await post('save', { ...BODY, provision: { ...provision, kind: 'admin' } }, admin);
    expect(bad.json().errorCode).toBe(Codes.inputError);
    await post('save', { ...BODY, provision: { ...provision, enabled: false } }, admin);
  });

  it('keeps the stored secret when the form leaves it empty, and replaces it when given', async () => {
    await post('save', BODY, admin);
    await post('save', { ...BODY, oidc: { ...BODY.oidc!, clientId: 'portal-2', clientSecret: '' } }, admin);
    expect((await getSsoConfig(app.db)).oidc).toMatchObject({ clientId: 'portal-2', clientSecret: 's3cret-value' });
    await post('save', { ...BODY, oidc: { ...BODY.oidc!, clientSecret: 'new-secret' } }, admin);
    expect((await getSsoConfig(app.db)).oidc?.clientSecret).toBe('new-secret');
  });

  it('asks for a secret when OIDC is chosen and none is stored', async () => {
    const res = await post('save', { ...BODY, oidc: { ...BODY.oidc!, clientSecret: '' } }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('oidc.clientSecret');
    expect((await getSsoConfig(app.db)).kind).toBe('none');
  });

  it('refuses to switch off both login sides', async () => {
    const res = await post('save', { ...BODY, kind: 'none', userLoginEnable: false, adminLoginEnable: false }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '用户登录与管理员登录不能同时关闭' });
    expect(await getSsoConfig(app.db)).toMatchObject({ userLoginEnable: true, adminLoginEnable: true });
    expect((await post('save', { ...BODY, kind: 'none', userLoginEnable: false }, admin)).json().errorCode).toBe(
      Codes.ok,
    );
    expect((await getSsoConfig(app.db)).userLoginEnable).toBe(false);
  });

  it('rejects a CAS choice without a server, and addresses that are not http(s), naming the field', async () => {
    const noCas = await post('save', { ...BODY, kind: 'cas', oidc: undefined }, admin);
    expect(noCas.json().data.field).toBe('cas.serverUrl');
    const cases: [object, string][] = [
      [{ ...BODY, kind: 'cas', cas: { serverUrl: 'ftp://cas.example.edu' } }, 'cas.serverUrl'],
      [{ ...BODY, logoutUrl: 'javascript:alert(1)' }, 'logoutUrl'],
      [{ ...BODY, oidc: { ...BODY.oidc!, issuer: 'idp.example.edu' } }, 'oidc.issuer'],
    ];
    for (const [body, field] of cases) {
      const res = await post('save', body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
    expect((await getSsoConfig(app.db)).kind).toBe('none');
  });

  it('tests a reachable CAS server and an unreachable one', async () => {
    expect((await post('test', { kind: 'cas', url: `${casUrl}/cas` }, admin)).json().data).toMatchObject({ ok: true });
    const missing = (await post('test', { kind: 'cas', url: `${casUrl}/nocas` }, admin)).json().data;
    expect(missing).toEqual({ ok: false, message: 'CAS 服务器应答 HTTP 404' });
    const closed = await startServer(() => ({ status: 200 }));
    const url = await closed.listen();
    await closed.close();
    const down = (await post('test', { kind: 'cas', url: `${url}/cas` }, admin)).json().data;
    expect(down.ok).toBe(false);
    expect(down.message).toBe('无法访问 CAS 服务器：连接失败（ECONNREFUSED）');
  });

  it('gives up on a server that does not answer within 5 s', async () => {
    const started = Date.now();
    const res = (await post('test', { kind: 'cas', url: silentUrl }, admin)).json().data;
    expect(res).toEqual({ ok: false, message: '无法访问 CAS 服务器：5 秒内无应答' });
    expect(Date.now() - started).toBeLessThan(8000);
  }, 10_000);

  it('tests an OIDC issuer: its discovery document must name the same issuer', async () => {
    expect((await post('test', { kind: 'oidc', url: `${idpUrl}/` }, admin)).json().data).toMatchObject({ ok: true });
    const other = (await post('test', { kind: 'oidc', url: liarUrl }, admin)).json().data;
    expect(other.ok).toBe(false);
    expect(other.message).toContain('issuer 不一致');
    const none = (await post('test', { kind: 'oidc', url: `${casUrl}/cas` }, admin)).json().data;
    expect(none).toEqual({ ok: false, message: '无法读取身份提供方的配置：HTTP 404' });
  });
});
