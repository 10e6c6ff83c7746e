import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The installation's backup key (issue 26): BACKUP_KEY from the environment, or, outside
 * production, 32 random bytes made once into DATA_DIR/backup.key (0600). The file lies outside
 * DATA_DIR/uploads, so no backup ever holds the key that opens it.
 */
export const KEY_FILE = 'backup.key';

export interface BackupKey {
  /** The 32-byte secret; never written into a backup. */
  secret: Buffer;
  /** 8 bytes naming the key (a one-way tag of it): a file made with another key is told apart from a damaged one. */
  id: Buffer;
}

export function backupKeyFrom(secret: Buffer): BackupKey {
  if (secret.length !== 32) throw new Error('a backup key is 32 bytes');
  return { secret, id: createHmac('sha256', secret).update('campus-portal/backup/key-id').digest().subarray(0, 8) };
}

/** Per-file keys from the installation key and the file's random salt: one for AES-256-GCM, one for the seal. */
export function fileKeys(key: BackupKey, salt: Buffer): { cipher: Buffer; seal: Buffer } {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', key.secret, salt, info, 32));
  return { cipher: derive('campus-portal/backup/aes-256-gcm'), seal: derive('campus-portal/backup/hmac-sha256') };
}

/** BACKUP_KEY's text: 64 hex digits or the base64 of exactly 32 bytes; anything else is refused with the reason. */
export function parseBackupKey(text: string): Buffer {
  const raw = text.trim();
  const hex = /^[0-9a-fA-F]{64}$/.test(raw);
  const key = hex ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32 || (!hex && key.toString('base64') !== raw))
    throw new Error('BACKUP_KEY must be 32 bytes, written as 64 hex digits or base64 (openssl rand -base64 32)');
  return key;
}

const cache = new Map<string, BackupKey>();

/** The key of this installation (BACKUP_KEY wins; else DATA_DIR/backup.key, made on first use). */
export function installationBackupKey(config: Pick<Config, 'backupKey' | 'dataDir' | 'production'>): BackupKey {
  if (config.backupKey) return backupKeyFrom(config.backupKey);
  if (config.production) throw new Error('BACKUP_KEY is required when NODE_ENV=production');
  const cached = cache.get(config.dataDir);
  if (cached) return cached;
  const file = path.join(config.dataDir, KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': two servers (or test processes) starting at once must not each write their own key.
    fs.writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = backupKeyFrom(parseKeyFile(file));
  cache.set(config.dataDir, key);
  return key;
}

function parseKeyFile(file: string): Buffer {
  try {
    return parseBackupKey(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${file} does not hold a 32-byte key (base64 or hex)`);
  }
}
