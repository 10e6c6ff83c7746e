import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../test/helper';
import { Codes } from '@/shared/errors';

describe('serving the built client', () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
    fs.mkdirSync(path.join(dir, 'resource/js'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dir, 'resource/js/index-abc123.js'), 'console.log(1)');
    // the build's precompressed twins (vite.config.ts precompress)
    fs.writeFileSync(path.join(dir, 'resource/js/index-abc123.js.br'), 'BROTLI');
    fs.writeFileSync(path.join(dir, 'resource/js/index-abc123.js.gz'), 'GZIP');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.x=1');
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite/manifest.json'), '{"src/app/main.tsx":{}}');
    app = await buildApp({
      config: testConfig({ STATIC_DIR: dir }),
      db: { sqliteFile: ':memory:' },
      serveClient: true,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('deep-links every client route to index.html, never cached', async () => {
    for (const url of ['/', '/login', '/web/taskCenter/taskWorkBench?x=1', '/cms/home/index']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed resources for a year and the service worker not at all', async () => {
    const js = await app.inject({ method: 'GET', url: '/resource/js/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed twin the browser accepts (brotli first), the plain file otherwise', async () => {
    const url = '/resource/js/index-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([br.headers['content-encoding'], br.body]).toEqual(['br', 'BROTLI']);
    expect(br.headers['content-type']).toContain('javascript');
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect([gz.headers['content-encoding'], gz.body]).toEqual(['gzip', 'GZIP']);
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, 'console.log(1)']);
    const twin = await app.inject({ method: 'GET', url: `${url}.br` });
    expect(twin.statusCode).toBe(404);
  });

  it('answers a missing resource, a file-like path and an unknown API path with a JSON 404', async () => {
    for (const url of [
      '/resource/js/gone-000.js',
      '/favicon-missing.png',
      '/.vite/manifest.json',
      '/user/api/v1.nothing/x/',
      '/portal/backend/nothing/',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errorCode).toBe(Codes.notFound);
    }
  });

  it('does not serve files outside the build folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/..%2F..%2Fetc%2Fpasswd' });
    expect(res.body).not.toContain('root:');
  });

  it('answers NUL bytes and broken escapes in a path with a coded 4xx, never a 500', async () => {
    for (const url of ['/%00', '/a%00b', '/resource/%00.js', '/web/%00/x', '/%', '/%E0%A4%A', '/%C0%AF']) {
      const res = await app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect([Codes.inputError, Codes.notFound], url).toContain(res.json().errorCode);
    }
  });
});
