import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '../test/helper';
import { multipartBody, TINY_PNG } from '../test/multipart';
import { Codes } from '@/shared/errors';
import { IMAGE_KINDS } from './sniff';
import { deleteUploads, saveUpload, uploadsDir } from './store';

describe('uploads', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp({
      seed: 'none',
      env: { DATA_DIR: fs.mkdtempSync('/tmp/uploads-test-') },
      routes: async (r) => {
        r.post('/user/api/v1.test/upload/', { config: { access: 'session' } }, async (req) => {
          const file = await req.file();
          if (!file) throw new Error('no file');
          const isPublic = (file.fields.public as { value?: string } | undefined)?.value === '1';
          return {
            errorCode: Codes.ok,
            message: '',
            data: await saveUpload(app, file, {
              purpose: 'test',
              accept: IMAGE_KINDS,
              maxBytes: 1024,
              isPublic,
              ownerId: req.auth!.userId,
            }),
          };
        });
      },
    });
    await createTestUser(app, { username: 'uploader', password: 'Up@2026load' });
    token = await app.tokenFor('uploader');
  });
  afterAll(async () => {
    fs.rmSync(app.config.dataDir, { recursive: true, force: true });
    await app.close();
  });

  const upload = (filename: string, content: Buffer, fields: Record<string, string> = {}) => {
    const body = multipartBody({ filename, content }, fields);
    return app.inject({
      method: 'POST',
      url: '/user/api/v1.test/upload/',
      payload: body.payload,
      headers: { ...body.headers, authorization: token },
    });
  };
  const storedFiles = () =>
    fs.existsSync(uploadsDir(app))
      ? fs
          .readdirSync(uploadsDir(app), { recursive: true })
          .filter((f) => fs.statSync(path.join(uploadsDir(app), String(f))).isFile())
      : [];

  it('stores an image under a server-made name and serves it to signed-in users only', async () => {
    const res = await upload('头像.png', TINY_PNG);
    expect(res.json().data).toMatchObject({ mime: 'image/png', size: TINY_PNG.length, name: '头像.png' });
    const { url, id } = res.json().data as { url: string; id: string };
    expect(storedFiles().some((f) => String(f).endsWith(`${id}.png`))).toBe(true);
    expect((await app.inject({ method: 'GET', url })).json().errorCode).toBe(Codes.notAuthenticated);
    const got = await app.inject({ method: 'GET', url, headers: { authorization: token } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('serves public files to anyone', async () => {
    const { url } = (await upload('logo.png', TINY_PNG, { public: '1' })).json().data as { url: string };
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('refuses content that is not an accepted image, or does not match its extension, and keeps nothing', async () => {
    const before = storedFiles().length;
    const svg = await upload(
      'x.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toMatch(/不支持的文件类型/);
    const renamed = await upload('x.jpg', TINY_PNG);
    expect(renamed.json().message).toBe('文件内容与扩展名不符');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(4096)]);
    const res = await upload('big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().errorCode).toBe(Codes.payloadTooLarge);
  });

  it('keeps no temporary file, and deletes row and file when the owner lets the upload go', async () => {
    const { url, id } = (await upload('gone.png', TINY_PNG)).json().data as { url: string; id: string };
    await upload('x.jpg', TINY_PNG);
    expect(fs.readdirSync(path.join(app.config.dataDir, 'tmp'))).toEqual([]);
    await deleteUploads(app, [id]);
    expect(storedFiles().some((f) => String(f).includes(id))).toBe(false);
    expect(await app.db.selectFrom('upload').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await app.inject({ method: 'GET', url, headers: { authorization: token } })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown file', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/resource/api/v1.file/00000000-0000-0000-0000-000000000000',
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(404);
  });
});
