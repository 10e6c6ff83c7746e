import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { backupKey, BACKUPS_PREFIX, LocalFileStore, workDir, type FileStore } from '../uploads/file-store';

/**
 * Backups live in the installation's file store under backups/<name> (issue 23): DATA_DIR/backups
 * with the local store, the bucket with FILE_STORE=s3, so that every app server (and the command
 * line on any of them) lists, downloads and restores the same files. The engine (writer, reader,
 * restore) works on local files: a backup is written to DATA_DIR/tmp and then stored; a stored
 * one is read in place (local store) or through a private temporary copy (S3).
 */

/** Bytes enough for a backup's first frame and the header in it. */
const HEAD_BYTES = 1024 * 1024;

/** A private temporary path for a backup being written or read (DATA_DIR/tmp, 0700). */
export function tempBackupPath(config: Pick<Config, 'dataDir'>, name: string): string {
  return path.join(workDir(config), `${randomBytes(4).toString('hex')}-${path.basename(name)}`);
}

/** Moves a finished local backup file into the store as backups/<name>. */
export async function storeBackupFile(files: FileStore, file: string, name: string): Promise<void> {
  await files.putFile(backupKey(name), file, { move: true, contentType: 'application/octet-stream' });
}

/**
 * Runs fn with a local path of the stored backup `name`: the file itself in the local store,
 * else a private copy (0600) deleted afterwards. Null when the store has no such backup.
 */
export async function withStoredBackup<T>(
  files: FileStore,
  config: Pick<Config, 'dataDir'>,
  name: string,
  fn: (file: string) => Promise<T>,
  opts: { head?: boolean } = {},
): Promise<T | null> {
  if (files instanceof LocalFileStore) {
    const abs = files.abs(backupKey(name));
    return fs.existsSync(abs) ? fn(abs) : null;
  }
  // head: only the start (readBackupHeader reads the first frame, ≤ 256 KiB, and never the seal).
  const size = opts.head ? (await files.stat(backupKey(name)))?.size : undefined;
  const body = await files.get(backupKey(name), size ? { start: 0, end: Math.min(size, HEAD_BYTES) - 1 } : undefined);
  if (!body) return null;
  const copy = tempBackupPath(config, name);
  try {
    await pipeline(body, fs.createWriteStream(copy, { mode: 0o600 }));
    return await fn(copy);
  } finally {
    fs.rmSync(copy, { force: true });
  }
}

/** The stored backups (names under backups/, no hidden working files), with size and time. */
export async function listStoredBackups(
  files: FileStore,
): Promise<{ name: string; size: number; modifiedAt: number }[]> {
  const out: { name: string; size: number; modifiedAt: number }[] = [];
  for await (const o of files.list(BACKUPS_PREFIX)) {
    const name = o.key.slice(BACKUPS_PREFIX.length);
    if (!name.includes('/') && !name.startsWith('.')) out.push({ name, size: o.size, modifiedAt: o.modifiedAt });
  }
  return out;
}
