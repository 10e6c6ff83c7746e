import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../test/helper';
import { Codes } from '@/shared/errors';
import { AppError } from '../errors';

describe('the envelope and error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), db: { sqliteFile: ':memory:' } });
    app.get('/user/api/v1.test/app-error/', { config: { access: 'public' } }, async () => {
      throw new AppError(Codes.conflict, 409, '该账号已存在');
    });
    app.post(
      '/user/api/v1.test/validated/',
      {
        config: { access: 'public' },
        schema: { body: Type.Object({ username: Type.String({ minLength: 2 }) }) },
      },
      async () => ({ errorCode: Codes.ok, message: '成功', data: null }),
    );
    app.get('/user/api/v1.test/crash/', { config: { access: 'public' } }, async () => {
      throw new Error('SQLITE_ERROR: no such column: password_hash in SELECT * FROM app_user');
    });
    // Failures that carry internals the way real ones do: driver errors with SQL, file paths and stacks.
    app.get('/user/api/v1.test/leaky/:kind', { config: { access: 'public' } }, async (req) => {
      const kind = (req.params as { kind: string }).kind;
      if (kind === 'pg') {
        const err = Object.assign(new Error('duplicate key value violates unique constraint "app_user_username_key"'), {
          code: '23505',
          detail: 'Key (username)=(admin) already exists.',
          table: 'app_user',
          schema: 't_secret',
          routine: '_bt_check_unique',
          query: 'insert into "app_user" ("username") values ($1)',
        });
        err.stack = `error: ${err.message}\n    at Parser.parseErrorMessage (/work/main/node_modules/pg-protocol/dist/parser.js:287:98)`;
        throw err;
      }
      if (kind === 'sqlite') {
        const err = Object.assign(new Error('SQLITE_CONSTRAINT: NOT NULL constraint failed: app_user.password_hash'), {
          code: 'SQLITE_CONSTRAINT_NOTNULL',
          sql: 'UPDATE app_user SET password_hash = NULL WHERE id = 1',
        });
        throw err;
      }
      if (kind === 'fs') {
        throw Object.assign(new Error("ENOENT: no such file or directory, open '/srv/portal/data/uploads/ab/cd.png'"), {
          code: 'ENOENT',
          path: '/srv/portal/data/uploads/ab/cd.png',
          syscall: 'open',
        });
      }
      if (kind === 'status500') {
        // A library error that brings its own 5xx status and a message with internals.
        throw Object.assign(
          new Error('select * from "session" where "token_hash" = $1 timed out at /srv/portal/x.ts:12'),
          {
            statusCode: 502,
          },
        );
      }
      if (kind === 'cause') throw new Error('wrapped', { cause: new Error('SELECT secret FROM app_user') });
      // Not even an Error: a rejected value some code passes along as is.
      throw { message: 'SELECT * FROM app_user', stack: 'at /srv/portal/src/server/app.ts:1:1' };
    });
    app.post('/user/api/v1.test/upload/', { config: { access: 'public' } }, async (req) => {
      let bytes = 0;
      for await (const part of req.parts()) if (part.type === 'file') bytes += (await part.toBuffer()).length;
      return { errorCode: Codes.ok, message: '成功', data: bytes };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('turns an AppError into its status, code and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/api/v1.test/app-error/' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorCode: Codes.conflict, message: '该账号已存在', data: null });
  });

  it('answers a schema failure with 400, the input-error code and the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/user/api/v1.test/validated/', payload: { username: 'a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'username' } });
    const missing = await app.inject({ method: 'POST', url: '/user/api/v1.test/validated/', payload: {} });
    expect(missing.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'username' } });
  });

  it('hides the details of an unexpected failure', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/api/v1.test/crash/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errorCode: Codes.genericError, message: '服务器繁忙，请稍后重试', data: null });
    expect(res.body).not.toMatch(/SQLITE|SELECT|at .*\.ts/);
  });

  it('answers malformed JSON as an input error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/user/api/v1.test/validated/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
  });

  it('refuses a body over the general 1 MB limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/user/api/v1.test/validated/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errorCode).toBe(Codes.payloadTooLarge);
  });

  it('answers every 5xx with the generic envelope: no SQL, path, stack, table or driver detail', async () => {
    for (const kind of ['pg', 'sqlite', 'fs', 'status500', 'cause', 'plain-object']) {
      const res = await app.inject({ method: 'GET', url: `/user/api/v1.test/leaky/${kind}` });
      expect(res.statusCode, kind).toBeGreaterThanOrEqual(500);
      expect(res.json(), kind).toEqual({
        errorCode: Codes.genericError,
        message: '服务器繁忙，请稍后重试',
        data: null,
      });
      expect(res.body, kind).not.toMatch(
        /select|insert|update|app_user|session|secret|constraint|ENOENT|\/srv|\/work|node_modules|\.ts:|at /i,
      );
    }
  });

  it('answers broken multipart with 400 and too many parts with 413, both coded', async () => {
    const boundary = 'b0undary';
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`;
    const cases: { label: string; type: string; body: string; status: number; code: string }[] = [
      { label: 'no boundary', type: 'multipart/form-data', body: file, status: 400, code: Codes.inputError },
      {
        label: 'empty boundary',
        type: 'multipart/form-data; boundary=',
        body: file,
        status: 400,
        code: Codes.inputError,
      },
      {
        label: 'boundary over 256 characters',
        type: `multipart/form-data; boundary=${'x'.repeat(300)}`,
        body: file,
        status: 400,
        code: Codes.inputError,
      },
      {
        label: 'cut off',
        type: `multipart/form-data; boundary=${boundary}`,
        body: file,
        status: 400,
        code: Codes.inputError,
      },
      {
        label: 'six files',
        type: `multipart/form-data; boundary=${boundary}`,
        body: `${file}\r\n`.repeat(6) + `--${boundary}--\r\n`,
        status: 413,
        code: Codes.payloadTooLarge,
      },
      { label: 'not multipart', type: 'text/plain', body: 'hello', status: 400, code: Codes.inputError },
    ];
    for (const c of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/user/api/v1.test/upload/',
        headers: { 'content-type': c.type },
        payload: c.body,
      });
      expect([res.statusCode, res.json().errorCode], c.label).toEqual([c.status, c.code]);
    }
  });

  it('answers a URL that cannot be decoded with the envelope', async () => {
    for (const url of ['/%', '/user/%E0%A4%A/', '/%zz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().errorCode, url).toMatch(/^0x000004|^0x00000101$/);
    }
  });
});
