import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';

/**
 * Where the installation keeps its files (issue 23): the uploads (`uploads/<path>`, the path the
 * `upload` row holds) and the backups (`backups/<name>`). Keys are '/'-separated and relative;
 * two implementations:
 * - `local` (default): DATA_DIR/<key>, one machine (or a shared network folder);
 * - `s3`: an S3-compatible bucket (MinIO, a cloud bucket), shared by every app server.
 * Everything streams: nothing reads a whole file into memory.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** For messages: the folder or bucket (never a secret). */
  readonly where: string;
  /** Stores the stream under key (replacing what was there); the object appears whole or not at all. */
  put(key: string, body: Readable, opts?: { contentType?: string }): Promise<void>;
  /** Stores a local file under key; `move`: the file may be taken (the local store renames it). */
  putFile(key: string, file: string, opts?: { contentType?: string; move?: boolean }): Promise<void>;
  /** The object's bytes (start..end inclusive when given), or null when there is none. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with prefix, sorted by key (unfinished local writes left out). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * Makes the objects under prefix exactly the files of a local folder (a restore's staging
   * folder, taken): the local store swaps folders, S3 uploads each file and deletes the others.
   */
  replacePrefix(prefix: string, fromDir: string): Promise<void>;
  /** Throws, saying why, when the store cannot be used (the bucket missing, keys refused, the server away). */
  check(): Promise<void>;
  close(): void;
}

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: number;
}

export const UPLOADS_PREFIX = 'uploads/';
export const BACKUPS_PREFIX = 'backups/';
export const uploadKey = (rel: string) => `${UPLOADS_PREFIX}${rel}`;
export const backupKey = (name: string) => `${BACKUPS_PREFIX}${name}`;

/** The S3 settings of config.ts (FILE_STORE=s3). */
export interface S3Settings {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  forcePathStyle: boolean;
  /** Keys start with it ('' or ending in '/'): several installations (or test runs) may share a bucket. */
  prefix: string;
}

export type FileStoreSettings = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

/** A key the stores accept: relative, '/'-separated, no empty, '.' or '..' part. */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (!key || key.startsWith('/') || key.includes('\\') || parts.some((p) => p === '..' || p === '.'))
    throw new Error(`bad file store key: ${key}`);
  return key;
}

const byKey = (a: StoredObject, b: StoredObject) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** DATA_DIR/<key>: what the installation always did. Writes go to a .part file renamed at the end. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}
  get where() {
    return this.root;
  }

  abs(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  /** The folder of a key; backups/ is private to the server (0700), as the backup writer makes it. */
  private folderOf(key: string, abs: string): void {
    fs.mkdirSync(path.dirname(abs), { recursive: true, ...(key.startsWith(BACKUPS_PREFIX) ? { mode: 0o700 } : {}) });
  }

  async put(key: string, body: Readable): Promise<void> {
    const abs = this.abs(key);
    this.folderOf(key, abs);
    const tmp = `${abs}.${randomBytes(4).toString('hex')}.part`;
    try {
      await pipeline(body, fs.createWriteStream(tmp, { mode: key.startsWith(BACKUPS_PREFIX) ? 0o600 : 0o644 }));
      fs.renameSync(tmp, abs);
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }

  async putFile(key: string, file: string, opts: { move?: boolean } = {}): Promise<void> {
    const abs = this.abs(key);
    this.folderOf(key, abs);
    if (opts.move) {
      try {
        fs.renameSync(file, abs);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      }
    }
    await this.put(key, fs.createReadStream(file));
    if (opts.move) fs.rmSync(file, { force: true });
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const abs = this.abs(key);
    try {
      const fd = await fs.promises.open(abs, 'r');
      return fd.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw e;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const st = fs.statSync(this.abs(key), { throwIfNoEntry: false });
    return st?.isFile() ? { key, size: st.size, modifiedAt: st.mtimeMs } : null;
  }

  async delete(key: string): Promise<void> {
    fs.rmSync(this.abs(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    // The prefix names a folder ('uploads/') or a folder and the start of names ('backups/campus-').
    const cut = prefix.lastIndexOf('/') + 1;
    const dirKey = prefix.slice(0, cut);
    const dir = dirKey ? this.abs(dirKey.slice(0, -1)) : this.root;
    if (!fs.existsSync(dir)) return;
    const out: StoredObject[] = [];
    const walk = (rel: string) => {
      for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
        const r = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) walk(r);
        else if (e.isFile() && !e.name.endsWith('.part')) {
          const key = `${dirKey}${r}`;
          if (!key.startsWith(prefix)) continue;
          const st = fs.statSync(path.join(dir, r), { throwIfNoEntry: false });
          // Deleted since the folder was read: not there.
          if (st) out.push({ key, size: st.size, modifiedAt: st.mtimeMs });
        }
      }
    };
    walk('');
    yield* out.sort(byKey);
  }

  async replacePrefix(prefix: string, fromDir: string): Promise<void> {
    const target = this.abs(prefix.replace(/\/$/, ''));
    const old = `${target}.replaced-${randomBytes(6).toString('hex')}`;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (fs.existsSync(target)) fs.renameSync(target, old);
    try {
      fs.renameSync(fromDir, target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      fs.cpSync(fromDir, target, { recursive: true });
      fs.rmSync(fromDir, { recursive: true, force: true });
    }
    fs.rmSync(old, { recursive: true, force: true });
  }

  async check(): Promise<void> {}

  close(): void {}
}

const missing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

/** Files of a local folder, relative '/'-separated paths. */
function walkDir(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) out.push(r);
    }
  };
  if (fs.existsSync(dir)) walk('');
  return out;
}

/** Runs fn over items, four at a time (a restore's thousands of files, one request each). */
async function inParallel<T>(items: readonly T[], fn: (item: T) => Promise<void>, width = 4): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/** Bytes of each part of a multipart upload (S3's minimum is 5 MiB); at most 4 parts in memory at once. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * An S3-compatible bucket through @aws-sdk/client-s3. Uploads go through lib-storage's Upload
 * (one PUT for a small file, a multipart upload of 8 MiB parts for a large one: backups of any
 * size, streamed). Checksums only where the API requires them: MinIO and other S3-compatible
 * servers do not all take the SDK's newer trailing checksums.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(readonly s3: S3Settings) {
    this.client = new S3Client({
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      region: s3.region,
      credentials: { accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey },
      forcePathStyle: s3.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  get where() {
    return `s3://${this.s3.bucket}/${this.s3.prefix}${this.s3.endpoint ? ` (${this.s3.endpoint})` : ''}`;
  }

  private k(key: string) {
    return `${this.s3.prefix}${checkKey(key)}`;
  }

  async put(key: string, body: Readable, opts: { contentType?: string } = {}): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.s3.bucket,
        Key: this.k(key),
        Body: body,
        ...(opts.contentType ? { ContentType: opts.contentType } : {}),
      },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async putFile(key: string, file: string, opts: { contentType?: string; move?: boolean } = {}): Promise<void> {
    await this.put(key, fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), opts);
    if (opts.move) fs.rmSync(file, { force: true });
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.s3.bucket,
          Key: this.k(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return res.Body as Readable;
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: this.k(key) }));
      return { key, size: Number(res.ContentLength ?? 0), modifiedAt: res.LastModified?.getTime() ?? 0 };
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: this.k(key) }));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    const all: StoredObject[] = [];
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.s3.bucket,
          Prefix: `${this.s3.prefix}${prefix}`,
          ContinuationToken: token,
        }),
      );
      for (const o of res.Contents ?? [])
        if (o.Key)
          all.push({
            key: o.Key.slice(this.s3.prefix.length),
            size: Number(o.Size ?? 0),
            modifiedAt: o.LastModified?.getTime() ?? 0,
          });
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    yield* all.sort(byKey);
  }

  async replacePrefix(prefix: string, fromDir: string): Promise<void> {
    const files = walkDir(fromDir);
    const keep = new Set(files.map((f) => `${prefix}${f}`));
    await inParallel(files, (f) => this.putFile(`${prefix}${f}`, path.join(fromDir, f)));
    const stale: string[] = [];
    for await (const o of this.list(prefix)) if (!keep.has(o.key)) stale.push(o.key);
    await inParallel(stale, (key) => this.delete(key));
    fs.rmSync(fromDir, { recursive: true, force: true });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.s3.bucket }));
    } catch (e) {
      const err = e as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = err.$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'the bucket does not exist (create it first)'
          : status === 403 || status === 401
            ? 'S3_ACCESS_KEY/S3_SECRET_KEY are refused for this bucket'
            : `${err.name ?? 'error'}: ${err.message ?? ''}`.trim();
      throw new Error(`file store ${this.where} cannot be used: ${why}`);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** The store the configuration names; DATA_DIR is the local store's root. */
export function openFileStore(config: Pick<Config, 'dataDir' | 'fileStore'>): FileStore {
  return config.fileStore.kind === 's3' ? new S3FileStore(config.fileStore) : new LocalFileStore(config.dataDir);
}

/** A private folder for temporary files (uploads being checked, backups being written or read): always local. */
export function workDir(config: Pick<Config, 'dataDir'>): string {
  const dir = path.join(config.dataDir, 'tmp');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Reads a whole stream into nothing but a callback per chunk (checksums, counts). */
export async function drain(stream: Readable, each: (chunk: Buffer) => void): Promise<void> {
  for await (const chunk of stream as AsyncIterable<Buffer>) each(chunk);
}
