import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { resolveSession } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import { parseCasResponse } from './cas';
import { putSsoConfig, DEFAULT_SSO_CONFIG } from './sso-config';

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

  const exchange = (query: string) => app.inject({ method: 'GET', url: `/user/login/?${query}`, headers });

  it('exchanges a valid ticket for a working session of that user', async () => {
    cas.tickets.set('ST-1-good', { user: 'teacher', service: `${ORIGIN}/login` });
    const res = await exchange('ticket=ST-1-good&to=/web/taskCenter/taskWorkBench');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errorCode).toBe(Codes.ok);
    expect(body.data).toMatchObject({
      is_admin: 0,
      to: '/web/taskCenter/taskWorkBench',
      user_info: { username: 'teacher' },
    });
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

  it("validates the ticket against this site's own sign-in page as the service URL", async () => {
    cas.tickets.set('ST-2', { user: 'teacher', service: `${ORIGIN}/login` });
    await exchange('ticket=ST-2');
    expect(cas.seen).toEqual([{ path: '/cas/p3/serviceValidate', service: `${ORIGIN}/login`, ticket: 'ST-2' }]);
  });

  it('refuses a ticket the CAS server does not recognise with the not-authenticated code', async () => {
    const res = await exchange('ticket=ST-unknown');
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

  it('refuses a ticket that was issued for another application', async () => {
    cas.tickets.set('ST-3', { user: 'teacher', service: 'https://other-app.example.edu/' });
    expect((await exchange('ticket=ST-3')).statusCode).toBe(401);
    // …and will not validate against a service URL that is not this site's sign-in page.
    const res = await exchange(`ticket=ST-3&service=${encodeURIComponent('https://other-app.example.edu/')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
  });

  it('refuses a ticket for someone without an account here', async () => {
    cas.tickets.set('ST-4', { user: 'stranger', service: `${ORIGIN}/login` });
    const res = await exchange('ticket=ST-4');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorCode: Codes.notAuthenticated,
      message: '单点登录失败：账号 stranger 不存在或已停用',
    });
  });

  it('refuses a disabled account', async () => {
    await app.db.updateTable('appUser').set({ status: 'disabled' }).where('username', '=', 'student').execute();
    try {
      cas.tickets.set('ST-5', { user: 'student', service: `${ORIGIN}/login` });
      expect((await exchange('ticket=ST-5')).json().errorCode).toBe(Codes.notAuthenticated);
    } finally {
      await app.db.updateTable('appUser').set({ status: 'active' }).where('username', '=', 'student').execute();
    }
  });

  it('signs an administrator into the back office through admin_login with the /loginAdmin service', async () => {
    cas.tickets.set('ST-6', { user: 'admin', service: `${ORIGIN}/loginAdmin` });
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/admin_login/',
      headers,
      payload: { ticket: 'ST-6' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_admin: 1, user_info: { username: 'admin' } });
    expect(await resolveSession(app.db, app.config, res.json().data.Authorization)).toMatchObject({ isAdmin: true });
  });

  it('refuses admin_login for an SSO user who is not an administrator', async () => {
    cas.tickets.set('ST-7', { user: 'teacher', service: `${ORIGIN}/loginAdmin` });
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/admin_login/',
      headers,
      payload: { ticket: 'ST-7' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe(Codes.noPermission);
  });

  it('answers the input-error code while single sign-on is off', async () => {
    await putSsoConfig(app.db, DEFAULT_SSO_CONFIG);
    const res = await exchange('ticket=ST-anything');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '单点登录未启用' });
    expect(cas.seen).toHaveLength(0);
  });

  it('refuses the side the configuration has switched off', async () => {
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'cas',
      cas: { serverUrl: casUrl },
      adminLoginEnable: false,
    });
    cas.tickets.set('ST-8', { user: 'admin', service: `${ORIGIN}/loginAdmin` });
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/admin_login/',
      headers,
      payload: { ticket: 'ST-8' },
    });
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '管理员登录已关闭' });
  });
});

describe('CAS answer parsing', () => {
  it('reads the user of a success and the code of a failure', () => {
    expect(parseCasResponse(success('t&amp;x'))).toEqual({ ok: true, user: 't&x' });
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
