import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../test/helper';

const PROXY = '10.0.0.5';
const URL = '/user/api/v1.nothing/here/';

/** A page served over plain HTTP must not tell the browser to fetch its scripts over HTTPS. */
const headersOf = async (app: TestApp, opts: Partial<InjectOptions>) => {
  const res = await app.inject({ method: 'GET', url: URL, ...opts });
  return {
    csp: String(res.headers['content-security-policy'] ?? ''),
    hsts: res.headers['strict-transport-security'],
  };
};

describe('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none', env: { TRUST_PROXY: PROXY } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('over plain HTTP: the whole policy, but no upgrade-insecure-requests and no HSTS', async () => {
    const { csp, hsts } = await headersOf(app, {
      remoteAddress: '198.51.100.1',
      headers: { host: 'portal.example.edu:8080' },
    });
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(hsts).toBeUndefined();
  });

  it('over HTTPS through the trusted proxy: upgrade-insecure-requests and HSTS as well', async () => {
    const { csp, hsts } = await headersOf(app, {
      remoteAddress: PROXY,
      headers: { host: 'portal.example.edu', 'x-forwarded-proto': 'https' },
    });
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(hsts).toBe('max-age=31536000; includeSubDomains');
  });

  it('through the proxy over plain HTTP: neither', async () => {
    const { csp, hsts } = await headersOf(app, { remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'http' } });
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(hsts).toBeUndefined();
  });

  it('a client forging X-Forwarded-Proto: https gets neither', async () => {
    const { csp, hsts } = await headersOf(app, {
      remoteAddress: '198.51.100.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(hsts).toBeUndefined();
  });
});
