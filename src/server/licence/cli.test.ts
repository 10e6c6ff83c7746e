import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { buildTestApp, testLicenceKeys } from '../test/helper';
import { ok } from '@/shared/envelope';
import { runCli, type CliIo } from './cli';
import { readInstalledLicence } from './store';
import { verifyLicence, parsePublicKey } from './licence';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'licence-cli-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function capture(extra: Partial<CliIo> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), ...extra };
  return { io, out, err };
}

const probe: FastifyPluginAsync = async (app) => {
  app.get('/user/api/v1.probe/session/', { config: { access: 'session' } }, async () => ok(1));
};

describe('licence command', () => {
  it('makes a key pair, issues a licence, installs it into the database and shows it; the server then accepts calls', async () => {
    const dir = tmp();
    const k = capture();
    expect(await runCli(['keygen', '--out', dir], k.io)).toBe(0);
    const spkiLine = k.out.find((l) => l.startsWith('LICENCE_PUBLIC_KEY='))!;
    const publicKey = spkiLine.slice('LICENCE_PUBLIC_KEY='.length);
    expect(parsePublicKey(publicKey).asymmetricKeyType).toBe('ed25519');

    const file = path.join(dir, 'campus.lic');
    const i = capture();
    expect(
      await runCli(
        [
          'issue',
          '--holder',
          '示例大学',
          '--expires',
          '2099-12-31',
          '--users',
          '50000',
          '--modules',
          'auth,platform',
          '--key',
          path.join(dir, 'licence-issuer.key'),
          '--out',
          file,
        ],
        i.io,
      ),
    ).toBe(0);
    const text = fs.readFileSync(file, 'utf8').trim();
    expect(verifyLicence(text, parsePublicKey(publicKey))).toMatchObject({
      ok: true,
      licence: { holder: '示例大学', userCap: 50000, modules: ['auth', 'platform'], expiresAt: '2099-12-31' },
    });

    // A server that trusts the new key and has no licence yet refuses calls…
    const env = { NODE_ENV: 'test', DEMO: '0', DATA_DIR: dir, LICENCE_PUBLIC_KEY: publicKey };
    const app = await buildTestApp({ env: { LICENCE_PUBLIC_KEY: publicKey }, licence: 'none', routes: probe });
    try {
      expect((await app.injectAs('teacher', { method: 'GET', url: '/user/api/v1.probe/session/' })).statusCode).toBe(
        503,
      );

      const inst = capture({ env, db: app.db });
      expect(await runCli(['install', '--file', file], inst.io)).toBe(0);
      expect(inst.out[0]).toContain('示例大学');
      expect(await readInstalledLicence(app.db)).toBe(text);

      const show = capture({ env, db: app.db });
      expect(await runCli(['show'], show.io)).toBe(0);
      expect(show.out.join('\n')).toMatch(/有效[\s\S]*示例大学[\s\S]*2099-12-31[\s\S]*\/ 50000[\s\S]*auth, platform/);

      // …and accepts them once it re-reads the licence.
      await app.licence({ fresh: true });
      expect((await app.injectAs('teacher', { method: 'GET', url: '/user/api/v1.probe/session/' })).statusCode).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });

  it('refuses to install a licence signed by another key and keeps the installed one', async () => {
    const app = await buildTestApp({ seed: 'none' });
    try {
      const before = await readInstalledLicence(app.db);
      const dir = tmp();
      await runCli(['keygen', '--out', dir], capture().io);
      const file = path.join(dir, 'other.lic');
      await runCli(
        [
          'issue',
          '--holder',
          'x',
          '--expires',
          '2099-01-01',
          '--users',
          '10',
          '--modules',
          'all',
          '--key',
          path.join(dir, 'licence-issuer.key'),
          '--out',
          file,
        ],
        capture().io,
      );
      const env = { NODE_ENV: 'test', DATA_DIR: dir, LICENCE_PUBLIC_KEY: testLicenceKeys().publicKeyPem };
      const c = capture({ env, db: app.db });
      expect(await runCli(['install', '--file', file], c.io)).toBe(1);
      expect(c.err.join('\n')).toContain('签名无效');
      expect(await readInstalledLicence(app.db)).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('reports usage errors with exit code 2 and a clear message', async () => {
    const missing = capture();
    expect(await runCli(['issue', '--holder', 'x'], missing.io)).toBe(2);
    expect(missing.err[0]).toContain('--expires');
    const badUsers = capture();
    expect(
      await runCli(
        ['issue', '--holder', 'x', '--expires', '2030-01-01', '--users', 'many', '--modules', 'all', '--key', 'k'],
        badUsers.io,
      ),
    ).toBe(2);
    expect(badUsers.err[0]).toContain('--users');
    const unknown = capture();
    expect(await runCli(['frobnicate'], unknown.io)).toBe(2);
    expect(unknown.err.join('\n')).toContain('用法');
  });

  it('refuses to overwrite an existing key pair', async () => {
    const dir = tmp();
    expect(await runCli(['keygen', '--out', dir], capture().io)).toBe(0);
    const again = capture();
    expect(await runCli(['keygen', '--out', dir], again.io)).toBe(1);
    expect(again.err[0]).toContain('拒绝覆盖');
  });

  it('runs as a program (npm run licence -- keygen)', async () => {
    const dir = tmp();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/licence/cli.ts', 'keygen', '--out', dir],
      { cwd: process.cwd() },
    );
    expect(stdout).toContain('LICENCE_PUBLIC_KEY=');
    expect(fs.existsSync(path.join(dir, 'licence-issuer.key'))).toBe(true);
  });
});
