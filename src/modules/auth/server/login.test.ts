import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { Envelope } from '@/shared/envelope';
import type { LoginAnswer } from '../contract';
import type { FastifyRequest } from 'fastify';
import { findUserByUsername } from './repository';
import { issueLogin } from './login-answer';
import { attemptLogin, fetchCaptchaId, fetchPublicKey, encryptPassword, formBody, loginAs } from './test-login';
import { NO_MENU_ERROR, NO_PLATFORM_ERROR, PASSWORD_RESET_NOTICE, safeTo, signInProblem } from './login-answer';

type Answer = Envelope<LoginAnswer | null>;

describe('POST /user/login/ (password sign-in)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const auditRows = (action: string, actorName: string) =>
    app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', action)
      .where('actorName', '=', actorName)
      .orderBy('id')
      .execute();

  it('signs in a demo user and answers token, user info, menus and flags', async () => {
    const res = await attemptLogin(app, { username: 'student', password: 'Student@2026' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Answer;
    expect(body.errorCode).toBe(Codes.ok);
    const d = body.data!;
    expect(d.Authorization).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.user_info).toMatchObject({
      username: 'student',
      real_name: '李明轩',
      is_admin: 0,
      kind: 'student',
      must_change_pwd: 0,
    });
    expect(Array.isArray(d.user_info.roles)).toBe(true);
    expect(d.menus).toHaveProperty('plant_front');
    expect(d.menus.cms).toEqual([]);
    expect(d).toMatchObject({ is_admin: 0, redirect: '', to: '', message: '', error: '' });
    // The token works on a session route.
    const check = await app.inject({
      method: 'POST',
      url: '/user/api/v1.user/check_user_is_login/',
      headers: { authorization: d.Authorization },
    });
    expect(check.json()).toMatchObject({ errorCode: Codes.ok, data: { is_login: true } });
  });

  it('writes every field of the login answer through its response schema, menu trees at every depth', async () => {
    /** Every key path of a JSON value, arrays collapsed (one item stands for all). */
    const paths = (v: unknown, prefix = '', out = new Set<string>()): Set<string> => {
      if (Array.isArray(v)) for (const item of v) paths(item, `${prefix}[].`, out);
      else if (v && typeof v === 'object')
        for (const [k, child] of Object.entries(v)) {
          out.add(`${prefix}${k}`);
          paths(child, `${prefix}${k}.`, out);
        }
      return out;
    };
    for (const [username, password, asAdmin] of [
      ['student', 'Student@2026', false],
      ['teacher', 'Teacher@2026', false],
      ['admin', 'Admin@2026', true],
    ] as const) {
      const wire = await loginAs(app, username, password, asAdmin);
      const user = (await findUserByUsername(app.db, username))!;
      const req = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
      const own = await issueLogin(app, req, user, { asAdmin, via: 'password' });
      const sent = paths(wire);
      expect(
        [...paths(JSON.parse(JSON.stringify(own)))].filter((k) => !sent.has(k)),
        username,
      ).toEqual([]);
      // Nested menus went through the recursive $defs: grandchildren keep their fields.
      expect(wire.menus).toEqual(JSON.parse(JSON.stringify(own.menus)));
    }
  });

  it('signs in the administrator on the admin side with the cms menu', async () => {
    const d = await loginAs(app, 'admin', 'Admin@2026', true);
    expect(d.is_admin).toBe(1);
    expect(d.user_info.is_admin).toBe(1);
    expect(d.menus.plant_front).toEqual([]);
    const session = await app.db
      .selectFrom('session')
      .select(['isAdmin', 'platformId'])
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ isAdmin: 1, platformId: null });
  });

  it('answers an unknown user and a wrong password with the same code and message', async () => {
    const unknown = (await attemptLogin(app, { username: 'nobody-here', password: 'Whatever@1' })).json() as Answer;
    const wrong = (await attemptLogin(app, { username: 'teacher', password: 'Wrong@2026' })).json() as Answer;
    expect(unknown.errorCode).toBe(Codes.inputError);
    expect(unknown.message).toBe('用户名或密码错误');
    expect({ errorCode: wrong.errorCode, message: wrong.message }).toEqual({
      errorCode: unknown.errorCode,
      message: unknown.message,
    });
    await app.db.deleteFrom('signInFailure').where('username', '=', 'teacher').execute();
  });

  it('locks the account for this address after five failures in a row and says for how long', async () => {
    await createTestUser(app, { username: 'lock-me', password: 'Right@2026' });
    for (let i = 1; i <= 4; i++) {
      const r = (await attemptLogin(app, { username: 'lock-me', password: `Wrong@${i}` })).json() as Answer;
      expect(r.errorCode, `failure ${i}`).toBe(Codes.inputError);
    }
    const fifth = await attemptLogin(app, { username: 'lock-me', password: 'Wrong@5' });
    expect(fifth.json()).toMatchObject({ errorCode: Codes.accountLocked, message: '账号已锁定，请 15 分钟后再试' });
    // Locked: even the right password is refused.
    const right = await attemptLogin(app, { username: 'lock-me', password: 'Right@2026' });
    expect((right.json() as Answer).errorCode).toBe(Codes.accountLocked);
    // The back office marks the account as locked (an address of it is) until the lock ends.
    const row = await app.db
      .selectFrom('appUser')
      .select(['lockedUntil'])
      .where('username', '=', 'lock-me')
      .executeTakeFirstOrThrow();
    expect(row.lockedUntil! - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('unlocks after the lock period and signs in again', async () => {
    await createTestUser(app, { username: 'was-locked', password: 'Right@2026' });
    for (let i = 0; i < 5; i++) await attemptLogin(app, { username: 'was-locked', password: 'Wrong@2026' });
    expect(
      ((await attemptLogin(app, { username: 'was-locked', password: 'Right@2026' })).json() as Answer).errorCode,
    ).toBe(Codes.accountLocked);
    // The lock is held per account and address (sign_in_failure); let it run out.
    await app.db
      .updateTable('signInFailure')
      .set({ lockedUntil: Date.now() - 1000 })
      .where('username', '=', 'was-locked')
      .execute();
    const d = await loginAs(app, 'was-locked', 'Right@2026');
    expect(d.Authorization).toBeTruthy();
    const row = await app.db
      .selectFrom('appUser')
      .select(['failedCount', 'lockedUntil', 'lastLoginAt'])
      .where('username', '=', 'was-locked')
      .executeTakeFirstOrThrow();
    expect(row.failedCount).toBe(0);
    expect(row.lockedUntil).toBeNull();
    expect(row.lastLoginAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('counts failures in a row only: a success in between starts the count again', async () => {
    await createTestUser(app, { username: 'in-a-row', password: 'Right@2026' });
    for (let i = 0; i < 4; i++) await attemptLogin(app, { username: 'in-a-row', password: 'Wrong@2026' });
    await loginAs(app, 'in-a-row', 'Right@2026');
    for (let i = 0; i < 4; i++) {
      expect(
        ((await attemptLogin(app, { username: 'in-a-row', password: 'Wrong@2026' })).json() as Answer).errorCode,
      ).toBe(Codes.inputError);
    }
  });

  it('refuses an ordinary user asking for the administrator side', async () => {
    const res = await attemptLogin(app, { username: 'teacher', password: 'Teacher@2026', isAdmin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: Codes.noPermission, message: '该账号不是管理员账号', data: null });
    const rows = await auditRows('login_failed', 'teacher');
    expect(rows.at(-1)).toMatchObject({ result: 'fail', detail: 'not an administrator (admin)' });
  });

  it('sends an administrator on the user side to the administrator login', async () => {
    const res = await attemptLogin(app, { username: 'admin', password: 'Admin@2026', isAdmin: false });
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '管理员请使用管理员登录' });
  });

  it('refuses a disabled account only once the password is right', async () => {
    await createTestUser(app, { username: 'disabled-one', password: 'Right@2026', status: 'disabled' });
    expect(
      ((await attemptLogin(app, { username: 'disabled-one', password: 'Wrong@2026' })).json() as Answer).message,
    ).toBe('用户名或密码错误');
    const res = await attemptLogin(app, { username: 'disabled-one', password: 'Right@2026' });
    expect(res.json()).toMatchObject({ errorCode: Codes.accountDisabled });
  });

  it('refuses a plaintext password', async () => {
    await createTestUser(app, { username: 'plain-pwd', password: 'Plain2026x' });
    for (const password of ['Plain2026x', 'Plain@2026']) {
      const res = await attemptLogin(app, { username: 'plain-pwd', password, plaintext: true });
      expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '密码解密失败，请刷新页面后重试' });
    }
  });

  it('checks the captcha before anything else', async () => {
    const res = await attemptLogin(app, { username: 'student', password: 'Student@2026', code: 'WXYZ' });
    expect(res.json()).toMatchObject({ errorCode: Codes.captchaWrong });
    const noCookie = await attemptLogin(app, { username: 'student', password: 'Student@2026', cid: null });
    expect(noCookie.json()).toMatchObject({ errorCode: Codes.cidNotFound });
  });

  it('writes audit rows for a login and a failure, never with the password', async () => {
    await createTestUser(app, { username: 'audited', password: 'Secret@2026' });
    await attemptLogin(app, { username: 'audited', password: 'Oops@2026' });
    await loginAs(app, 'audited', 'Secret@2026');
    const failed = await auditRows('login_failed', 'audited');
    const ok = await auditRows('login', 'audited');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ result: 'fail', detail: 'wrong password', ip: '127.0.0.1' });
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ result: 'ok', detail: 'password' });
    const all = JSON.stringify(await app.db.selectFrom('auditLog').selectAll().execute());
    expect(all).not.toContain('Secret@2026');
    expect(all).not.toContain('Oops@2026');
  });

  it('keeps a same-site `to` and drops any other', async () => {
    const d = (
      await attemptLogin(app, {
        username: 'student',
        password: 'Student@2026',
        to: '/web/taskCenter/taskWorkBench?id=3',
      })
    ).json() as Answer;
    expect(d.data!.to).toBe('/web/taskCenter/taskWorkBench?id=3');
    const evil = (
      await attemptLogin(app, { username: 'student', password: 'Student@2026', to: '//evil.example/x' })
    ).json() as Answer;
    expect(evil.data!.to).toBe('');
    expect(['https://evil.example', '/\\evil.example', 'web/x', '/ok\nbad'].map(safeTo)).toEqual(['', '', '', '']);
  });

  it('announces a password reset by an administrator', async () => {
    const id = await createTestUser(app, { username: 'was-reset', password: 'Reset@2026' });
    await app.db.updateTable('appUser').set({ mustChangePwd: 1 }).where('id', '=', id).execute();
    const d = await loginAs(app, 'was-reset', 'Reset@2026');
    expect(d).toMatchObject({ message: PASSWORD_RESET_NOTICE, redirect: '', user_info: { must_change_pwd: 1 } });
  });

  it("answers in `error` what leaves a signed-in account with nothing to open (spec section 3's notice)", async () => {
    await createTestUser(app, { username: 'no-platform', password: 'None@2026' });
    const d = await loginAs(app, 'no-platform', 'None@2026');
    expect(d).toMatchObject({ error: NO_PLATFORM_ERROR, message: '' });
    const platform = { platform_id: 1, platform_name: '平台', icon: '', index_url: '/web', kind: 'normal' };
    const menu = [
      { name: 'webHomeIndex', path: '/web/home/index', title: '首页', icon: null, children: [], relationRoutes: [] },
    ];
    expect(signInProblem(false, { plant_front: [{ ...platform, web: [] }], cms: [] })).toBe(NO_MENU_ERROR);
    expect(signInProblem(false, { plant_front: [{ ...platform, web: menu }], cms: [] })).toBe('');
    expect(signInProblem(true, { plant_front: [], cms: [] })).toBe(NO_MENU_ERROR);
    expect((await loginAs(app, 'admin', 'Admin@2026', true)).error).toBe('');
  });

  it("binds the session to the user's only platform, and to none when they have several", async () => {
    const uid = await createTestUser(app, { username: 'one-platform', password: 'Plat@2026' });
    const now = Date.now();
    const mk = async (name: string) =>
      (
        await app.db
          .insertInto('platform')
          .values({ name, icon: '', indexUrl: '/web/home', kind: 'normal', sort: 99, status: 'active', createdAt: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const p1 = await mk('测试平台一');
    await app.db.insertInto('platformUser').values({ platformId: p1, userId: uid }).execute();
    const sessionOf = async (token: string) => {
      const { hashToken } = await import('@/server/identity/sessions');
      return app.db
        .selectFrom('session')
        .select('platformId')
        .where('tokenHash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
    };
    const one = await loginAs(app, 'one-platform', 'Plat@2026');
    expect(one.menus.plant_front.map((p) => p.platform_id)).toEqual([p1]);
    expect((await sessionOf(one.Authorization)).platformId).toBe(p1);
    const p2 = await mk('测试平台二');
    await app.db.insertInto('platformUser').values({ platformId: p2, userId: uid }).execute();
    const two = await loginAs(app, 'one-platform', 'Plat@2026');
    expect((await sessionOf(two.Authorization)).platformId).toBeNull();
  });

  it('refuses a login body over 16 KB with 413', async () => {
    const cid = await fetchCaptchaId(app);
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/',
      cookies: { cid },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({
        is_admin: 0,
        username: 'student',
        password: encryptPassword(await fetchPublicKey(app), 'Student@2026'),
        code: 'TEST',
        pad: 'x'.repeat(17 * 1024),
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ errorCode: Codes.payloadTooLarge });
  });

  it('validates the form: a missing username is an input error naming the field', async () => {
    const cid = await fetchCaptchaId(app);
    const res = await app.inject({
      method: 'POST',
      url: '/user/login/',
      cookies: { cid },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({ is_admin: 0, password: 'x', code: 'TEST' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'username' } });
  });
});

describe('per-IP rate limits on sign-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none', env: { LOGIN_RATE_LIMIT: '3', CAPTCHA_RATE_LIMIT: '4' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 with 0x00000429 once an address exceeds the login limit', async () => {
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/user/login/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ is_admin: 0, username: 'x', password: 'x', code: 'TEST' }),
      });
    for (let i = 0; i < 3; i++) expect((await post()).statusCode).not.toBe(429);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ errorCode: Codes.tooManyRequests });
    // Another address is not affected.
    const other = await app.inject({
      method: 'POST',
      url: '/user/login/',
      remoteAddress: '10.0.0.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({ is_admin: 0, username: 'x', password: 'x', code: 'TEST' }),
    });
    expect(other.statusCode).not.toBe(429);
  });

  it('limits captcha images per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await app.inject({ method: 'GET', url: '/user/login/get_code/?r=' + i })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });
});
