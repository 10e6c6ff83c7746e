import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { attemptLogin } from '../test-login';
import { PASSWORD_SIGN_IN_CLOSED } from '../service';
import { ADMIN_HOST_ONLY } from './service';
import { runBreakGlassCli } from './break-glass-cli';
import { BREAK_GLASS_SETTING } from './break-glass';
import { DEFAULT_SSO_CONFIG, putSsoConfig } from './sso-config';

const CAS = { serverUrl: 'https://cas.example.edu/cas' };

describe('password sign-in while single sign-on closes the back door', () => {
  let app: TestApp;
  const lines: string[] = [];
  const cli = (...argv: string[]) =>
    runBreakGlassCli(argv, { out: (l) => lines.push(l), err: (l) => lines.push(l), db: app.db, by: 'ops' });

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    lines.length = 0;
    await app.db.deleteFrom('setting').where('key', '=', BREAK_GLASS_SETTING).execute();
    await putSsoConfig(app.db, { ...DEFAULT_SSO_CONFIG, kind: 'cas', cas: CAS, retainBackDoor: false });
  });

  const lastAudit = (action: string) =>
    app.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();

  it('refuses the right password on the user side (desktop and phone post the same form) and audits it', async () => {
    const res = await attemptLogin(app, { username: 'student', password: 'Student@2026' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: Codes.passwordSignInClosed,
      message: PASSWORD_SIGN_IN_CLOSED,
      data: null,
    });
    expect(await lastAudit('login_failed')).toMatchObject({
      actorName: 'student',
      detail: 'password sign-in closed (SSO)',
    });
    expect(await app.db.selectFrom('session').select('userId').execute()).toHaveLength(0);
  });

  it('refuses the administrator on the administrators’ side too', async () => {
    const res = await attemptLogin(app, { username: 'admin', password: 'Admin@2026', isAdmin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe(Codes.passwordSignInClosed);
  });

  it('still signs in by password when the back door is retained, or SSO is off', async () => {
    await putSsoConfig(app.db, { ...DEFAULT_SSO_CONFIG, kind: 'cas', cas: CAS, retainBackDoor: true });
    expect((await attemptLogin(app, { username: 'student', password: 'Student@2026' })).json().errorCode).toBe(
      Codes.ok,
    );
    await putSsoConfig(app.db, { ...DEFAULT_SSO_CONFIG, retainBackDoor: false });
    expect((await attemptLogin(app, { username: 'student', password: 'Student@2026' })).json().errorCode).toBe(
      Codes.ok,
    );
  });

  it('lets the one administrator the break-glass command names sign in on the admin side, audited, until closed', async () => {
    expect(await cli('open', '--user', 'admin', '--minutes', '10')).toBe(0);
    expect(lines.join('\n')).toContain('admin');
    expect(await lastAudit('sso_break_glass_opened')).toMatchObject({ actorName: 'cli:ops', target: 'admin' });

    const res = await attemptLogin(app, { username: 'admin', password: 'Admin@2026', isAdmin: true });
    expect(res.json()).toMatchObject({ errorCode: Codes.ok, data: { is_admin: 1 } });
    expect(await lastAudit('login')).toMatchObject({ actorName: 'admin', detail: 'break-glass' });
    // Not on the user side, and a wrong password is still wrong.
    expect((await attemptLogin(app, { username: 'admin', password: 'Admin@2026' })).json().errorCode).toBe(
      Codes.passwordSignInClosed,
    );
    expect(
      (await attemptLogin(app, { username: 'admin', password: 'Wrong@2026', isAdmin: true })).json().errorCode,
    ).toBe(Codes.inputError);

    expect(await cli('close')).toBe(0);
    expect(await lastAudit('sso_break_glass_closed')).toMatchObject({
      target: 'admin',
      detail: 'closed before its end',
    });
    expect(
      (await attemptLogin(app, { username: 'admin', password: 'Admin@2026', isAdmin: true })).json().errorCode,
    ).toBe(Codes.passwordSignInClosed);
  });

  it('ends the window by itself', async () => {
    expect(await cli('open', '--user', 'admin', '--minutes', '1')).toBe(0);
    await app.db
      .updateTable('setting')
      .set({ value: JSON.stringify({ username: 'admin', until: Date.now() - 1 }) })
      .where('key', '=', BREAK_GLASS_SETTING)
      .execute();
    expect(
      (await attemptLogin(app, { username: 'admin', password: 'Admin@2026', isAdmin: true })).json().errorCode,
    ).toBe(Codes.passwordSignInClosed);
  });

  it('opens no window for an account that is not an administrator, and explains bad usage', async () => {
    expect(await cli('open', '--user', 'student')).toBe(1);
    expect(lines.join('\n')).toMatch(/不是启用中的管理员账号/);
    expect((await attemptLogin(app, { username: 'student', password: 'Student@2026' })).statusCode).toBe(403);
    expect(await cli('open')).toBe(2);
    expect(await cli('open', '--user', 'admin', '--minutes', '999')).toBe(1);
    expect(await cli('reopen')).toBe(2);
  });
});

describe('administrators sign in only on SSO_ADMIN_HOST, by password too', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    // As the back office (or SSO_KIND with SSO_ADMIN_HOST) stores it; SSO itself may stay off.
    await putSsoConfig(app.db, { ...DEFAULT_SSO_CONFIG, adminHost: 'admin.example.edu' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses the administrator on another host with a coded message, and signs them in on the admin host', async () => {
    const elsewhere = await attemptLogin(app, {
      username: 'admin',
      password: 'Admin@2026',
      isAdmin: true,
      headers: { host: 'portal.example.edu' },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ errorCode: Codes.adminHostOnly, message: ADMIN_HOST_ONLY });
    const row = await app.db
      .selectFrom('auditLog')
      .select(['actorName', 'detail'])
      .where('action', '=', 'login_failed')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(row).toEqual({ actorName: 'admin', detail: 'admin sign-in outside the admin host (admin)' });

    const there = await attemptLogin(app, {
      username: 'admin',
      password: 'Admin@2026',
      isAdmin: true,
      headers: { host: 'Admin.Example.edu:8443' },
    });
    expect(there.json()).toMatchObject({ errorCode: Codes.ok, data: { is_admin: 1 } });
  });

  it('leaves ordinary users alone on any host', async () => {
    const res = await attemptLogin(app, {
      username: 'student',
      password: 'Student@2026',
      headers: { host: 'portal.example.edu' },
    });
    expect(res.json().errorCode).toBe(Codes.ok);
  });
});
