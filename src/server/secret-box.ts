import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server must read back (a data source's password, a data-sharing app's HMAC secret)
 * sealed at rest with AES-256-GCM, stored as 'v1:<iv>:<tag>:<ciphertext>' in base64 so a later
 * scheme can sit beside this one. Each owner brings its key (an environment key in production).
 */

const keys = new Map<string, Buffer>();

/**
 * A key made once into DATA_DIR/<file> (0600) for machines without a configured one (development,
 * tests); cached per file.
 */
export function localKey(dataDir: string, file: string): Buffer {
  const at = path.join(dataDir, file);
  const cached = keys.get(at);
  if (cached) return cached;
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two servers (or test processes) starting at once must not each write their own key.
    fs.writeFileSync(at, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = Buffer.from(fs.readFileSync(at, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${at} does not hold a 32-byte base64 key`);
  keys.set(at, key);
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
