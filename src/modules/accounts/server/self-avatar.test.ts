import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import { SELF_AVATAR_URL } from './self-routes';

describe('a user sets their own avatar (uploadAvatar)', () => {
  let app: TestApp;
  const userRow = (username: string) =>
    app.db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const send = (username: string | null, content: Buffer, filename = 'me.png', extra: Record<string, string> = {}) => {
    const body = multipartBody({ filename, content, type: 'image/png' }, extra);
    return username
      ? app.injectAs(username, { method: 'POST', url: SELF_AVATAR_URL, ...body })
      : app.inject({ method: 'POST', url: SELF_AVATAR_URL, ...body });
  };

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores the image privately, sets it as the caller’s avatar, audits it, and the caller can read it back', async () => {
    const student = await userRow('student');
    const res = await send('student', TINY_PNG);
    expect(res.json().errorCode).toBe(Codes.ok);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/resource\/api\/v1\.file\/[0-9a-f-]{36}$/);
    expect((await userRow('student')).avatar).toBe(url);
    const upload = await app.db
      .selectFrom('upload')
      .selectAll()
      .where('id', '=', url.split('/').pop()!)
      .executeTakeFirstOrThrow();
    expect(upload).toMatchObject({ purpose: 'avatar', isPublic: 0, ownerId: student.id, mime: 'image/png' });
    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'account_avatar_set')
      .where('actorId', '=', student.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target).toBe(`user:${student.id} student`);

    const image = await app.injectAs('student', { method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/png/);
    // private: nobody signed out reads it
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('changes only the caller: a userId field naming someone else is ignored', async () => {
    const before = (await userRow('student')).avatar;
    const res = await send('teacher', TINY_PNG, 'me.png', { userId: String((await userRow('student')).id) });
    expect(res.json().errorCode).toBe(Codes.ok);
    expect((await userRow('teacher')).avatar).toBe(res.json().data.url);
    expect((await userRow('student')).avatar).toBe(before);
  });

  it('refuses a signed-out caller, a file that is no image, an SVG, a file over 2 MB and a missing file', async () => {
    const before = (await userRow('student')).avatar;
    const signedOut = await send(null, TINY_PNG);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().errorCode).toBe(Codes.notAuthenticated);

    expect((await send('student', Buffer.from('hello world'), 'x.png')).json().errorCode).toBe(Codes.inputError);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await send('student', svg, 'x.svg')).json().errorCode).toBe(Codes.inputError);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = await send('student', big, 'big.png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errorCode).toBe(Codes.payloadTooLarge);

    const none = await app.injectAs('student', {
      method: 'POST',
      url: SELF_AVATAR_URL,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).not.toMatch(/at |stack|node_modules/);
    expect((await userRow('student')).avatar).toBe(before);
  });
});
