import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import type { SaveLoginBody, SaveLogoBody } from '@/modules/org-config/contract';

const BASE = '/portal/backend/organizationConfig';

const LOGO: SaveLogoBody = {
  icon: '/favicon.svg',
  logo: '/resource/api/v1.file/abc',
  backend: { title: '  新后台标题 ', font: 'serif' },
  front: { title: '新门户标题' },
};
const LOGIN: SaveLoginBody = {
  picture: '/resource/api/v1.file/bg',
  browsers: ['Chrome 120 及以上'],
  resolution: '1920*1080',
  filings: [
    { text: '京ICP备00000001号', url: 'https://beian.miit.gov.cn/' },
    { text: '京公网安备 0001号', url: '' },
  ],
  copyright: '© 2026 华夏理工大学',
};

describe('display settings (organizationConfig writes)', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp({ env: { DATA_DIR: fs.mkdtempSync('/tmp/display-settings-test-') } });
    admin = await app.tokenFor('admin');
  });
  afterAll(async () => {
    fs.rmSync(app.config.dataDir, { recursive: true, force: true });
    await app.close();
  });

  const post = (action: string, payload: object, token?: string) =>
    app.inject({ method: 'POST', url: `${BASE}/${action}/`, payload, headers: token ? { authorization: token } : {} });
  const read = async (action: string) => (await post(action, {})).json().data;
  const upload = (content: Buffer, filename: string, token: string | undefined, purpose = 'logo') => {
    const body = multipartBody({ filename, content, type: 'image/png' });
    return app.inject({
      method: 'POST',
      url: `${BASE}/uploadImage/?purpose=${purpose}`,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    });
  };

  it.each(['saveLogoConfig', 'saveLoginConfig'])(
    'refuses %s without a token (0x00000011) and from a user (0x00000010)',
    async (action) => {
      const body = action === 'saveLogoConfig' ? LOGO : LOGIN;
      const anon = await post(action, body);
      expect(anon.statusCode).toBe(401);
      expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
      const user = await post(action, body, await app.tokenFor('teacher'));
      expect(user.statusCode).toBe(403);
      expect(user.json().errorCode).toBe(Codes.noPermission);
      expect((await read('getCommonConfig')).front.title).toBe('华夏理工大学综合服务平台');
    },
  );

  it('saves the logo config (trimmed) and getCommonConfig/getConfig answer it at once, with an audit row', async () => {
    const res = await post('saveLogoConfig', LOGO, admin);
    expect(res.json()).toMatchObject({ errorCode: Codes.ok, data: { backend: { title: '新后台标题' } } });
    expect(await read('getCommonConfig')).toEqual({ ...LOGO, backend: { title: '新后台标题', font: 'serif' } });
    const teacher = await app.tokenFor('teacher');
    expect((await post('getConfig', {}, teacher)).json().data.front.title).toBe('新门户标题');
    const row = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'logo_config_saved')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actorName: 'admin', result: 'ok' });
  });

  it('rejects a blank or over-long title and a picture that is not an address, naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...LOGO, front: { title: '   ' } }, 'front.title'],
      [{ ...LOGO, backend: { ...LOGO.backend, title: 'x'.repeat(41) } }, 'backend.title'],
      [{ ...LOGO, front: {} }, 'title'],
      [{ ...LOGO, logo: 'javascript:alert(1)' }, 'logo'],
    ];
    for (const [body, field] of cases) {
      const res = await post('saveLogoConfig', body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe(Codes.inputError);
      expect(res.json().data.field).toBe(field);
    }
    expect((await read('getCommonConfig')).front.title).toBe('新门户标题');
  });

  it('saves the login page texts and getLoginConfig answers them', async () => {
    expect((await post('saveLoginConfig', LOGIN, admin)).json().errorCode).toBe(Codes.ok);
    expect(await read('getLoginConfig')).toEqual(LOGIN);
    expect(
      await app.db.selectFrom('auditLog').select('id').where('action', '=', 'login_config_saved').executeTakeFirst(),
    ).toBeTruthy();
  });

  it('rejects a filing link that is not http(s)', async () => {
    const res = await post('saveLoginConfig', { ...LOGIN, filings: [{ text: '备案', url: 'ftp://x.example' }] }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('filings.0.url');
    expect((await read('getLoginConfig')).filings).toEqual(LOGIN.filings);
  });

  it('uploads a public image for administrators only; anyone can then fetch it', async () => {
    expect((await upload(TINY_PNG, 'logo.png', undefined)).json().errorCode).toBe(Codes.notAuthenticated);
    expect((await upload(TINY_PNG, 'logo.png', await app.tokenFor('teacher'))).json().errorCode).toBe(
      Codes.noPermission,
    );
    const res = await upload(TINY_PNG, 'logo.png', admin);
    expect(res.json()).toMatchObject({ errorCode: Codes.ok, data: { mime: 'image/png', size: TINY_PNG.length } });
    const file = await app.inject({ method: 'GET', url: res.json().data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('refuses a logo over 2 MB but takes a login picture up to 5 MB, and refuses what is not an image', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const logo = await upload(big, 'big.png', admin, 'logo');
    expect(logo.statusCode).toBe(413);
    expect(logo.json().message).toContain('2 MB');
    expect((await upload(big, 'big.png', admin, 'login')).json().errorCode).toBe(Codes.ok);
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload(huge, 'huge.png', admin, 'login')).statusCode).toBe(413);
    const text = await upload(Buffer.from('not an image'), 'x.png', admin);
    expect(text.json().errorCode).toBe(Codes.inputError);
  });
});
