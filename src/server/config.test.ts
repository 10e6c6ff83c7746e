import { spawnSync } from 'node:child_process';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      production: false,
      demo: true,
      demoSources: 'full',
      captchaFixedCode: null,
      rsaKeyBits: 1024,
      lockoutThreshold: 5,
      lockoutMinutes: 15,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 10,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads single sign-on from the environment, or leaves it to the back office', () => {
    expect(loadConfig({}).sso).toBeNull();
    expect(
      loadConfig({ SSO_KIND: 'cas', SSO_CAS_SERVER_URL: 'https://cas.example.edu/cas', SSO_RETAIN_BACK_DOOR: '0' }).sso,
    ).toEqual({
      kind: 'cas',
      casServerUrl: 'https://cas.example.edu/cas',
      oidc: null,
      retainBackDoor: false,
      adminHost: '',
    });
    expect(
      loadConfig({
        SSO_KIND: 'oidc',
        SSO_OIDC_ISSUER: 'https://idp.example.edu',
        SSO_OIDC_CLIENT_ID: 'portal',
        SSO_OIDC_CLIENT_SECRET: 's3cret',
      }).sso?.oidc,
    ).toEqual({ issuer: 'https://idp.example.edu', clientId: 'portal', clientSecret: 's3cret', redirectUri: '' });
  });

  it('sets PostgreSQL timeouts, 0 meaning no limit', () => {
    expect(loadConfig({}).pg).toEqual({ connectMs: 5000, statementMs: 30000, queryMs: 35000, idleMs: 30000 });
    expect(
      loadConfig({
        PG_CONNECT_TIMEOUT_MS: '2000',
        PG_STATEMENT_TIMEOUT_MS: '0',
        PG_QUERY_TIMEOUT_MS: '0',
        PG_IDLE_TIMEOUT_MS: '60000',
      }).pg,
    ).toEqual({ connectMs: 2000, statementMs: 0, queryMs: 0, idleMs: 60000 });
  });

  it('trusts no proxy unless TRUST_PROXY names them, in the forms Fastify accepts', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const list = '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,192.168.0.0/255.255.0.0,loopback';
    const trustProxy = loadConfig({ TRUST_PROXY: list }).trustProxy;
    expect(trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', '192.168.0.0/255.255.0.0', 'loopback']);
    // Fastify compiles the list when it is built: a form it did not understand would throw here.
    expect(() => Fastify({ trustProxy })).not.toThrow();
  });

  it('refuses a fixed captcha answer in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_FIXED_CODE: 'ABCD' })).toThrow(
      /CAPTCHA_FIXED_CODE.*production/,
    );
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_FIXED_CODE: 'ABCD' }).captchaFixedCode).toBe('ABCD');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ DEMO: 'maybe' }, /DEMO/],
    [{ DEMO_SOURCES: 'some' }, /DEMO_SOURCES/],
    [{ RSA_KEY_BITS: '1500' }, /RSA_KEY_BITS/],
    [{ CAPTCHA_FIXED_CODE: 'a b' }, /CAPTCHA_FIXED_CODE/],
    [{ LOGIN_RATE_LIMIT: '0' }, /LOGIN_RATE_LIMIT/],
    [{ PG_CONNECT_TIMEOUT_MS: '-1' }, /PG_CONNECT_TIMEOUT_MS/],
    [{ PG_STATEMENT_TIMEOUT_MS: '30s' }, /PG_STATEMENT_TIMEOUT_MS/],
    [{ PG_IDLE_TIMEOUT_MS: '99999999' }, /PG_IDLE_TIMEOUT_MS/],
    [{ PG_STATEMENT_TIMEOUT_MS: '40000' }, /PG_QUERY_TIMEOUT_MS.*longer than PG_STATEMENT_TIMEOUT_MS/],
    [{ TRUST_PROXY: '1' }, /TRUST_PROXY.*hop count/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.300' }, /TRUST_PROXY.*10\.0\.0\.300/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example.edu' }, /TRUST_PROXY.*proxy\.example\.edu/],
    [{ SSO_KIND: 'saml' }, /SSO_KIND/],
    [{ SSO_KIND: 'cas' }, /SSO_CAS_SERVER_URL/],
    [{ SSO_KIND: 'cas', SSO_CAS_SERVER_URL: 'cas.example.edu' }, /SSO_CAS_SERVER_URL/],
    [
      { SSO_KIND: 'oidc', SSO_OIDC_ISSUER: 'https://idp.example.edu', SSO_OIDC_CLIENT_ID: 'portal' },
      /SSO_OIDC_CLIENT_SECRET/,
    ],
  ])('names the bad setting %o', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it('makes the server print one clear line and exit 1 on bad configuration', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 60000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/配置错误.*PORT must be an integer/);
    expect(r.stderr).not.toMatch(/\s+at\s+\S+\s+\(/); // no stack trace
  });
});
