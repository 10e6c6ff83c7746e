import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { resolveSession } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import { parseCasResponse } from './cas';
import { putSsoConfig, DEFAULT_SSO_CONFIG } from './sso-config';
import { SSO_BROWSER_COOKIE } from './browser-binding';
import { OTHER_BROWSER } from './service';

const success = (user: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${user}</cas:user>
    <cas:attributes><cas:mail>${user}@example.edu</cas:mail></cas:attributes>
  </cas:authenticationSuccess>
</cas:serviceResponse>`;
const failure = (ticket: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure>
</cas:serviceResponse>`;

/**
 * A loopback CAS 3 server: a ticket is valid once, only for the service it was issued for
 * (as a real CAS server behaves). Every validation request is recorded.
 */
function startCas() {
  const tickets = new Map<string, { user: string; service: string }>();
  const seen: { path: string; service: string | null; ticket: string | null }[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const service = url.searchParams.get('service');
    const ticket = url.searchParams.get('ticket');
    seen.push({ path: url.pathname, service, ticket });
    if (url.pathname !== '/cas/p3/serviceValidate') {
      res.writeHead(404).end();
      return;
    }
    const t = ticket ? tickets.get(ticket) : undefined;
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    if (t && t.service === service) {
      tickets.delete(ticket!);
      res.end(success(t.user));
    } else {
      res.end(failure(ticket ?? ''));
    }
  });
  return {
    tickets,
    seen,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ORIGIN = 'http://portal.example.edu';
const headers = { host: 'portal.example.edu' };

describe('CAS 3 single sign-on', () => {
  const cas = startCas();
  let casUrl: string;
  let app: TestApp;

  beforeAll(async () => {
    casUrl = await cas.listen();
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
    await cas.close();
  });
  beforeEach(async () => {
    cas.seen.length = 0;
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'cas',
      cas: { serverUrl: casUrl },
      retainBackDoor: false,
    });
  });

  /** The browser starts a round trip on a sign-in page: its cookie and the service URL CAS returns to. */
  const start = async (page: 'login' | 'loginAdmin' = 'login', to?: string, cookie?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers,
      payload: { page, start: true, ...(to ? { to } : {}) },
      cookies: cookie ? { [SSO_BROWSER_COOKIE]: cookie } : {},
    });
    const service = new URL(res.json().data.sso_login_url).searchParams.get('service')!;
    const state = new URL(service).searchParams.get('state')!;
    const set = res.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)!;
    return { service, state, cookie: set.value, set };
  };
  const exchange = (query: string, cookie?: string) =>
    app.inject({
      method: 'GET',
      url: `/user/login/?${query}`,
      headers,
      cookies: cookie ? { [SSO_BROWSER_COOKIE]: cookie } : {},
    });
  const adminLogin = (payload: object, cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/user/login/admin_login/',
      headers,
      payload,
      cookies: { [SSO_BROWSER_COOKIE]: cookie },
    });

  it('exchanges a valid ticket for a working session of that user, with the deep link kept on the server', async () => {
    const flow = await start('login', '/web/taskCenter/taskWorkBench');
    expect(flow.service).toBe(`${ORIGIN}/login?state=${flow.state}`);
    expect(flow.set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/user/login/' });
    cas.tickets.set('ST-1-good', { user: 'teacher', service: flow.service });
    // The provider returns to the service URL only: no `to` comes back with the ticket.
    const res = await exchange(`ticket=ST-1-good&state=${flow.state}`, flow.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errorCode).toBe(Codes.ok);
    expect(body.data).toMatchObject({
      is_admin: 0,
      to: '/web/taskCenter/taskWorkBench',
      user_info: { username: 'teacher' },
    });
    // The cookie has done its job.
    expect(res.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)).toMatchObject({ value: '' });
    const auth = await resolveSession(app.db, app.config, body.data.Authorization);
    expect(auth).toMatchObject({ username: 'teacher', isAdmin: false });
    // The token works on a signed-in call.
    const check = await app.inject({
      method: 'POST',
      url: '/user/api/v1.user/check_user_is_login/',
      headers: { authorization: body.data.Authorization },
    });
    expect(check.json().data.is_login).toBe(true);
    const row = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'login')
      .where('actorName', '=', 'teacher')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(row?.detail).toBe('cas');
  });

  it('validates the ticket against the service URL of this round trip, once', async () => {
    const flow = await start();
    cas.tickets.set('ST-2', { user: 'teacher', service: flow.service });
    await exchange(`ticket=ST-2&state=${flow.state}`, flow.cookie);
    expect(cas.seen).toEqual([{ path: '/cas/p3/serviceValidate', service: flow.service, ticket: 'ST-2' }]);
    const again = await exchange(`ticket=ST-2&state=${flow.state}`, flow.cookie);
    expect(again.json().message).toBe('单点登录失败：登录请求已过期或已使用，请重新登录');
  });

  it('refuses a return in a browser that did not start the round trip (login CSRF), leaving the real one intact', async () => {
    // The attacker signs in at the CAS server in their own browser and sends the return link on.
    const attacker = await start();
    cas.tickets.set('ST-csrf', { user: 'teacher', service: attacker.service });
    const link = `ticket=ST-csrf&state=${attacker.state}`;
    for (const victimCookie of [undefined, (await start()).cookie]) {
      const res = await exchange(link, victimCookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: Codes.ssoOtherBrowser, message: OTHER_BROWSER, data: null });
    }
    expect(cas.seen).toHaveLength(0);
    // The browser that started it still signs in.
    expect((await exchange(link, attacker.cookie)).json().data.user_info.username).toBe('teacher');
  });

  it("refuses another round trip's ticket under this browser's own state", async () => {
    const mine = await start();
    const theirs = await start();
    cas.tickets.set('ST-swap', { user: 'teacher', service: theirs.service });
    const res = await exchange(`ticket=ST-swap&state=${mine.state}`, mine.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^单点登录失败：票据无效（INVALID_TICKET/);
  });

  it('refuses a ticket the CAS server does not recognise with the not-authenticated code', async () => {
    const flow = await start();
    const res = await exchange(`ticket=ST-unknown&state=${flow.state}`, flow.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: Codes.notAuthenticated, data: null });
    expect(res.json().message).toMatch(/^单点登录失败：票据无效（INVALID_TICKET/);
    const row = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'login_failed')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(row?.detail).toContain('INVALID_TICKET');
  });

  it('refuses a ticket that was issued for another application, and a foreign service URL', async () => {
    const flow = await start();
    cas.tickets.set('ST-3', { user: 'teacher', service: 'https://other-app.example.edu/' });
    expect((await exchange(`ticket=ST-3&state=${flow.state}`, flow.cookie)).statusCode).toBe(401);
    const next = await start();
    const res = await exchange(
      `ticket=ST-3&state=${next.state}&service=${encodeURIComponent('https://other-app.example.edu/')}`,
      next.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
  });

  it('asks for the state a return without one lacks', async () => {
    const res = await exchange('ticket=ST-x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '缺少参数 state，请重新统一认证' });
  });

  it('refuses a ticket for someone without an account here', async () => {
    const flow = await start();
    cas.tickets.set('ST-4', { user: 'stranger', service: flow.service });
    const res = await exchange(`ticket=ST-4&state=${flow.state}`, flow.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorCode: Codes.notAuthenticated,
      message: '单点登录失败：账号 stranger 不存在或已停用',
    });
  });

  it('refuses a disabled account', async () => {
    await app.db.updateTable('appUser').set({ status: 'disabled' }).where('username', '=', 'student').execute();
    try {
      const flow = await start();
      cas.tickets.set('ST-5', { user: 'student', service: flow.service });
      expect((await exchange(`ticket=ST-5&state=${flow.state}`, flow.cookie)).json().errorCode).toBe(
        Codes.notAuthenticated,
      );
    } finally {
      await app.db.updateTable('appUser').set({ status: 'active' }).where('username', '=', 'student').execute();
    }
  });

  it('signs an administrator into the back office through admin_login with the /loginAdmin service', async () => {
    const flow = await start('loginAdmin');
    expect(flow.service).toBe(`${ORIGIN}/loginAdmin?state=${flow.state}`);
    cas.tickets.set('ST-6', { user: 'admin', service: flow.service });
    const res = await adminLogin({ ticket: 'ST-6', state: flow.state }, flow.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_admin: 1, user_info: { username: 'admin' } });
    expect(await resolveSession(app.db, app.config, res.json().data.Authorization)).toMatchObject({ isAdmin: true });
  });

  it('refuses admin_login for an SSO user who is not an administrator', async () => {
    const flow = await start('loginAdmin');
    cas.tickets.set('ST-7', { user: 'teacher', service: flow.service });
    const res = await adminLogin({ ticket: 'ST-7', state: flow.state }, flow.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe(Codes.noPermission);
  });

  it('matches on an attribute (e-mail) when the back office says so, and refuses one that names two accounts', async () => {
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'cas',
      cas: { serverUrl: casUrl },
      match: { field: 'email', claim: 'mail' },
    });
    const before = await app.db
      .selectFrom('appUser')
      .select(['username', 'email'])
      .where('username', 'in', ['student', 'teacher'])
      .execute();
    try {
      await app.db
        .updateTable('appUser')
        .set({ email: 'xh2026@example.edu' })
        .where('username', '=', 'student')
        .execute();
      const flow = await start();
      // The CAS user is the campus ID; its mail attribute is xh2026@example.edu.
      cas.tickets.set('ST-mail', { user: 'xh2026', service: flow.service });
      const res = await exchange(`ticket=ST-mail&state=${flow.state}`, flow.cookie);
      expect(res.json().data.user_info.username).toBe('student');

      await app.db
        .updateTable('appUser')
        .set({ email: 'xh2026@example.edu' })
        .where('username', '=', 'teacher')
        .execute();
      const twice = await start();
      cas.tickets.set('ST-mail-2', { user: 'xh2026', service: twice.service });
      const refused = await exchange(`ticket=ST-mail-2&state=${twice.state}`, twice.cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('单点登录失败：邮箱 xh2026@example.edu 对应多个账号，请联系管理员');
    } finally {
      for (const u of before)
        await app.db.updateTable('appUser').set({ email: u.email }).where('username', '=', u.username).execute();
    }
  });

  it('answers the input-error code while single sign-on is off', async () => {
    await putSsoConfig(app.db, DEFAULT_SSO_CONFIG);
    const res = await exchange('ticket=ST-anything&state=x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '单点登录未启用' });
    expect(cas.seen).toHaveLength(0);
  });

  it('refuses the side the configuration has switched off', async () => {
    const flow = await start('loginAdmin');
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'cas',
      cas: { serverUrl: casUrl },
      adminLoginEnable: false,
    });
    cas.tickets.set('ST-8', { user: 'admin', service: flow.service });
    const res = await adminLogin({ ticket: 'ST-8', state: flow.state }, flow.cookie);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '管理员登录已关闭' });
  });
});

describe('CAS answer parsing', () => {
  it('reads the user of a success and the code of a failure', () => {
    expect(parseCasResponse(success('t&amp;x'))).toEqual({
      ok: true,
      user: 't&x',
      attributes: { mail: 't&x@example.edu' },
    });
    expect(parseCasResponse(failure('ST-9'))).toEqual({
      ok: false,
      code: 'INVALID_TICKET',
      message: 'Ticket ST-9 not recognized',
    });
  });

  it('refuses documents with a DTD, so no entity is ever expanded', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${success('&e;')}`;
    expect(parseCasResponse(xxe)).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
    expect(parseCasResponse(success('&e;'))).toMatchObject({ ok: false });
  });

  it('refuses an answer that is neither success nor failure', () => {
    expect(parseCasResponse('<html>login page</html>')).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
    expect(
      parseCasResponse(
        '<cas:serviceResponse><cas:authenticationSuccess></cas:authenticationSuccess></cas:serviceResponse>',
      ),
    ).toMatchObject({ ok: false });
  });
});
