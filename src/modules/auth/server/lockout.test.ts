import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { attemptLogin, loginAs } from './test-login';
import { accountWideDelay } from './lockout';

const codeOf = (res: { json(): unknown }) => (res.json() as { errorCode: string }).errorCode;
const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';

/**
 * Lockout an attacker cannot turn against the owner: five failures lock the (account, address)
 * pair only; the account-wide streak slows sign-in and alerts administrators but never locks.
 * Account-wide delays (and the alert) start after 6 failures here, capped at 1 s, so the suite stays quick.
 */
describe('sign-in lockout per account and address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ env: { LOCKOUT_DELAY_THRESHOLD: '6', LOCKOUT_DELAY_MAX_SECONDS: '1' } });
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
  const adminMessages = () =>
    app.db
      .selectFrom('message')
      .innerJoin('appUser', 'appUser.id', 'message.userId')
      .select(['appUser.username', 'message.title', 'message.body', 'message.link'])
      .where('appUser.isAdmin', '=', 1)
      .orderBy('message.id')
      .execute();
  const unlockAs = async (username: string) => {
    const { id } = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.account/unlock/',
      payload: { id },
    });
  };

  it('locks the attacking address out of admin after five wrong passwords; admin still signs in elsewhere', async () => {
    for (let i = 1; i <= 4; i++) {
      const r = await attemptLogin(app, {
        username: 'admin',
        password: `Guess@${i}`,
        isAdmin: true,
        remoteAddress: ATTACKER,
      });
      expect(codeOf(r), `failure ${i}`).toBe(Codes.inputError);
    }
    const fifth = await attemptLogin(app, {
      username: 'admin',
      password: 'Guess@5',
      isAdmin: true,
      remoteAddress: ATTACKER,
    });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ errorCode: Codes.accountLocked, message: '账号已锁定，请 15 分钟后再试' });
    // The attacker's address is locked even for the right password…
    const fromAttacker = await attemptLogin(app, {
      username: 'admin',
      password: 'Admin@2026',
      isAdmin: true,
      remoteAddress: ATTACKER,
    });
    expect(codeOf(fromAttacker)).toBe(Codes.accountLocked);
    // …while the administrator, from their own address, signs in.
    const owner = await loginAs(app, 'admin', 'Admin@2026', true, OWNER);
    expect(owner.is_admin).toBe(1);
    // Still locked for the attacker after the owner's success.
    expect(
      codeOf(
        await attemptLogin(app, { username: 'admin', password: 'Guess@6', isAdmin: true, remoteAddress: ATTACKER }),
      ),
    ).toBe(Codes.accountLocked);

    const locks = await auditRows('sign_in_locked', 'admin');
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ result: 'fail', ip: ATTACKER });
    expect(locks[0]!.detail).toContain(`address ${ATTACKER} locked for 15 min`);
    // The back office sees the account as locked (an address of it is), so it offers 解锁.
    const listed = await app.injectAs('admin', {
      method: 'GET',
      url: '/user/api/v1.account/list/?page=1&pageSize=20&keyword=admin&status=locked',
    });
    expect((listed.json() as { data: { list: { username: string }[] } }).data.list.map((a) => a.username)).toContain(
      'admin',
    );
  });

  it('answers an unknown account like a real one: locked after five from one address', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        codeOf(await attemptLogin(app, { username: 'no-such-user', password: 'X@1', remoteAddress: ATTACKER })),
      );
    expect(codes).toEqual([...Array(4).fill(Codes.inputError), Codes.accountLocked, Codes.accountLocked]);
  });

  it('lets parallel attempts from one address past the threshold never more than five times', async () => {
    await createTestUser(app, { username: 'racer', password: 'Right@2026' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        attemptLogin(app, { username: 'racer', password: `Wrong@${i}`, remoteAddress: '192.0.2.50' }),
      ),
    );
    const codes = answers.map(codeOf);
    expect(codes.filter((c) => c === Codes.inputError).length).toBe(4);
    expect(codes.filter((c) => c === Codes.accountLocked).length).toBe(4);
    const wrongChecked = await auditRows('login_failed', 'racer');
    expect(wrongChecked.filter((r) => r.detail?.startsWith('wrong password')).length).toBe(5);
  });

  it('slows and alerts on failures from many addresses, but never locks the owner out', async () => {
    await createTestUser(app, { username: 'target', password: 'Owner@2026' });
    const before = (await adminMessages()).length;
    // Six addresses, two wrong passwords each: no address reaches five, the account-wide streak reaches 12.
    const times: number[] = [];
    for (let n = 0; n < 12; n++) {
      const started = Date.now();
      const r = await attemptLogin(app, {
        username: 'target',
        password: `Spray@${n}`,
        remoteAddress: `10.9.0.${(n % 6) + 1}`,
      });
      times.push(Date.now() - started);
      expect(codeOf(r), `attempt ${n + 1}`).toBe(Codes.inputError);
    }
    // Attempts 7 onwards waited the (capped) delay first; the first six did not.
    expect(Math.min(...times.slice(6))).toBeGreaterThanOrEqual(950);
    const delayed = (await auditRows('login_failed', 'target')).map((r) => r.detail);
    expect(delayed.slice(0, 6).every((d) => d === 'wrong password')).toBe(true);
    expect(delayed.slice(6).every((d) => d === 'wrong password, delayed 1000 ms')).toBe(true);

    // One alert for the burst: a message to every administrator and an audit row.
    const messages = (await adminMessages()).slice(before);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      username: 'admin',
      title: '账号 target 连续登录失败 6 次',
      link: '/cms/systemSetting/account',
    });
    expect(messages[0]!.body).toContain('来自 6 个地址');
    expect(await auditRows('sign_in_alert', 'target')).toHaveLength(1);

    // The owner, slowed but not refused, signs in from a new address; the streak then ends.
    const started = Date.now();
    const owner = await loginAs(app, 'target', 'Owner@2026', false, '10.9.1.1');
    expect(owner.user_info.username).toBe('target');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const t0 = Date.now();
    expect(
      codeOf(await attemptLogin(app, { username: 'target', password: 'Spray@x', remoteAddress: '10.9.0.1' })),
    ).toBe(Codes.inputError);
    expect(Date.now() - t0).toBeLessThan(950);
  });

  it('alerts again for a new burst after the owner signed in', async () => {
    await createTestUser(app, { username: 'twice', password: 'Owner@2026' });
    const burst = async () => {
      for (let n = 0; n < 6; n++)
        await attemptLogin(app, { username: 'twice', password: 'Nope@1', remoteAddress: `10.8.0.${n + 1}` });
    };
    await burst();
    await loginAs(app, 'twice', 'Owner@2026', false, '10.8.1.1');
    await burst();
    expect(await auditRows('sign_in_alert', 'twice')).toHaveLength(2);
  });

  it('clears every address lock when an administrator unlocks, and audits it', async () => {
    await createTestUser(app, { username: 'unlock-me', password: 'Right@2026' });
    for (const address of ['192.0.2.1', '192.0.2.2'])
      for (let i = 0; i < 5; i++)
        await attemptLogin(app, { username: 'unlock-me', password: 'Wrong@1', remoteAddress: address });
    expect(
      codeOf(await attemptLogin(app, { username: 'unlock-me', password: 'Right@2026', remoteAddress: '192.0.2.1' })),
    ).toBe(Codes.accountLocked);
    expect(await auditRows('sign_in_locked', 'unlock-me')).toHaveLength(2);

    expect(codeOf(await unlockAs('unlock-me'))).toBe(Codes.ok);
    const unlocked = (
      await app.db.selectFrom('auditLog').selectAll().where('action', '=', 'account_unlocked').execute()
    ).filter((r) => r.target?.endsWith(' unlock-me'));
    expect(unlocked).toHaveLength(1);
    expect(unlocked[0]).toMatchObject({ actorName: 'admin', detail: '2 locked addresses cleared' });
    const d = await loginAs(app, 'unlock-me', 'Right@2026', false, '192.0.2.2');
    expect(d.Authorization).toBeTruthy();
    expect(
      codeOf(await attemptLogin(app, { username: 'unlock-me', password: 'Right@2026', remoteAddress: '192.0.2.1' })),
    ).toBe(Codes.ok);
  });

  it('forgets a streak untouched for a day', async () => {
    await createTestUser(app, { username: 'stale', password: 'Right@2026' });
    for (let i = 0; i < 4; i++)
      await attemptLogin(app, { username: 'stale', password: 'Wrong@1', remoteAddress: '192.0.2.77' });
    await app.db
      .updateTable('signInFailure')
      .set({ lastFailedAt: Date.now() - 2 * 86_400_000 })
      .where('username', '=', 'stale')
      .execute();
    // A fifth failure two days later starts a new streak instead of locking.
    expect(
      codeOf(await attemptLogin(app, { username: 'stale', password: 'Wrong@1', remoteAddress: '192.0.2.77' })),
    ).toBe(Codes.inputError);
    const rows = await app.db
      .selectFrom('signInFailure')
      .select(['address', 'failedCount'])
      .where('username', '=', 'stale')
      .orderBy('address')
      .execute();
    expect(rows).toEqual([
      { address: '', failedCount: 1 },
      { address: '192.0.2.77', failedCount: 1 },
    ]);
  });

  it('computes the account-wide delay: none, then doubling from one second, capped', () => {
    expect([9, 10, 11, 12, 13, 14, 500].map((n) => accountWideDelay(n, 10, 10_000))).toEqual([
      0, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});
