import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '@/server/config';
import { localKey, open, SecretUnreadableError } from '@/server/secret-box';

/**
 * App secrets at rest. The data API checks an HMAC, so the server needs the secret itself: it is
 * sealed (`@/server/secret-box`) under a key derived (HKDF, info 'data-sharing') from
 * DATA_SOURCE_KEY — the key data-sources seals source passwords with — or, outside production,
 * a key made once into DATA_DIR/data-share.key (0600).
 */
export function shareKey(config: Pick<Config, 'dataSourceKey' | 'dataDir' | 'production'>): Buffer {
  if (config.dataSourceKey)
    return Buffer.from(hkdfSync('sha256', config.dataSourceKey, Buffer.alloc(0), 'data-sharing', 32));
  if (config.production) throw new Error('DATA_SOURCE_KEY is required when NODE_ENV=production');
  return localKey(config.dataDir, 'data-share.key');
}

/** The plain secret, or null when it cannot be opened with this key. */
export function unseal(key: Buffer, sealed: string): string | null {
  try {
    return open(key, sealed);
  } catch (e) {
    if (e instanceof SecretUnreadableError) return null;
    throw e;
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
