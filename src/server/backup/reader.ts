import fs from 'node:fs';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import {
  BackupFormatError,
  checkHeader,
  CORRUPT,
  NOT_A_BACKUP,
  type BackupHeader,
  type BackupRecord,
  type FooterRecord,
} from './format';
import type { BackupKey } from './key';
import { openSealed, type OpenOptions } from './seal';

/** No line of a genuine backup comes near this; a bigger one is refused rather than buffered. */
const MAX_LINE = 4 * 1024 * 1024;

export interface ReadOptions {
  /**
   * Also accept the previous release's unsealed backup (plain gzip'd JSON lines, no seal, no
   * encryption). Only the operator's command line sets it (`--legacy-unsealed`): such a file
   * proves nothing about who made or changed it, so the back office never accepts one.
   */
  legacyUnsealed?: boolean;
}

/** Whether a file starts as a plain gzip stream does (the previous release's unsealed backups). */
export function isUnsealedGzip(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    return fs.readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The lines of a sealed backup, one at a time: opened with the key (seal.ts), then gunzip'd. A
 * damaged, truncated, changed or foreign file throws BackupFormatError saying which. With
 * `legacyUnsealed`, a plain gzip file is read as it is (the content checks still apply).
 */
async function* lines(file: string, key: BackupKey, opts: OpenOptions & ReadOptions = {}): AsyncGenerator<string> {
  const source: Readable =
    opts.legacyUnsealed && isUnsealedGzip(file)
      ? fs.createReadStream(file)
      : Readable.from(openSealed(file, key, opts));
  const gunzip = createGunzip();
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending += decoder.write(chunk);
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        yield pending.slice(0, nl);
        pending = pending.slice(nl + 1);
      }
      if (pending.length > MAX_LINE) throw new BackupFormatError(CORRUPT);
    }
  } catch (e) {
    if (e instanceof BackupFormatError) throw e;
    throw new BackupFormatError(CORRUPT);
  } finally {
    source.destroy();
  }
  pending += decoder.end();
  if (pending.trim() !== '') yield pending;
}

/** A relative path under the uploads folder, refusing anything that could escape it. */
export function safeRelativePath(p: unknown): string {
  if (
    typeof p !== 'string' ||
    !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(p) ||
    p.split('/').some((s) => s === '.' || s === '..')
  ) {
    throw new BackupFormatError('备份中的文件路径不合法');
  }
  return p;
}

/**
 * The records of a backup file, checked as they stream: header first, each table as the
 * header announced it, rows as wide as their table, safe file paths, a footer whose counts
 * match, nothing after it. Anything else throws BackupFormatError.
 */
export async function* readBackup(file: string, key: BackupKey, opts: ReadOptions = {}): AsyncGenerator<BackupRecord> {
  let header: BackupHeader | null = null;
  let footer: FooterRecord | null = null;
  let tableIndex = -1;
  let width = 0;
  const counts: Record<string, number> = {};
  const files = new Set<string>();
  let bytes = 0;
  for await (const line of lines(file, key, opts)) {
    if (footer) throw new BackupFormatError(CORRUPT);
    let rec: BackupRecord;
    try {
      rec = JSON.parse(line) as BackupRecord;
    } catch {
      throw new BackupFormatError(header ? CORRUPT : NOT_A_BACKUP);
    }
    if (!header) {
      header = checkHeader(rec);
      yield header;
      continue;
    }
    switch (rec?.type) {
      case 'table': {
        const expected = header.tables[++tableIndex];
        if (!expected || expected.name !== rec.name || JSON.stringify(expected.columns) !== JSON.stringify(rec.columns))
          throw new BackupFormatError(CORRUPT);
        width = rec.columns.length;
        counts[rec.name] = 0;
        break;
      }
      case 'rows': {
        const t = header.tables[tableIndex];
        if (!t || !Array.isArray(rec.rows) || !rec.rows.every((r) => Array.isArray(r) && r.length === width))
          throw new BackupFormatError(CORRUPT);
        counts[t.name]! += rec.rows.length;
        break;
      }
      case 'file':
        safeRelativePath(rec.path);
        if (typeof rec.data !== 'string') throw new BackupFormatError(CORRUPT);
        files.add(rec.path);
        bytes += Buffer.byteLength(rec.data, 'base64');
        break;
      case 'footer':
        if (
          tableIndex !== header.tables.length - 1 ||
          rec.files !== files.size ||
          rec.bytes !== bytes ||
          header.tables.some((t) => rec.rows?.[t.name] !== counts[t.name])
        )
          throw new BackupFormatError(CORRUPT);
        footer = rec;
        break;
      default:
        throw new BackupFormatError(CORRUPT);
    }
    yield rec;
  }
  if (!header) throw new BackupFormatError(NOT_A_BACKUP);
  if (!footer) throw new BackupFormatError(CORRUPT);
}

export interface BackupSummary {
  header: BackupHeader;
  rows: Record<string, number>;
  files: number;
}

/** Reads a whole backup file through readBackup without keeping it (seal included): answers what it holds or throws. */
export async function verifyBackup(file: string, key: BackupKey, opts: ReadOptions = {}): Promise<BackupSummary> {
  let header: BackupHeader | null = null;
  let footer: FooterRecord | null = null;
  for await (const rec of readBackup(file, key, opts)) {
    if (rec.type === 'header') header = rec;
    else if (rec.type === 'footer') footer = rec;
  }
  return { header: header!, rows: footer!.rows, files: footer!.files };
}

/**
 * Only the header (the first line, from the first frame): cheap enough to show in a list or check
 * an upload's kind. The key and that frame are checked, the seal at the end is not (verifyBackup).
 */
export async function readBackupHeader(file: string, key: BackupKey, opts: ReadOptions = {}): Promise<BackupHeader> {
  for await (const line of lines(file, key, { ...opts, firstFrameOnly: true })) {
    try {
      return checkHeader(JSON.parse(line));
    } catch (e) {
      if (e instanceof BackupFormatError) throw e;
      throw new BackupFormatError(NOT_A_BACKUP);
    }
  }
  throw new BackupFormatError(NOT_A_BACKUP);
}
