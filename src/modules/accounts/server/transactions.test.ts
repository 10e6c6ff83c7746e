import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { encryptPassword, fetchPublicKey } from '@/modules/auth/server/testing';

// The second write of a change fails on demand: nothing of the change may remain.
const failing = vi.hoisted(() => ({ platforms: false, sessions: false }));
vi.mock('./repository', async (importOriginal) => {
  const real = await importOriginal<typeof import('./repository')>();
  return {
    ...real,
    replacePlatforms: async (...args: Parameters<typeof real.replacePlatforms>) => {
      await real.replacePlatforms(...args);
      if (failing.platforms) throw new Error('injected failure after the platform write');
    },
  };
});
vi.mock('@/server/identity/sessions', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/server/identity/sessions')>();
  return {
    ...real,
    revokeUserSessions: async (...args: Parameters<typeof real.revokeUserSessions>) => {
      if (failing.sessions) throw new Error('injected failure of the session revocation');
      return real.revokeUserSessions(...args);
    },
  };
});

describe('account changes are all-or-nothing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a create whose platform write fails leaves no user, no roles and no audit row', async () => {
    const key = await fetchPublicKey(app);
    const role = await app.db.selectFrom('role').select('id').executeTakeFirstOrThrow();
    const platform = await app.db.selectFrom('platform').select('id').executeTakeFirstOrThrow();
    failing.platforms = true;
    const res = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.account/create/',
      payload: {
        username: 'halfmade',
        password: encryptPassword(key, 'Half@2026x'),
        realName: '半成品',
        userNo: 'H1',
        kind: 'student',
        roleIds: [role.id],
        platformIds: [platform.id],
      },
    });
    failing.platforms = false;
    expect(res.statusCode).toBe(500);
    expect(
      await app.db.selectFrom('appUser').select('id').where('username', '=', 'halfmade').executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await app.db.selectFrom('auditLog').select('id').where('action', '=', 'account_created').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a disable whose session revocation fails leaves the account active', async () => {
    const teacher = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    failing.sessions = true;
    const res = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.account/disable/',
      payload: { id: teacher.id },
    });
    failing.sessions = false;
    expect(res.json().errorCode).not.toBe(Codes.ok);
    const row = await app.db
      .selectFrom('appUser')
      .select('status')
      .where('id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect(
      await app.db.selectFrom('auditLog').select('id').where('action', '=', 'account_disabled').executeTakeFirst(),
    ).toBeUndefined();
  });
});
