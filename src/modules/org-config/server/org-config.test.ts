import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';

const BASE = '/portal/backend/organizationConfig';
const ALL = ['getLoginConfig', 'getCommonConfig', 'getConfig', 'getTheme', 'saveTheme'] as const;

describe('organizationConfig', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (action: string, payload: object = {}, token?: string) =>
    app.inject({ method: 'POST', url: `${BASE}/${action}/`, payload, headers: token ? { authorization: token } : {} });
  const platformId = async (name: string) =>
    (await app.db.selectFrom('platform').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('answers the login page config with a background picture that exists under public/', async () => {
    const res = await post('getLoginConfig');
    expect(res.json().errorCode).toBe(Codes.ok);
    const cfg = res.json().data;
    expect(cfg.picture).toMatch(/^\/images\/.+\.svg$/);
    expect(fs.existsSync(path.join(process.cwd(), 'public', cfg.picture))).toBe(true);
    expect(cfg.resolution).toBe('1920*1080');
    expect(cfg.filings.length).toBeGreaterThan(0);
    expect(cfg.filings[0].text).toContain('演示');
    expect(cfg.browsers.length).toBeGreaterThan(0);
  });

  it("answers the school's logo config to anyone", async () => {
    const res = await post('getCommonConfig');
    expect(res.json().data).toMatchObject({
      front: { title: '华夏理工大学综合服务平台' },
      backend: { title: '华夏理工大学综合服务平台管理后台' },
    });
    for (const url of [res.json().data.logo, res.json().data.icon])
      expect(fs.existsSync(path.join(process.cwd(), 'public', url))).toBe(true);
  });

  it("answers a platform's own title where it has one, else the common one", async () => {
    const teacher = await app.tokenFor('teacher');
    const own = await post('getConfig', { platform_id: await platformId('一表通平台') }, teacher);
    expect(own.json().data.front.title).toBe('华夏理工大学 · 一表通');
    const common = await post('getConfig', { platform_id: await platformId('教职工服务平台') }, teacher);
    expect(common.json().data.front.title).toBe('华夏理工大学综合服务平台');
    // Without a platform_id: the session's platform, here none yet → the common config.
    expect((await post('getConfig', {}, teacher)).json().data.front.title).toBe('华夏理工大学综合服务平台');
    const bare = await app.inject({ method: 'POST', url: `${BASE}/getConfig/`, headers: { authorization: teacher } });
    expect(bare.json().data.front.title).toBe('华夏理工大学综合服务平台');
    const form = await app.inject({
      method: 'POST',
      url: `${BASE}/getConfig/`,
      headers: { authorization: teacher, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `platform_id=${await platformId('一表通平台')}`,
    });
    expect(form.json().data.front.title).toBe('华夏理工大学 · 一表通');
    const chosen = await app.tokenFor('teacher', await platformId('一表通平台'));
    expect((await post('getConfig', {}, chosen)).json().data.front.title).toBe('华夏理工大学 · 一表通');
  });

  it("refuses a user another platform's config, and an unknown platform", async () => {
    const student = await app.tokenFor('student');
    const res = await post('getConfig', { platform_id: await platformId('一表通平台') }, student);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe(Codes.noPermission);
    expect((await post('getConfig', { platform_id: 99999 }, student)).json().errorCode).toBe(Codes.notFound);
  });

  it('asks for a session on getConfig and lets the public calls through without one', async () => {
    const res = await post('getConfig');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe(Codes.notAuthenticated);
    for (const a of ['getLoginConfig', 'getCommonConfig', 'getTheme'])
      expect((await post(a)).json().errorCode).toBe(Codes.ok);
  });

  it('refuses saveTheme to a user (0x00000010) and to a caller without a token (0x00000011), and keeps the theme', async () => {
    const asUser = await post('saveTheme', { primaryColor: '#ff0000' }, await app.tokenFor('teacher'));
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().errorCode).toBe(Codes.noPermission);
    const anon = await post('saveTheme', { primaryColor: '#ff0000' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
    expect((await post('getTheme')).json().data).toEqual({ primaryColor: '#1677ff' });
  });

  it('accepts every call from an administrator; a saved theme is what getTheme answers, and is audited', async () => {
    const admin = await app.tokenFor('admin');
    for (const a of ALL.filter((x) => x !== 'saveTheme'))
      expect((await post(a, {}, admin)).json().errorCode).toBe(Codes.ok);
    const saved = await post('saveTheme', { primaryColor: '#13A8A8' }, admin);
    expect(saved.json()).toMatchObject({ errorCode: Codes.ok, data: { primaryColor: '#13a8a8' } });
    expect((await post('getTheme')).json().data).toEqual({ primaryColor: '#13a8a8' });
    const row = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'theme_saved')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actorName: 'admin', result: 'ok' });
  });

  it('rejects a theme colour that is not #RRGGBB', async () => {
    const res = await post('saveTheme', { primaryColor: 'red' }, await app.tokenFor('admin'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
  });
});

describe('organizationConfig on a fresh install', () => {
  it('answers complete defaults before anything is stored', async () => {
    const app = await buildTestApp({ seed: 'none' });
    try {
      const login = (await app.inject({ method: 'POST', url: `${BASE}/getLoginConfig/` })).json().data;
      expect(login.picture).toBe('/images/login-bg.svg');
      expect(login.filings).toEqual([]);
      expect((await app.inject({ method: 'POST', url: `${BASE}/getCommonConfig/` })).json().data.front.title).toBe(
        '综合服务平台',
      );
      expect((await app.inject({ method: 'POST', url: `${BASE}/getTheme/` })).json().data).toEqual({
        primaryColor: '#1677ff',
      });
    } finally {
      await app.close();
    }
  });
});
