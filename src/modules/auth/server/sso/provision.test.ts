import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { SSO_BROWSER_COOKIE } from './browser-binding';
import { DEFAULT_SSO_CONFIG, putSsoConfig, type SsoConfig, type SsoProvision } from './sso-config';
import { idpBrowser, startTestIdp, TEST_CLIENT } from './test-idp';
import { attemptLogin, encryptPassword, fetchPublicKey, postForm } from '../test-login';
import { SSO_ONLY_NO_PASSWORD } from '../service';
import { NOT_AN_ADMINISTRATOR } from './service';

const ORIGIN = 'http://portal.example.edu';
const headers = { host: 'portal.example.edu' };
const PROVISION: SsoProvision = {
  enabled: true,
  kind: 'student',
  nameClaim: 'name',
  departmentClaim: 'dept',
  userNoClaim: 'student_no',
  emailClaim: 'mail',
};

/** 自动创建账号 from OIDC claims and CAS attributes; what SSO-only accounts may not do; who refusals name. */
describe('accounts made and refreshed by single sign-on (OIDC)', () => {
  let app: TestApp;
  let idp: Awaited<ReturnType<typeof startTestIdp>>;
  let cs: { code: string; name: string; id: number };
  const claims: Record<string, Record<string, string>> = {
    'sub-5001': {
      preferred_username: 'newbie',
      name: '新同学',
      student_no: 'S2026999',
      dept: '',
      mail: 'newbie@example.edu',
    },
    'sub-0001': { preferred_username: 'admin', name: '管理员', student_no: 'admin' },
    'sub-1001': { preferred_username: 'teacher', name: '王老师', student_no: 'T-none' },
  };

  beforeAll(async () => {
    app = await buildTestApp();
    cs = await app.db
      .selectFrom('department')
      .select(['code', 'name', 'id'])
      .where('name', '=', '计算机科学与技术学院')
      .executeTakeFirstOrThrow();
    claims['sub-5001']!.dept = cs.code;
    idp = await startTestIdp({
      accounts: claims as never,
      redirectUris: [`${ORIGIN}/login`, `${ORIGIN}/loginAdmin`],
      profileClaims: ['name', 'student_no', 'dept', 'mail'],
    });
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });
  const configure = (over: Partial<SsoConfig> = {}) =>
    putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'oidc',
      oidc: { issuer: idp.issuer, clientId: TEST_CLIENT.id, clientSecret: TEST_CLIENT.secret, redirectUri: '' },
      match: { field: 'userNo', claim: 'student_no' },
      ...over,
    });
  beforeEach(() => configure({ provision: PROVISION }));

  async function signIn(subject: string, page: 'login' | 'loginAdmin' = 'login') {
    const started = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers,
      payload: { page, start: 1 },
    });
    const cookie = started.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)!.value;
    const back = await idpBrowser().authorize(started.json().data.sso_login_url, subject);
    const grant = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
    return page === 'login'
      ? app.inject({
          method: 'GET',
          url: `/user/login/?${new URLSearchParams(grant)}`,
          headers,
          cookies: { [SSO_BROWSER_COOKIE]: cookie },
        })
      : app.inject({
          method: 'POST',
          url: '/user/login/admin_login/',
          headers,
          payload: grant,
          cookies: { [SSO_BROWSER_COOKIE]: cookie },
        });
  }
  const lastAudit = (action: string) =>
    app.db
      .selectFrom('auditLog')
      .select(['actorName', 'detail', 'target'])
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirst();

  it('refuses an unknown person while 自动创建账号 is off, naming who tried', async () => {
    await configure();
    const res = await signIn('sub-5001');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('单点登录失败：学号/工号 S2026999 对应的账号不存在或已停用');
    expect(await lastAudit('login_failed')).toMatchObject({ actorName: 'newbie' });
    expect(await app.db.selectFrom('appUser').select('id').where('username', '=', 'newbie').executeTakeFirst()).toBe(
      undefined,
    );
  });

  it('creates an SSO-only student from the claims at the first sign-in, with the student role and platform', async () => {
    const res = await signIn('sub-5001');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.user_info).toMatchObject({
      username: 'newbie',
      real_name: '新同学',
      user_no: 'S2026999',
      kind: 'student',
      department: { id: cs.id, name: cs.name },
      roles: [{ code: 'student' }],
      sso_only: 1,
      must_change_pwd: 0,
    });
    // The student role brings the student platform.
    expect(data.menus.plant_front.length).toBeGreaterThanOrEqual(1);
    const row = await app.db
      .selectFrom('appUser')
      .select(['passwordHash', 'email', 'isAdmin'])
      .where('username', '=', 'newbie')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ passwordHash: '', email: 'newbie@example.edu', isAdmin: 0 });
    expect(await lastAudit('account_created')).toMatchObject({
      actorName: 'newbie',
      detail: 'oidc: 单点登录自动创建（学号/工号 S2026999，student）',
    });

    // SSO-only: no 修改密码, no password re-check, no password sign-in.
    const token = data.Authorization;
    const key = await fetchPublicKey(app);
    const change = await postForm(
      app,
      '/user/api/v1.user/change_pwd/',
      { old_password: encryptPassword(key, 'anything1'), new_password: encryptPassword(key, 'NewPass2026') },
      token,
    );
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ errorCode: Codes.ssoOnlyAccount, message: SSO_ONLY_NO_PASSWORD });
    const check = await postForm(app, '/user/api/v1.user/check_user/', { password: encryptPassword(key, 'x') }, token);
    expect(check.json().errorCode).toBe(Codes.ssoOnlyAccount);
    expect(await lastAudit('password_change_failed')).toMatchObject({
      actorName: 'newbie',
      detail: 'SSO-only account: no password here',
    });
    for (const password of ['', 'campus-portal-timing-equaliser']) {
      const pw = await attemptLogin(app, { username: 'newbie', password: password || 'x' });
      expect(pw.json().errorCode).toBe(Codes.inputError);
    }
  });

  it('refreshes name, department and e-mail at later sign-ins, and audits what changed', async () => {
    const other = await app.db
      .selectFrom('department')
      .select(['id', 'name'])
      .where('id', '!=', cs.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    claims['sub-5001'] = { ...claims['sub-5001']!, name: '新同学（改名）', dept: other.name, mail: 'new@example.edu' };
    const res = await signIn('sub-5001');
    expect(res.json().data.user_info).toMatchObject({
      username: 'newbie',
      real_name: '新同学（改名）',
      department: { id: other.id },
    });
    expect(await lastAudit('account_updated')).toMatchObject({
      actorName: 'newbie',
      detail: 'oidc: 单点登录更新 realName, departmentId, email',
    });
    const count = await app.db.selectFrom('appUser').select('id').where('userNo', '=', 'S2026999').execute();
    expect(count).toHaveLength(1);
  });

  it('does not create an account whose user name someone else has', async () => {
    claims['sub-1001'] = { ...claims['sub-1001']!, student_no: 'T-new' };
    const res = await signIn('sub-1001');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('单点登录失败：无法自动创建账号：用户名 teacher 已被其他账号使用，请联系管理员');
  });

  it('refuses a non-administrator on the admin side once, with the reason, naming the account', async () => {
    const before = idp.authorizations.length;
    const res = await signIn('sub-5001', 'loginAdmin');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: Codes.noPermission, message: NOT_AN_ADMINISTRATOR });
    expect(await lastAudit('login_failed')).toMatchObject({
      actorName: 'newbie',
      detail: 'oidc: not an administrator',
    });
    expect(idp.authorizations.length - before).toBe(1);
  });

  it('names the administrator refused outside the admin host', async () => {
    await configure({ adminHost: 'admin.example.edu', match: { field: 'username', claim: '' } });
    const res = await signIn('sub-0001', 'loginAdmin');
    expect(res.json().errorCode).toBe(Codes.adminHostOnly);
    expect(await lastAudit('login_failed')).toMatchObject({
      actorName: 'admin',
      detail: 'oidc: admin sign-in outside the admin host',
    });
  });
});

describe('accounts made by single sign-on (CAS attributes)', () => {
  let app: TestApp;
  let casUrl: string;
  const tickets = new Map<string, string>();
  const cas = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const service = tickets.get(url.searchParams.get('ticket') ?? '');
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      service === url.searchParams.get('service')
        ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess>
  <cas:user>20269001</cas:user>
  <cas:attributes><cas:cn>李同学</cas:cn><cas:employeeNumber>20269001</cas:employeeNumber><cas:ou>软件工程系</cas:ou><cas:mail>li@example.edu</cas:mail></cas:attributes>
</cas:authenticationSuccess></cas:serviceResponse>`
        : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>`,
    );
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', () => resolve()));
    casUrl = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`;
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => cas.close(() => resolve()));
  });

  it('creates a staff member matched on 工号 from the CAS attributes, department by name', async () => {
    const dept = await app.db
      .selectFrom('department')
      .select(['id', 'name'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await app.db.updateTable('department').set({ name: '软件工程系' }).where('id', '=', dept.id).execute();
    await putSsoConfig(app.db, {
      ...DEFAULT_SSO_CONFIG,
      kind: 'cas',
      cas: { serverUrl: casUrl },
      match: { field: 'userNo', claim: 'employeeNumber' },
      provision: {
        enabled: true,
        kind: 'staff',
        nameClaim: 'cn',
        departmentClaim: 'ou',
        userNoClaim: '',
        emailClaim: 'mail',
      },
    });
    const started = await app.inject({
      method: 'POST',
      url: '/user/login/get_urls/',
      headers,
      payload: { start: true },
    });
    const service = new URL(started.json().data.sso_login_url).searchParams.get('service')!;
    tickets.set('ST-p-1', service);
    const res = await app.inject({
      method: 'GET',
      url: `/user/login/?ticket=ST-p-1&state=${new URL(service).searchParams.get('state')}`,
      headers,
      cookies: { [SSO_BROWSER_COOKIE]: started.cookies.find((c) => c.name === SSO_BROWSER_COOKIE)!.value },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_info).toMatchObject({
      username: '20269001',
      real_name: '李同学',
      user_no: '20269001',
      kind: 'staff',
      department: { id: dept.id, name: '软件工程系' },
      roles: [{ code: 'staff' }],
      sso_only: 1,
    });
  });
});
