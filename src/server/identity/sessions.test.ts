import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '../test/helper';
import { createSession, hashToken, resolveSession, revokeSession, revokeUserSessions } from './sessions';

describe('sessions', () => {
  let app: TestApp;
  let userId: number;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none' });
    userId = await createTestUser(app, { username: 'zhangsan', password: 'Zhang@2026' });
  });
  afterAll(async () => {
    await app.close();
  });

  const newToken = () => createSession(app.db, app.config, { userId, isAdmin: false, platformId: null });
  const age = (token: string, set: { lastSeenAt?: number; expiresAt?: number }) =>
    app.db.updateTable('session').set(set).where('tokenHash', '=', hashToken(token)).execute();

  it('issues opaque 256-bit tokens and stores only their SHA-256', async () => {
    const token = await newToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await app.db.selectFrom('session').select('tokenHash').execute();
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    expect(await resolveSession(app.db, app.config, token)).toMatchObject({
      userId,
      username: 'zhangsan',
      isAdmin: false,
    });
  });

  it('ends a session idle for longer than the idle limit, and a late request does not revive it', async () => {
    const token = await newToken();
    await age(token, { lastSeenAt: Date.now() - (app.config.sessionIdleMinutes * 60_000 + 1000) });
    expect(await resolveSession(app.db, app.config, token)).toBeNull();
    expect(await resolveSession(app.db, app.config, token)).toBeNull();
  });

  it('keeps an active session alive and ends it at the absolute limit', async () => {
    const token = await newToken();
    await age(token, { lastSeenAt: Date.now() - 5 * 60_000 });
    expect(await resolveSession(app.db, app.config, token)).not.toBeNull();
    const touched = await app.db
      .selectFrom('session')
      .select('lastSeenAt')
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(Date.now() - touched.lastSeenAt).toBeLessThan(10_000);
    await age(token, { expiresAt: Date.now() - 1 });
    expect(await resolveSession(app.db, app.config, token)).toBeNull();
  });

  it('stops a revoked session, and revoking a user keeps only the excepted one', async () => {
    const a = await newToken();
    await revokeSession(app.db, hashToken(a));
    expect(await resolveSession(app.db, app.config, a)).toBeNull();
    const keep = await newToken();
    const drop = await newToken();
    await revokeUserSessions(app.db, userId, hashToken(keep));
    expect(await resolveSession(app.db, app.config, keep)).not.toBeNull();
    expect(await resolveSession(app.db, app.config, drop)).toBeNull();
  });

  it('stops the sessions of a disabled account', async () => {
    const otherId = await createTestUser(app, { username: 'lisi', password: 'Lisi@2026' });
    const token = await createSession(app.db, app.config, { userId: otherId, isAdmin: false, platformId: null });
    await app.db.updateTable('appUser').set({ status: 'disabled' }).where('id', '=', otherId).execute();
    expect(await resolveSession(app.db, app.config, token)).toBeNull();
  });

  it('ignores unknown and absurd tokens', async () => {
    expect(await resolveSession(app.db, app.config, 'not-a-token')).toBeNull();
    expect(await resolveSession(app.db, app.config, 'x'.repeat(5000))).toBeNull();
  });
});
