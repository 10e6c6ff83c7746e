import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, installTestLicence, testLicenceText, type TestApp } from '@/server/test/helper';
import { multipartBody } from '@/server/test/multipart';
import { readInstalledLicence } from '@/server/licence/store';
import { Codes } from '@/shared/errors';

const URL = '/user/api/v1.licence/upload/';

describe('licence upload', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const asFile = (text: string): InjectOptions => ({
    method: 'POST',
    url: URL,
    ...multipartBody({ filename: 'licence.lic', content: Buffer.from(text), type: 'text/plain' }),
  });
  const upload = (opts: InjectOptions) => app.injectAs('admin', opts);
  const auditRows = () =>
    app.db.selectFrom('auditLog').selectAll().where('action', '=', 'licence_uploaded').orderBy('id').execute();

  it('refuses callers without a token or who are not administrators', async () => {
    const text = testLicenceText({ holder: '无权上传' });
    expect((await app.inject(asFile(text))).json().errorCode).toBe(Codes.notAuthenticated);
    expect((await app.injectAs('student', asFile(text))).json().errorCode).toBe(Codes.noPermission);
    expect(await readInstalledLicence(app.db)).not.toBe(text);
  });

  it.each([
    ['forged', () => testLicenceText({ holder: '伪造大学' }, { forged: true }), '授权文件签名无效'],
    ['expired', () => testLicenceText({ holder: '过期大学', expiresAt: '2020-01-01' }), '授权已过期'],
    ['malformed', () => 'this is not a licence', '授权文件格式错误'],
    [
      'forged (a signature of zeros)',
      () => `${Buffer.from('{"holder":1}').toString('base64url')}.${Buffer.alloc(64).toString('base64url')}`,
      '授权文件签名无效',
    ],
  ])('refuses a %s licence and keeps the installed one', async (_name, make, message) => {
    const before = await readInstalledLicence(app.db);
    const res = await upload(asFile(make()));
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message, data: { field: 'licence' } });
    expect(await readInstalledLicence(app.db)).toBe(before);
    const last = (await auditRows()).at(-1)!;
    expect([last.result, last.detail]).toEqual(['fail', message]);
  });

  it('asks for a file when none is sent', async () => {
    const res = await upload({ method: 'POST', url: URL, payload: { licence: '  ' } });
    expect(res.json()).toMatchObject({
      errorCode: Codes.inputError,
      message: '请上传授权文件',
      data: { field: 'licence' },
    });
  });

  it('installs a valid licence file and answers the new status', async () => {
    const text = testLicenceText({ holder: '新华大学', userCap: 1234, modules: ['home', 'maintenance'] });
    const res = await upload(asFile(`\n${text}\n`));
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(res.json().data).toMatchObject({
      valid: true,
      holder: '新华大学',
      userCap: 1234,
      modules: ['home', 'maintenance'],
    });
    expect(res.json().data.users).toBeGreaterThan(0);
    expect(await readInstalledLicence(app.db)).toBe(text);
    const info = await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.licence/info/' });
    expect(info.json().data.holder).toBe('新华大学');
    expect((await auditRows()).at(-1)).toMatchObject({ result: 'ok', target: '新华大学', actorName: 'admin' });
  });

  it('takes the licence text as a form field too (multipart or urlencoded)', async () => {
    const a = testLicenceText({ holder: '字段大学' });
    const res = await upload({
      method: 'POST',
      url: URL,
      ...multipartBody({ field: 'file', filename: 'x.txt', content: Buffer.from('ignored') }, { licence: a }),
    });
    expect(res.json().data.holder).toBe('字段大学');
    const b = testLicenceText({ holder: '表单大学' });
    expect((await upload({ method: 'POST', url: URL, payload: { licence: b } })).json().data.holder).toBe('表单大学');
  });

  it('works while the installed licence is expired, so an administrator can replace it', async () => {
    await installTestLicence(app, { expiresAt: '2020-01-01' });
    // Ordinary calls are refused…
    expect((await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.audit/list/' })).json().errorCode).toBe(
      Codes.licenseCheckError,
    );
    const res = await upload(asFile(testLicenceText({ holder: '续期大学' })));
    expect(res.json().data).toMatchObject({ valid: true, holder: '续期大学' });
    // …and answer again at once on this server.
    expect((await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.audit/list/' })).json().errorCode).toBe(
      Codes.ok,
    );
  });
});
