import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@/server/config';

/**
 * Credentials of data sources at rest: AES-256-GCM with the key from DATA_SOURCE_KEY, or, outside
 * production, a key made once into DATA_DIR/data-source.key (0600). Stored as
 * 'v1:<iv>:<tag>:<ciphertext>' in base64, so a later key scheme can sit beside this one.
 */
export const KEY_FILE = 'data-source.key';

const keys = new Map<string, Buffer>();

/** The key for this configuration (cached per DATA_DIR; the env key wins). */
export function dataSourceKey(config: Pick<Config, 'dataSourceKey' | 'dataDir' | 'production'>): Buffer {
  if (config.dataSourceKey) return config.dataSourceKey;
  if (config.production) throw new Error('DATA_SOURCE_KEY is required when NODE_ENV=production');
  const cached = keys.get(config.dataDir);
  if (cached) return cached;
  const file = path.join(config.dataDir, KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': two servers (or test processes) starting at once must not each write their own key.
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

export class SecretUnreadableError extends Error {}

/** The plain secret; a wrong key or a changed text throws SecretUnreadableError. */
export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new SecretUnreadableError('unknown secret format');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError('the secret cannot be decrypted with this key');
  }
}
