import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createPgSchema,
  createTestUser,
  dropPgSchema,
  usePostgres,
  type TestApp,
} from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { attemptLogin, encryptPassword, fetchCaptchaId, fetchPublicKey, loginAs, postForm } from './test-login';

const codeOf = (res: { json(): unknown }) => (res.json() as { errorCode: string }).errorCode;

/**
 * Two app servers on one PostgreSQL schema behave as one: captchas, sessions, lockout
 * counters (per account and address, and account-wide) and the RSA key live in the database,
 * not in either process.
 */
describe.skipIf(!usePostgres())('two app servers on one PostgreSQL database', () => {
  let schema: string;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    schema = await createPgSchema();
    a = await buildTestApp({ pgSchema: schema });
    b = await buildTestApp({ pgSchema: schema, seed: 'none' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (schema) await dropPgSchema(schema);
  });

  it('answers the same public key on both servers', async () => {
    expect(await fetchPublicKey(b)).toBe(await fetchPublicKey(a));
  });

  it('accepts on B a captcha fetched from A, once', async () => {
    const cid = await fetchCaptchaId(a);
    const res = await attemptLogin(b, { username: 'student', password: 'Student@2026', cid });
    expect(codeOf(res)).toBe(Codes.ok);
    // Used up on B means used up on A too.
    expect(codeOf(await attemptLogin(a, { username: 'student', password: 'Student@2026', cid }))).toBe(
      Codes.cidNotFound,
    );
  });

  it('accepts on B a token issued by A, and a logout on B ends it on A', async () => {
    const { Authorization } = await loginAs(a, 'teacher', 'Teacher@2026');
    expect((await postForm(b, '/user/api/v1.user/check_user_is_login/', {}, Authorization)).json()).toMatchObject({
      errorCode: Codes.ok,
      data: { is_login: true },
    });
    await postForm(b, '/user/login/login_out/', {}, Authorization);
    expect(codeOf(await postForm(a, '/user/api/v1.user/check_user_is_login/', {}, Authorization))).toBe(
      Codes.notAuthenticated,
    );
  });

  // Issue 15: the session check got cheaper, but every signed-in call still reads its session and
  // account, so nothing one server caches can keep a cut-off caller in on the other.
  it('ends a session on B at its next call after A disables the account, changes its password or revokes it', async () => {
    const CHECK = '/user/api/v1.user/check_user_is_login/';
    const signedIn = async (s: TestApp, token: string) => codeOf(await postForm(s, CHECK, {}, token)) === Codes.ok;
    const id = await createTestUser(a, { username: 'cut-off', password: 'First@2026' });

    // Disabled in the back office on A.
    const t1 = (await loginAs(b, 'cut-off', 'First@2026')).Authorization;
    expect(await signedIn(b, t1)).toBe(true);
    expect(await signedIn(b, t1)).toBe(true);
    const disabled = await a.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.account/disable/',
      payload: { id },
    });
    expect(codeOf(disabled)).toBe(Codes.ok);
    expect(await signedIn(b, t1)).toBe(false);
    expect(
      codeOf(await a.injectAs('admin', { method: 'POST', url: '/user/api/v1.account/enable/', payload: { id } })),
    ).toBe(Codes.ok);

    // Disabled by a write that revokes nothing (an import, another tool): the status is read on each call.
    const t2 = (await loginAs(b, 'cut-off', 'First@2026')).Authorization;
    expect(await signedIn(b, t2)).toBe(true);
    await a.db.updateTable('appUser').set({ status: 'disabled' }).where('id', '=', id).execute();
    expect(await signedIn(b, t2)).toBe(false);
    await a.db.updateTable('appUser').set({ status: 'active' }).where('id', '=', id).execute();
    // Not revoked, so it counts again once the account is active: the check is live, not remembered.
    expect(await signedIn(b, t2)).toBe(true);

    // The password changed on A from another session: B's session ends.
    const onA = (await loginAs(a, 'cut-off', 'First@2026')).Authorization;
    const key = await fetchPublicKey(a);
    const changed = await postForm(
      a,
      '/user/api/v1.user/change_pwd/',
      { old_password: encryptPassword(key, 'First@2026'), new_password: encryptPassword(key, 'Second@2026') },
      onA,
    );
    expect(codeOf(changed)).toBe(Codes.ok);
    expect(await signedIn(b, t2)).toBe(false);
    expect(await signedIn(a, onA)).toBe(true);

    // Revoked on A (logout): B refuses it at once.
    const t3 = (await loginAs(b, 'cut-off', 'Second@2026')).Authorization;
    expect(await signedIn(b, t3)).toBe(true);
    await postForm(a, '/user/login/login_out/', {}, t3);
    expect(await signedIn(b, t3)).toBe(false);
  });

  it('locks an address after five failures counted alternately on A and B; the owner signs in elsewhere', async () => {
    await createTestUser(a, { username: 'shared-lock', password: 'Right@2026' });
    const attacker = '203.0.113.9';
    const servers = [a, b, a, b];
    for (const [i, s] of servers.entries()) {
      expect(
        codeOf(await attemptLogin(s, { username: 'shared-lock', password: `Wrong@${i}`, remoteAddress: attacker })),
        `failure ${i + 1}`,
      ).toBe(Codes.inputError);
    }
    expect(
      codeOf(await attemptLogin(b, { username: 'shared-lock', password: 'Wrong@5', remoteAddress: attacker })),
    ).toBe(Codes.accountLocked);
    expect(
      codeOf(await attemptLogin(a, { username: 'shared-lock', password: 'Right@2026', remoteAddress: attacker })),
    ).toBe(Codes.accountLocked);
    // The lock is the attacker's address's only: the owner signs in on either server from theirs.
    expect(
      codeOf(await attemptLogin(b, { username: 'shared-lock', password: 'Right@2026', remoteAddress: '198.51.100.3' })),
    ).toBe(Codes.ok);
  });

  it('counts concurrent failures on both servers without losing one', async () => {
    await createTestUser(a, { username: 'race-lock', password: 'Right@2026' });
    await Promise.all([a, b, a, b].map((s) => attemptLogin(s, { username: 'race-lock', password: 'Wrong@2026' })));
    // Both counters, the address's and the account-wide one, saw all four.
    const rows = await a.db
      .selectFrom('signInFailure')
      .select(['address', 'failedCount', 'lockedUntil'])
      .where('username', '=', 'race-lock')
      .orderBy('address')
      .execute();
    expect(rows).toEqual([
      { address: '', failedCount: 4, lockedUntil: null },
      { address: '127.0.0.1', failedCount: 4, lockedUntil: null },
    ]);
  });
});
