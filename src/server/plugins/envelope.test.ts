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
});
