import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/helper';
import { Codes } from '@/shared/errors';

describe('server core', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an unknown API path with a JSON 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/api/v1.nothing/here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: Codes.notFound, data: null });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/api/v1.nothing/here/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
