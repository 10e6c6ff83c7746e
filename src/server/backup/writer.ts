import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Db } from '../db/dialect';
import { appliedMigrations, EXCLUDED_SETTINGS, listTables, parentsFirst, type RawDb, type TableInfo } from './catalog';
import type { BackupKey } from './key';
import { Sealer, type SealedFile } from './seal';
import { openSnapshot } from './snapshot';
import { sequenceValues } from './sequences';
import { UPLOADS_PREFIX, uploadKey, type FileStore } from '../uploads/file-store';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  encodeValue,
  FILE_CHUNK,
  ROWS_PER_PAGE,
  type BackupRecord,
  type FooterRecord,
  type Value,
} from './format';

/** Rows of one table in keyset pages on its primary key (offset pages only for a table without one). */
export async function* tablePages(db: RawDb, t: TableInfo, size = ROWS_PER_PAGE): AsyncGenerator<Value[][]> {
  const cols = t.columns.map((c) => sql.ref(c));
  const key = t.primaryKey;
  let after: unknown[] | null = null;
  let offset = 0;
  for (;;) {
    let q = db.selectFrom(t.name).select(cols.map((c, i) => sql`${c}`.as(`c${i}`)));
    if (key.length) {
      if (after) {
        const a = after;
        q = q.where(
          key.length === 1
            ? sql<boolean>`${sql.ref(key[0]!)} > ${a[0]}`
            : sql<boolean>`(${sql.join(key.map((k) => sql.ref(k)))}) > (${sql.join(a)})`,
        );
      }
      q = key.reduce((acc, k) => acc.orderBy(sql.ref(k)), q);
    } else {
      q = t.columns.reduce((acc, c) => acc.orderBy(sql.ref(c)), q).offset(offset);
    }
    const rows = await q.limit(size).execute();
    const values = rows.map((r) => t.columns.map((_, i) => encodeValue((r as Record<string, unknown>)[`c${i}`])));
    if (values.length) yield values;
    if (rows.length < size) return;
    offset += rows.length;
    const last = rows[rows.length - 1] as Record<string, unknown>;
    after = key.map((k) => last[`c${t.columns.indexOf(k)}`]);
  }
}

/** A file under the uploads folder: its '/'-separated path and its size when listed. */
export interface UploadedFile {
  path: string;
  size: number;
}

/** Every file under dir with its size (relative paths, '/'-separated, sorted), skipping unfinished uploads (*.part). */
export function listUploads(dir: string): UploadedFile[] {
  if (!fs.existsSync(dir)) return [];
  const out: UploadedFile[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.isFile() && !e.name.endsWith('.part')) {
        const size = fs.statSync(path.join(dir, r), { throwIfNoEntry: false })?.size;
        // Deleted since the folder was read: nothing to back up.
        if (size !== undefined) out.push({ path: r, size });
      }
    }
  };
  walk('');
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Where a backup's files come from: a folder (DATA_DIR/uploads, tests) or the installation's
 * file store (its uploads/ objects: DATA_DIR or the S3 bucket).
 */
export type UploadsSource = string | FileStore;

interface UploadsReader {
  list(): Promise<UploadedFile[]>;
  /** The file's bytes, or null when it is gone. */
  open(rel: string): Promise<AsyncIterable<Buffer> | null>;
}

function uploadsReader(from: UploadsSource): UploadsReader {
  if (typeof from === 'string')
    return {
      list: async () => listUploads(from),
      open: async (rel) => {
        const abs = path.join(from, rel);
        try {
          const fd = await fs.promises.open(abs, 'r');
          return fd.createReadStream({ highWaterMark: FILE_CHUNK }) as AsyncIterable<Buffer>;
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
          throw e;
        }
      },
    };
  return {
    list: async () => {
      const out: UploadedFile[] = [];
      for await (const o of from.list(UPLOADS_PREFIX))
        out.push({ path: o.key.slice(UPLOADS_PREFIX.length), size: o.size });
      return out;
    },
    open: async (rel) => (await from.get(uploadKey(rel))) as AsyncIterable<Buffer> | null,
  };
}

/** Chunks of at most FILE_CHUNK bytes (an S3 body arrives in pieces of its own size). */
async function* rechunk(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const c of stream) {
    for (let i = 0; i < c.length; i += FILE_CHUNK) yield c.subarray(i, i + FILE_CHUNK);
  }
}

/** Every file under dir (relative paths, '/'-separated, sorted), skipping unfinished uploads (*.part). */
export const listFiles = (dir: string): string[] => listUploads(dir).map((f) => f.path);

/** How far a backup has got, for the back office's progress display. */
export interface BackupProgress {
  /** 'database': reading tables from the snapshot; 'files': streaming uploads; 'done': written and sealed. */
  phase: 'database' | 'files' | 'done';
  tables: number;
  tablesTotal: number;
  rows: number;
  files: number;
  /** Files and bytes found when the uploads were listed (a file deleted since is skipped). */
  filesTotal: number;
  bytes: number;
  bytesTotal: number;
}

export interface WriteOptions {
  key: BackupKey;
  /** Called after every page of rows and chunk of a file (cheap: keep the latest, do not await). */
  onProgress?: (progress: Readonly<BackupProgress>) => void;
}

export interface WrittenBackup extends SealedFile {
  rows: Record<string, number>;
  files: number;
  bytes: number;
}

/** Bytes each stage of the write pipeline handles per step. */
const PIPE_CHUNK = 1024 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The records of a backup in file order: the tables from a snapshot (closed as soon as they are
 * read), then the uploaded files, streamed with no database connection held, then the footer.
 */
async function* backupRecords(
  db: Db,
  uploads: UploadsReader,
  workDir: string,
  progress: BackupProgress,
  report: () => void,
  footer: (f: FooterRecord) => void,
): AsyncGenerator<BackupRecord> {
  const counts: Record<string, number> = {};
  const snapshot = await openSnapshot(db, workDir);
  try {
    const r = snapshot.db;
    // Parents first: a restore inserts in file order, and PostgreSQL checks foreign keys per statement.
    const tables = parentsFirst(await listTables(r));
    progress.tablesTotal = tables.length;
    report();
    yield {
      type: 'header',
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: Date.now(),
      dialect: snapshot.dialect,
      migrations: await appliedMigrations(r),
      tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
      sequences: await sequenceValues(r),
    };
    for (const t of tables) {
      yield { type: 'table', name: t.name, columns: t.columns };
      counts[t.name] = 0;
      const keyAt = t.name === 'setting' ? t.columns.indexOf('key') : -1;
      for await (const page of tablePages(r, t)) {
        const rows = keyAt < 0 ? page : page.filter((row) => !EXCLUDED_SETTINGS.has(String(row[keyAt])));
        counts[t.name] += rows.length;
        progress.rows += rows.length;
        report();
        if (rows.length) yield { type: 'rows', rows };
        // better-sqlite3 answers synchronously: let requests in between pages.
        await nextTurn();
      }
      progress.tables += 1;
    }
  } finally {
    await snapshot.close();
  }

  const list = await uploads.list();
  Object.assign(progress, {
    phase: 'files',
    filesTotal: list.length,
    bytesTotal: list.reduce((n, f) => n + f.size, 0),
  });
  report();
  let files = 0;
  let bytes = 0;
  for (const f of list) {
    let any = false;
    try {
      const stream = await uploads.open(f.path);
      // Deleted since it was listed (its row may be in the snapshot; the restore has no file for it).
      if (!stream) continue;
      for await (const chunk of rechunk(stream)) {
        if (!any) files += 1;
        any = true;
        bytes += chunk.length;
        progress.bytes += chunk.length;
        report();
        yield { type: 'file', path: f.path, data: chunk.toString('base64') };
      }
    } catch (e) {
      // Deleted since it was listed (its row may be in the snapshot; the restore has no file for it).
      if (!any && (e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    if (!any) {
      files += 1;
      yield { type: 'file', path: f.path, data: '' };
    }
    progress.files += 1;
  }
  const end: FooterRecord = { type: 'footer', rows: counts, files, bytes };
  footer(end);
  yield end;
}

/**
 * Writes a sealed, encrypted backup to `file` (through a .part file renamed at the end, 0600 in
 * a 0700 folder). The tables come from one consistent snapshot that blocks no request
 * (snapshot.ts); the uploaded files are read after it, outside any transaction. Answers the
 * file's size and SHA-256 and what it holds.
 */
export async function writeBackup(
  db: Db,
  uploadsFrom: UploadsSource,
  file: string,
  opts: WriteOptions,
): Promise<WrittenBackup> {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const tmp = `${file}.${randomBytes(4).toString('hex')}.part`;
  const progress: BackupProgress = {
    phase: 'database',
    tables: 0,
    tablesTotal: 0,
    rows: 0,
    files: 0,
    filesTotal: 0,
    bytes: 0,
    bytesTotal: 0,
  };
  const report = () => opts.onProgress?.(progress);
  let footer: FooterRecord | null = null;
  const sealer = new Sealer(opts.key);
  try {
    await pipeline(
      Readable.from(
        (async function* lines() {
          for await (const rec of backupRecords(
            db,
            uploadsReader(uploadsFrom),
            dir,
            progress,
            report,
            (f) => (footer = f),
          ))
            yield `${JSON.stringify(rec)}\n`;
        })(),
      ),
      // Large buffers: each step of the pipeline is a turn of the event loop, and a busy server
      // takes a while per turn; 16 KiB steps made a 200 MB backup take minutes under load.
      createGzip({ chunkSize: PIPE_CHUNK, level: 1 }),
      sealer,
      fs.createWriteStream(tmp, { mode: 0o600, highWaterMark: PIPE_CHUNK }),
    );
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  progress.phase = 'done';
  report();
  const f = footer as FooterRecord | null;
  return { ...sealer.result(), rows: f?.rows ?? {}, files: f?.files ?? 0, bytes: f?.bytes ?? 0 };
}
