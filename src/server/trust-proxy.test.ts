import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { buildTestApp, type TestApp } from './test/helper';
import { Codes } from '@/shared/errors';

const PROXY = '10.0.0.5';
const STRANGER = '203.0.113.7';

/** The address and scheme the server believes, as a route sees them. */
const whoami: FastifyPluginAsync = async (app) => {
  app.get('/user/api/v1.test/whoami/', { config: { access: 'public' } }, async (req) => ({
    ip: req.ip,
    protocol: req.protocol,
  }));
};

/** Fetches captchas (limited per client address) from `peer`, each naming itself by `forwardedFor(i)`. */
async function captchas(app: TestApp, peer: string, times: number, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await app.inject({
      method: 'GET',
      url: '/user/login/get_code/',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor(i) },
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) expect(res.json().errorCode).toBe(Codes.tooManyRequests);
  }
  return statuses;
}

describe('X-Forwarded-For without TRUST_PROXY (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ routes: whoami, env: { CAPTCHA_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('takes the address of the peer that connected, whatever the header says', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/user/api/v1.test/whoami/',
      remoteAddress: STRANGER,
      headers: { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toEqual({ ip: STRANGER, protocol: 'http' });
  });

  it('still limits a client that forges a new address on every request', async () => {
    expect(await captchas(app, STRANGER, 4, (i) => `198.51.100.${i + 1}`)).toEqual([200, 200, 200, 429]);
  });

  it('records the real address in the audit log', async () => {
    const token = await app.tokenFor('student');
    await app.inject({
      method: 'POST',
      url: '/user/login/login_out/',
      remoteAddress: '203.0.113.8',
      headers: { authorization: token, 'x-forwarded-for': '198.51.100.99' },
    });
    const row = await app.db
      .selectFrom('auditLog')
      .select('ip')
      .where('action', '=', 'logout')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe('203.0.113.8');
  });
});

describe(`X-Forwarded-For with TRUST_PROXY=${PROXY}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ routes: whoami, env: { CAPTCHA_RATE_LIMIT: '3', TRUST_PROXY: PROXY } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('takes the client address and scheme the proxy passes on', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/user/api/v1.test/whoami/',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toEqual({ ip: '198.51.100.1', protocol: 'https' });
  });

  it('ignores the header from any other peer', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/user/api/v1.test/whoami/',
      remoteAddress: STRANGER,
      headers: { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toEqual({ ip: STRANGER, protocol: 'http' });
  });

  it('limits each client behind the proxy on its own', async () => {
    expect(await captchas(app, PROXY, 4, (i) => `198.51.100.${10 + i}`)).toEqual([200, 200, 200, 200]);
    expect(await captchas(app, PROXY, 4, () => '198.51.100.50')).toEqual([200, 200, 200, 429]);
  });
});
