import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@/server/config';

/**
 * App secrets at rest. The data API checks an HMAC, so the server needs the secret itself: it is
 * sealed with AES-256-GCM under a key derived (HKDF, info 'data-sharing') from DATA_SOURCE_KEY —
 * the key data-sources seals source passwords with — or, outside production, from a key made once
 * into DATA_DIR/data-share.key (0600). Stored as 'v1:<iv>:<tag>:<ciphertext>' in base64.
 */
const KEY_FILE = 'data-share.key';
const keys = new Map<string, Buffer>();

export function shareKey(config: Pick<Config, 'dataSourceKey' | 'dataDir' | 'production'>): Buffer {
  if (config.dataSourceKey)
    return Buffer.from(hkdfSync('sha256', config.dataSourceKey, Buffer.alloc(0), 'data-sharing', 32));
  if (config.production) throw new Error('DATA_SOURCE_KEY is required when NODE_ENV=production');
  const cached = keys.get(config.dataDir);
  if (cached) return cached;
  const file = path.join(config.dataDir, KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  keys.set(config.dataDir, key);
  return key;
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

/** The plain secret, or null when it cannot be opened with this key. */
export function unseal(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const newAppKey = () => `ds_${randomBytes(12).toString('hex')}`;
export const newSecret = () => randomBytes(24).toString('base64url');

export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}
