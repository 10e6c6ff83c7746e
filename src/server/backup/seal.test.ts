import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { CORRUPT, KEY_MISMATCH, NOT_A_BACKUP, SEAL_BROKEN } from './format';
import { backupKeyFrom, installationBackupKey, KEY_FILE } from './key';
import { fileChecksum, MAGIC, openSealed, Sealer } from './seal';

const KEY = backupKeyFrom(Buffer.alloc(32, 8));
const PREFIX = MAGIC.length + 1 + 8 + 32 + 4;
const TAG = 16;

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cp-seal-'));

async function sealBytes(plain: Buffer, frameSize: number): Promise<{ bytes: Buffer; sealer: Sealer }> {
  const sealer = new Sealer(KEY, frameSize);
  const chunks: Buffer[] = [];
  sealer.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => sealer.on('end', resolve));
  // In pieces of odd sizes, as gzip hands them over.
  for (let i = 0; i < plain.length; i += 777) sealer.write(plain.subarray(i, i + 777));
  sealer.end();
  await ended;
  return { bytes: Buffer.concat(chunks), sealer };
}

async function open(bytes: Buffer, key = KEY): Promise<Buffer> {
  const file = path.join(tmp(), 'f.bak');
  fs.writeFileSync(file, bytes);
  const parts: Buffer[] = [];
  for await (const p of openSealed(file, key)) parts.push(p);
  return Buffer.concat(parts);
}

/** Byte ranges of each frame (header + ciphertext + tag) in a sealed file. */
function frames(bytes: Buffer): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let pos = PREFIX;
  for (;;) {
    const word = bytes.readUInt32BE(pos);
    const end = pos + 4 + (word & 0x7fff_ffff) + TAG;
    out.push([pos, end]);
    pos = end;
    if (word & 0x8000_0000) return out;
  }
}

describe('the sealed container', () => {
  const plain = randomBytes(10_000);

  it('gives back exactly what went in, and its size and SHA-256', async () => {
    const { bytes, sealer } = await sealBytes(plain, 1024);
    expect(await open(bytes)).toEqual(plain);
    expect(frames(bytes)).toHaveLength(10);
    const file = path.join(tmp(), 'x.bak');
    fs.writeFileSync(file, bytes);
    expect(sealer.result()).toEqual({ size: bytes.length, checksum: await fileChecksum(file) });
    // Encrypted: not a run of the plain bytes appears.
    expect(bytes.includes(plain.subarray(100, 132))).toBe(false);
    // Two files of the same data differ (a salt per file).
    expect((await sealBytes(plain, 1024)).bytes.equals(bytes)).toBe(false);
  });

  it('seals an empty input as one empty final frame', async () => {
    const { bytes } = await sealBytes(Buffer.alloc(0), 1024);
    expect(await open(bytes)).toEqual(Buffer.alloc(0));
  });

  it('refuses frames swapped, dropped or repeated, and a file cut at a frame boundary', async () => {
    const { bytes } = await sealBytes(plain, 1024);
    const f = frames(bytes);
    const part = (i: number) => bytes.subarray(f[i]![0], f[i]![1]);
    const head = bytes.subarray(0, PREFIX);
    const tail = bytes.subarray(f[f.length - 1]![1]);
    const middle = (order: number[]) => Buffer.concat([head, ...order.map(part), tail]);
    const all = f.map((_, i) => i);
    const swapped = [1, 0, ...all.slice(2)];
    const dropped = [0, ...all.slice(2)];
    const repeated = [0, 0, ...all.slice(1)];
    for (const order of [swapped, dropped, repeated]) await expect(open(middle(order))).rejects.toThrow(SEAL_BROKEN);
    // Cut after a whole frame (no final frame, no seal): incomplete.
    await expect(open(bytes.subarray(0, f[3]![1]))).rejects.toThrow(CORRUPT);
    // The seal missing or cut.
    await expect(open(bytes.subarray(0, bytes.length - 32))).rejects.toThrow(CORRUPT);
    await expect(open(bytes.subarray(0, bytes.length - 5))).rejects.toThrow(CORRUPT);
    // The final flag set on an earlier frame: its tag fails (the flag is in the additional data).
    const early = Buffer.from(bytes);
    early.writeUInt32BE((early.readUInt32BE(f[2]![0]) | 0x8000_0000) >>> 0, f[2]![0]);
    await expect(open(early)).rejects.toThrow(SEAL_BROKEN);
    // The prefix changed (the frame size): every tag covers it.
    const prefix = Buffer.from(bytes);
    prefix[PREFIX - 1] ^= 0x01;
    await expect(open(prefix)).rejects.toThrow(/封签校验失败|不完整/);
  });

  it('tells another key and a foreign file apart from a damaged one', async () => {
    const { bytes } = await sealBytes(plain, 1024);
    await expect(open(bytes, backupKeyFrom(Buffer.alloc(32, 1)))).rejects.toThrow(KEY_MISMATCH);
    await expect(open(Buffer.from('PK\u0003\u0004 a zip file'))).rejects.toThrow(NOT_A_BACKUP);
    await expect(open(Buffer.alloc(0))).rejects.toThrow(NOT_A_BACKUP);
    await expect(open(bytes.subarray(0, 20))).rejects.toThrow(CORRUPT);
  });
});

describe('the backup key', () => {
  it('is made once into DATA_DIR/backup.key (0600) without BACKUP_KEY, and read back', () => {
    const dataDir = tmp();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(config.backupKey).toBeNull();
    const key = installationBackupKey(config);
    const file = path.join(dataDir, KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')).toEqual(key.secret);
    expect(installationBackupKey(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })).id).toEqual(key.id);
    expect(installationBackupKey(loadConfig({ NODE_ENV: 'development', DATA_DIR: tmp() })).id).not.toEqual(key.id);
  });

  it('comes from BACKUP_KEY as base64 or hex (the same key either way); anything else stops the start', () => {
    const raw = randomBytes(32);
    const b64 = loadConfig({ BACKUP_KEY: raw.toString('base64'), DATA_DIR: tmp() });
    const hex = loadConfig({ BACKUP_KEY: raw.toString('hex'), DATA_DIR: tmp() });
    expect(installationBackupKey(b64).id).toEqual(installationBackupKey(hex).id);
    expect(fs.existsSync(path.join(b64.dataDir, KEY_FILE))).toBe(false);
    for (const bad of ['short', randomBytes(16).toString('base64'), randomBytes(31).toString('hex') + 'zz'])
      expect(() => loadConfig({ BACKUP_KEY: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const production = {
      NODE_ENV: 'production',
      LICENCE_PUBLIC_KEY: generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      DATA_SOURCE_KEY: randomBytes(32).toString('base64'),
    };
    expect(() => loadConfig(production)).toThrow(/BACKUP_KEY is required/);
    expect(loadConfig({ ...production, BACKUP_KEY: raw.toString('base64') }).backupKey).toEqual(raw);
  });
});
