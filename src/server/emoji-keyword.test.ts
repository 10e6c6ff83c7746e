import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { EmojiFreeText } from '@/shared/emoji-free';
import { emojiKeyword } from './emoji-keyword';

describe('the stripEmoji keyword (EmojiFreeText)', () => {
  const app = Fastify({
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true }, plugins: [emojiKeyword] },
  });
  app.post(
    '/echo',
    {
      schema: {
        body: Type.Object({
          name: EmojiFreeText({ minLength: 1, maxLength: 5 }),
          list: Type.Optional(Type.Array(EmojiFreeText())),
          kept: Type.Optional(Type.String()),
        }),
      },
    },
    async (req) => req.body,
  );
  afterAll(() => app.close());

  it('strips emoji from marked strings, nested in arrays too, and leaves other strings alone', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: { name: '张😀三👍🏽', list: ['a🎉', '𠮷野'], kept: 'ok😀' },
    });
    expect(res.json()).toEqual({ name: '张三', list: ['a', '𠮷野'], kept: 'ok😀' });
  });

  it('checks lengths on the stripped text: emoji alone is empty, emoji never count', async () => {
    expect((await app.inject({ method: 'POST', url: '/echo', payload: { name: '😀😀' } })).statusCode).toBe(400);
    const five = await app.inject({ method: 'POST', url: '/echo', payload: { name: '一二三四五😀' } });
    expect(five.json()).toEqual({ name: '一二三四五' });
  });
});

describe('servers normalise the fields the inputs strip', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores a role group and a role named with emoji without them, form-encoded or JSON', async () => {
    const group = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.roleGroup/create/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=${encodeURIComponent('后勤😀人员')}`,
    });
    expect(group.json().errorCode, group.json().message).toBe(Codes.ok);
    const g = await app.db
      .selectFrom('roleGroup')
      .select(['id', 'name'])
      .where('name', 'like', '后勤%')
      .executeTakeFirstOrThrow();
    expect(g.name).toBe('后勤人员');
    const role = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.role/create/',
      payload: { groupId: g.id, code: 'canteen', name: '食堂🍚管理员' },
    });
    expect(role.json().errorCode, role.json().message).toBe(Codes.ok);
    const r = await app.db.selectFrom('role').select('name').where('code', '=', 'canteen').executeTakeFirstOrThrow();
    expect(r.name).toBe('食堂管理员');
  });

  it('refuses a name that is only emoji as an empty one', async () => {
    const res = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.roleGroup/create/',
      payload: { name: '🎉🎉' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
  });
});
