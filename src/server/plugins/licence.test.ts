import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import {
  buildTestApp,
  installLicenceText,
  installTestLicence,
  testConfig,
  testLicenceText,
  type TestApp,
} from '../test/helper';
import { buildApp } from '../app';
import { Codes } from '@/shared/errors';
import { ok } from '@/shared/envelope';
import { putSetting } from '../identity/settings';
import { LICENCE_SETTING, readInstalledLicence } from '../licence/store';
import { LICENCE_CACHE_MS } from './licence';

// One route of each kind, so the check is proved on the access levels themselves.
const probeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/user/api/v1.probe/session/', { config: { access: 'session' } }, async () => ok('session ok'));
  app.get('/user/api/v1.probe/public/', { config: { access: 'public' } }, async () => ok('public ok'));
};

describe('licence check on calls', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp({ routes: probeRoutes });
    token = await app.tokenFor('teacher');
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await installTestLicence(app);
  });

  const callSession = (withToken = true) =>
    app.inject({
      method: 'GET',
      url: '/user/api/v1.probe/session/',
      headers: withToken ? { authorization: token } : {},
    });

  it('lets a session call through with a valid licence', async () => {
    const res = await callSession();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('session ok');
  });

  const cases: [string, () => Promise<unknown>][] = [
    ['missing', () => installLicenceText(app, null)],
    ['expired', () => installTestLicence(app, { expiresAt: '2020-01-01' })],
    ['forged', () => installTestLicence(app, {}, { forged: true })],
    ['malformed', () => installLicenceText(app, 'this-is.not-a-licence!')],
  ];
  for (const [reason, install] of cases) {
    it(`answers 0x10000506 (HTTP 503) on a session call when the licence is ${reason}`, async () => {
      await install();
      const res = await callSession();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        errorCode: Codes.licenseCheckError,
        message: '服务未授权，请联系管理员',
        data: { reason },
      });
      expect((await app.licence()).reason).toBe(reason);
    });
  }

  it('checks the licence before the token, so a caller without one also gets 0x10000506', async () => {
    await installLicenceText(app, null);
    const res = await callSession(false);
    expect(res.statusCode).toBe(503);
    expect(res.json().errorCode).toBe(Codes.licenseCheckError);
  });

  it('keeps public calls working without a licence', async () => {
    await installLicenceText(app, null);
    const res = await app.inject({ method: 'GET', url: '/user/api/v1.probe/public/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('public ok');
  });

  it('picks up a licence replaced in the database (another server, the CLI) within the cache time', async () => {
    expect((await callSession()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    await putSetting(app.db, LICENCE_SETTING, testLicenceText({ expiresAt: '2020-01-01' }));
    // Still the cached verdict: not re-verified on every call.
    expect((await callSession()).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + LICENCE_CACHE_MS + 1000);
    expect((await callSession()).statusCode).toBe(503);
  });

  it('shows the licence with users against the cap to an administrator, even when it is invalid', async () => {
    await installTestLicence(app, {
      holder: '测试大学',
      userCap: 1234,
      expiresAt: '2099-12-31',
      modules: ['auth', 'bi'],
    });
    const res = await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.licence/info/' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      valid: true,
      reason: null,
      holder: '测试大学',
      expiresAt: '2099-12-31',
      userCap: 1234,
      modules: ['auth', 'bi'],
    });
    expect(data.users).toBeGreaterThanOrEqual(3);
    expect(data.daysLeft).toBeGreaterThan(365);

    await installTestLicence(app, { expiresAt: '2020-01-01' });
    const expired = await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.licence/info/' });
    expect(expired.statusCode).toBe(200);
    expect(expired.json().data).toMatchObject({ valid: false, reason: 'expired', expiresAt: '2020-01-01' });
  });

  it('keeps the licence info for administrators only', async () => {
    const res = await app.injectAs('teacher', { method: 'GET', url: '/user/api/v1.licence/info/' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe(Codes.noPermission);
  });
});

describe('licence at start', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'licence-start-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('issues a local demo licence with a key pair kept in DATA_DIR when the demo starts without a vendor key', async () => {
    const dataDir = tmp();
    const app = await buildTestApp({
      env: { DEMO: '1', LICENCE_PUBLIC_KEY: '', DATA_DIR: dataDir },
      seed: 'none',
      licence: 'none',
    });
    try {
      const status = await app.licence({ fresh: true });
      expect(status).toMatchObject({ valid: true, holder: '华夏理工大学', userCap: 100000, modules: ['*'] });
      expect(status.daysLeft).toBeGreaterThanOrEqual(364);
      expect(fs.existsSync(path.join(dataDir, 'licence-issuer.key'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'licence-issuer.pub'))).toBe(true);
      expect(fs.statSync(path.join(dataDir, 'licence-issuer.key')).mode & 0o077).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('does not licence itself when not a demo', async () => {
    const app = await buildTestApp({
      env: { DEMO: '0', LICENCE_PUBLIC_KEY: '', DATA_DIR: tmp() },
      seed: 'none',
      licence: 'none',
    });
    try {
      expect(await app.licence({ fresh: true })).toMatchObject({ valid: false, reason: 'missing' });
    } finally {
      await app.close();
    }
  });

  it('installs the licence named by LICENCE_FILE at start', async () => {
    const file = path.join(tmp(), 'campus.lic');
    const text = testLicenceText({ holder: '文件大学' });
    fs.writeFileSync(file, `${text}\n`);
    const app = await buildTestApp({ env: { LICENCE_FILE: file }, seed: 'none', licence: 'none' });
    try {
      expect(await readInstalledLicence(app.db)).toBe(text);
      expect((await app.licence()).holder).toBe('文件大学');
    } finally {
      await app.close();
    }
  });

  it('refuses to start with a LICENCE_FILE whose licence is forged', async () => {
    const file = path.join(tmp(), 'forged.lic');
    fs.writeFileSync(file, testLicenceText({}, { forged: true }));
    // Straight through buildApp on an in-memory SQLite: the start fails before any database work matters.
    await expect(
      buildApp({ config: testConfig({ LICENCE_FILE: file }), db: { databaseUrl: null, sqliteFile: ':memory:' } }),
    ).rejects.toThrow(/LICENCE_FILE .* forged/);
  });
});
