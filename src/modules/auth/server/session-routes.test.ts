import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { verifyPassword } from '@/server/identity/passwords';
import { DEFAULT_SSO_CONFIG, putSsoConfig } from './sso/sso-config';
import { Codes } from '@/shared/errors';
import { PASSWORD_POLICY_TEXT } from '../contract';
import { encryptPassword, fetchPublicKey, loginAs, postForm } from './test-login';

const LOGOUT = '/user/login/login_out/';
const IS_LOGIN = '/user/api/v1.user/check_user_is_login/';
const CHANGE_PWD = '/user/api/v1.user/change_pwd/';
const CHECK_USER = '/user/api/v1.user/check_user/';

describe('logout, login status, password change and re-confirmation', () => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none' });
    key = await fetchPublicKey(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const enc = (p: string) => encryptPassword(key, p);
  const isLogin = (token?: string, fields: Record<string, unknown> = {}) => postForm(app, IS_LOGIN, fields, token);

  describe('check_user_is_login', () => {
    it('answers is_login true for a live session', async () => {
      await createTestUser(app, { username: 'status-a', password: 'Status@2026' });
      const { Authorization } = await loginAs(app, 'status-a', 'Status@2026');
      const res = await isLogin(Authorization);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        errorCode: Codes.ok,
        message: '成功',
        data: { is_login: true, to_url: '', ternantId: 'default' },
      });
    });

    it('answers HTTP 200 with 0x00000011 and the login address without a session', async () => {
      const none = await app.inject({ method: 'POST', url: IS_LOGIN });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toMatchObject({
        errorCode: Codes.notAuthenticated,
        data: { is_login: false, to_url: '/login', ternantId: 'default' },
      });
      const dead = await isLogin('no-such-token');
      expect(dead.json()).toMatchObject({
        errorCode: Codes.notAuthenticated,
        data: { is_login: false, to_url: '/login' },
      });
      const admin = await isLogin(undefined, { is_admin: 1 });
      expect(admin.json()).toMatchObject({ errorCode: Codes.notAuthenticated, data: { to_url: '/loginAdmin' } });
    });
  });

  describe('login_out', () => {
    it('revokes the session: the token then gets 0x00000011 on a session route', async () => {
      await createTestUser(app, { username: 'leaver', password: 'Leave@2026' });
      const { Authorization } = await loginAs(app, 'leaver', 'Leave@2026');
      expect((await postForm(app, CHECK_USER, { password: enc('Leave@2026') }, Authorization)).json()).toMatchObject({
        errorCode: Codes.ok,
      });
      const out = await postForm(app, LOGOUT, {}, Authorization);
      expect(out.json()).toEqual({ errorCode: Codes.ok, message: '已退出登录', data: { logout_url: '' } });
      const after = await postForm(app, CHECK_USER, { password: enc('Leave@2026') }, Authorization);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ errorCode: Codes.notAuthenticated });
      expect((await isLogin(Authorization)).json()).toMatchObject({ errorCode: Codes.notAuthenticated });
      const rows = await app.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'logout')
        .where('actorName', '=', 'leaver')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('answers ok without a token or with a dead one', async () => {
      expect((await postForm(app, LOGOUT, {})).json()).toMatchObject({ errorCode: Codes.ok, data: { logout_url: '' } });
      expect((await postForm(app, LOGOUT, {}, 'expired-token')).json()).toMatchObject({ errorCode: Codes.ok });
    });

    it('sends the browser to the CAS logout, or the configured address, when single sign-on is on', async () => {
      await putSsoConfig(app.db, {
        ...DEFAULT_SSO_CONFIG,
        kind: 'cas',
        cas: { serverUrl: 'https://cas.example.edu.cn/cas/' },
      });
      expect((await postForm(app, LOGOUT, {})).json()).toMatchObject({
        data: {
          logout_url: `https://cas.example.edu.cn/cas/logout?service=${encodeURIComponent('http://localhost/login')}`,
        },
      });
      await putSsoConfig(app.db, {
        ...DEFAULT_SSO_CONFIG,
        kind: 'cas',
        cas: { serverUrl: 'https://cas.example.edu.cn/cas/' },
        logoutUrl: 'https://www.example.edu.cn/',
      });
      expect((await postForm(app, LOGOUT, {})).json()).toMatchObject({
        data: { logout_url: 'https://www.example.edu.cn/' },
      });
      await putSsoConfig(app.db, DEFAULT_SSO_CONFIG);
      expect((await postForm(app, LOGOUT, {})).json()).toMatchObject({ data: { logout_url: '' } });
    });
  });

  describe('change_pwd', () => {
    it("changes the password, keeps this session and revokes the user's other sessions", async () => {
      const id = await createTestUser(app, { username: 'changer', password: 'Old@2026pw' });
      await app.db.updateTable('appUser').set({ mustChangePwd: 1 }).where('id', '=', id).execute();
      const a = await loginAs(app, 'changer', 'Old@2026pw');
      const b = await loginAs(app, 'changer', 'Old@2026pw');
      const res = await postForm(
        app,
        CHANGE_PWD,
        { old_password: enc('Old@2026pw'), new_password: enc('New@2026pw') },
        a.Authorization,
      );
      expect(res.json()).toMatchObject({ errorCode: Codes.ok });
      expect((await isLogin(a.Authorization)).json()).toMatchObject({ data: { is_login: true } });
      expect((await isLogin(b.Authorization)).json()).toMatchObject({ errorCode: Codes.notAuthenticated });
      const row = await app.db
        .selectFrom('appUser')
        .select(['passwordHash', 'mustChangePwd'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.passwordHash, 'New@2026pw')).toBe(true);
      expect(row.mustChangePwd).toBe(0);
      expect((await loginAs(app, 'changer', 'New@2026pw')).Authorization).toBeTruthy();
      const audits = await app.db
        .selectFrom('auditLog')
        .select('action')
        .where('action', '=', 'password_changed')
        .where('actorId', '=', id)
        .execute();
      expect(audits).toHaveLength(1);
    });

    it('refuses a wrong old password, a weak new one and an unchanged one', async () => {
      await createTestUser(app, { username: 'changer2', password: 'Keep@2026pw' });
      const { Authorization } = await loginAs(app, 'changer2', 'Keep@2026pw');
      const change = (o: string, n: string) =>
        postForm(app, CHANGE_PWD, { old_password: enc(o), new_password: enc(n) }, Authorization);
      expect((await change('Nope@2026pw', 'New@2026pw')).json()).toMatchObject({
        errorCode: Codes.inputError,
        message: '原密码错误',
      });
      expect((await change('Keep@2026pw', 'short1')).json()).toMatchObject({
        errorCode: Codes.inputError,
        message: PASSWORD_POLICY_TEXT,
      });
      expect((await change('Keep@2026pw', 'onlyletters')).json()).toMatchObject({ message: PASSWORD_POLICY_TEXT });
      expect((await change('Keep@2026pw', 'Keep@2026pw')).json()).toMatchObject({
        errorCode: Codes.inputError,
        message: '新密码不能与原密码相同',
      });
      expect((await loginAs(app, 'changer2', 'Keep@2026pw')).Authorization).toBeTruthy();
    });

    it('refuses plaintext passwords and callers without a session', async () => {
      await createTestUser(app, { username: 'changer3', password: 'Keep@2026pw' });
      const { Authorization } = await loginAs(app, 'changer3', 'Keep@2026pw');
      const plain = await postForm(
        app,
        CHANGE_PWD,
        { old_password: 'Keep@2026pw', new_password: 'New@2026pw' },
        Authorization,
      );
      expect(plain.json()).toMatchObject({ errorCode: Codes.inputError, message: '密码解密失败，请刷新页面后重试' });
      const anon = await postForm(app, CHANGE_PWD, {
        old_password: enc('Keep@2026pw'),
        new_password: enc('New@2026pw'),
      });
      expect(anon.statusCode).toBe(401);
    });
  });

  describe('check_user', () => {
    it('confirms the current password', async () => {
      await createTestUser(app, { username: 'checker', password: 'Check@2026' });
      const { Authorization } = await loginAs(app, 'checker', 'Check@2026');
      expect((await postForm(app, CHECK_USER, { password: enc('Check@2026') }, Authorization)).json()).toEqual({
        errorCode: Codes.ok,
        message: '成功',
        data: { valid: true },
      });
    });

    it('answers 密码错误 to a wrong password and locks this address out of the account after five', async () => {
      await createTestUser(app, { username: 'checker2', password: 'Check@2026' });
      const { Authorization } = await loginAs(app, 'checker2', 'Check@2026');
      for (let i = 0; i < 4; i++) {
        expect((await postForm(app, CHECK_USER, { password: enc('Wrong@2026') }, Authorization)).json()).toMatchObject({
          errorCode: Codes.inputError,
          message: '密码错误',
        });
      }
      expect((await postForm(app, CHECK_USER, { password: enc('Wrong@2026') }, Authorization)).json()).toMatchObject({
        errorCode: Codes.accountLocked,
      });
      expect((await postForm(app, CHECK_USER, { password: enc('Check@2026') }, Authorization)).json()).toMatchObject({
        errorCode: Codes.accountLocked,
      });
      await expect(loginAs(app, 'checker2', 'Check@2026')).rejects.toThrow(/0x00000033/);
    });
  });

  it("stops a disabled user's session at once", async () => {
    const id = await createTestUser(app, { username: 'soon-disabled', password: 'Dis@2026pw' });
    const { Authorization } = await loginAs(app, 'soon-disabled', 'Dis@2026pw');
    expect((await postForm(app, CHECK_USER, { password: enc('Dis@2026pw') }, Authorization)).statusCode).toBe(200);
    await app.db.updateTable('appUser').set({ status: 'disabled' }).where('id', '=', id).execute();
    const res = await postForm(app, CHECK_USER, { password: enc('Dis@2026pw') }, Authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: Codes.notAuthenticated });
  });

  it('counts visits per day (incVisit)', async () => {
    const first = (await app.inject({ method: 'POST', url: '/user/api/v1.user/incVisit/' })).json() as {
      data: { day: string; count: number };
    };
    const results = await Promise.all(
      [1, 2, 3].map(() => app.inject({ method: 'POST', url: '/user/api/v1.user/incVisit/' })),
    );
    expect(first.data.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(results.map((r) => (r.json() as typeof first).data.count).sort((x, y) => x - y)).toEqual([
      first.data.count + 1,
      first.data.count + 2,
      first.data.count + 3,
    ]);
    const row = await app.db
      .selectFrom('visitStat')
      .select('count')
      .where('day', '=', first.data.day)
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(first.data.count + 3);
  });
});
