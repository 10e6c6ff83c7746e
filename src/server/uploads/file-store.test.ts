import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { LocalFileStore, S3FileStore, type FileStore } from './file-store';
import { runMigrate } from './migrate-cli';
import { startTestS3, type TestS3 } from './test-s3';

const text = async (r: Readable | null) => {
  if (!r) return null;
  let s = '';
  for await (const c of r) s += String(c);
  return s;
};

async function keys(store: FileStore, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of store.list(prefix)) out.push(o.key);
  return out;
}

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
});

const s3Store = (prefix: string) => {
  const c = loadConfig({ NODE_ENV: 'test', ...s3.env(prefix) });
  if (c.fileStore.kind !== 's3') throw new Error('not s3');
  return new S3FileStore(c.fileStore);
};

describe.each([
  ['local', () => new LocalFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-')))],
  ['s3', () => s3Store('contract/')],
] as const)('the %s file store', (_name, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => {
    if (store instanceof LocalFileStore) fs.rmSync(store.root, { recursive: true, force: true });
    store.close();
  });

  it('streams a file in and out, whole or a range, lists and deletes it', async () => {
    await store.put('uploads/2026/11/a.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    await store.put('uploads/2026/12/b.txt', Readable.from([Buffer.from('second')]));
    await store.put('backups/x.gz', Readable.from([Buffer.from('backup')]));
    expect(await text(await store.get('uploads/2026/11/a.txt'))).toBe('hello world');
    expect(await text(await store.get('uploads/2026/11/a.txt', { start: 6, end: 10 }))).toBe('world');
    expect(await store.get('uploads/none.txt')).toBeNull();
    expect(await store.stat('uploads/2026/11/a.txt')).toMatchObject({ size: 11 });
    expect(await keys(store, 'uploads/')).toEqual(['uploads/2026/11/a.txt', 'uploads/2026/12/b.txt']);
    await store.delete('uploads/2026/12/b.txt');
    await store.delete('uploads/2026/12/b.txt');
    expect(await keys(store, 'uploads/')).toEqual(['uploads/2026/11/a.txt']);
  });

  it('takes a large file in parts without holding it (a backup of any size)', async () => {
    const part = Buffer.alloc(1024 * 1024, 7);
    await store.put('backups/big', Readable.from(Array.from({ length: 10 }, () => part)));
    expect((await store.stat('backups/big'))?.size).toBe(10 * 1024 * 1024);
    await store.delete('backups/big');
  });

  it('replaces everything under a prefix with a local folder (a restore)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staging-'));
    fs.mkdirSync(path.join(dir, '2025'));
    fs.writeFileSync(path.join(dir, '2025/old.txt'), 'restored');
    await store.replacePrefix('uploads/', dir);
    expect(await keys(store, 'uploads/')).toEqual(['uploads/2025/old.txt']);
    expect(await text(await store.get('uploads/2025/old.txt'))).toBe('restored');
    expect(await keys(store, 'backups/')).toEqual(['backups/x.gz']);
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(store.get('../etc/passwd')).rejects.toThrow(/bad file store key/);
    await expect(store.put('/abs', Readable.from([]))).rejects.toThrow(/bad file store key/);
  });
});

describe('file store configuration', () => {
  it('is the local folder unless FILE_STORE=s3', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).fileStore).toEqual({ kind: 'local' });
  });

  it('says what is missing or wrong', () => {
    const base = { NODE_ENV: 'test', FILE_STORE: 's3' };
    expect(() => loadConfig({ ...base })).toThrow('S3_BUCKET is required when FILE_STORE=s3');
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's' })).toThrow(
      /S3_BUCKET must/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'bucket', S3_SECRET_KEY: 's' })).toThrow('S3_ACCESS_KEY is required');
    expect(() =>
      loadConfig({ ...base, S3_BUCKET: 'bucket', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's', S3_ENDPOINT: 'minio:9000' }),
    ).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', FILE_STORE: 'nfs' })).toThrow('FILE_STORE must be local or s3');
    const ok = loadConfig({
      ...base,
      S3_BUCKET: 'bucket',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 's',
      S3_ENDPOINT: 'https://minio.example.edu:9000',
    });
    expect(ok.fileStore).toMatchObject({ kind: 's3', forcePathStyle: true, region: 'us-east-1', prefix: '' });
  });

  it('refuses to start on a bucket that is not there, saying so', async () => {
    const c = loadConfig({ NODE_ENV: 'test', ...s3.env(), S3_BUCKET: 'no-such-bucket' });
    if (c.fileStore.kind !== 's3') throw new Error('not s3');
    const store = new S3FileStore(c.fileStore);
    await expect(store.check()).rejects.toThrow(/no-such-bucket.*does not exist/);
    store.close();
    const ok = s3Store('ok/');
    await expect(ok.check()).resolves.toBeUndefined();
    ok.close();
  });

  it('chooses where rate-limit counters live', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimitStore).toEqual({ kind: 'memory' });
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://h/db' }).rateLimitStore).toEqual({
      kind: 'database',
    });
    expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimitStore).toMatchObject({
      kind: 'redis',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: 'http://x' })).toThrow(/REDIS_URL must start/);
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_STORE: 'redis' })).toThrow(/needs REDIS_URL/);
  });
});

describe('npm run files:migrate', () => {
  it('copies DATA_DIR/uploads into the object store and verifies count and checksums', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-'));
    try {
      fs.mkdirSync(path.join(dataDir, 'uploads/2026/01'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads/2026/01/a.png'), Buffer.alloc(3000, 1));
      fs.writeFileSync(path.join(dataDir, 'uploads/2026/01/b.pdf'), '%PDF-1.4 b');
      fs.mkdirSync(path.join(dataDir, 'backups'));
      fs.writeFileSync(path.join(dataDir, 'backups/campus-portal-x.jsonl.gz'), 'sealed');
      const out: string[] = [];
      const err: string[] = [];
      const env = { NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env('migrate/') };
      const code = await runMigrate(['--with-backups'], { out: (l) => out.push(l), err: (l) => err.push(l), env });
      expect(err).toEqual([]);
      expect(code).toBe(0);
      expect(out.join('\n')).toMatch(/已校验 \(verified\): 3 个文件/);
      const target = s3Store('migrate/');
      expect(await text(await target.get('uploads/2026/01/b.pdf'))).toBe('%PDF-1.4 b');
      expect(await keys(target, 'backups/')).toEqual(['backups/campus-portal-x.jsonl.gz']);
      target.close();
      // Without FILE_STORE=s3 there is nowhere to copy to.
      const refused = await runMigrate([], {
        out: () => {},
        err: (l) => err.push(l),
        env: { NODE_ENV: 'test', DATA_DIR: dataDir },
      });
      expect(refused).toBe(1);
      expect(await runMigrate(['--nope'], { out: () => {}, err: () => {}, env })).toBe(2);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
