import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config';
import { BACKUPS_PREFIX, LocalFileStore, openFileStore, UPLOADS_PREFIX, type FileStore } from './file-store';

/**
 * `npm run files:migrate -- [--with-backups] [--dry-run]` (issue 23): copies what an installation
 * kept in DATA_DIR/uploads (and DATA_DIR/backups with --with-backups) into the object store that
 * FILE_STORE=s3 and S3_* name, then reads every object back and compares it with its source:
 * the count of files and each file's SHA-256. Run it with the servers' environment before they
 * start with FILE_STORE=s3 (again after any upload made meanwhile: it copies everything again).
 * Exit codes: 0 every file copied and verified, 1 a difference or a failure, 2 bad usage.
 */
export interface MigrateIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** The target store (tests); default: the one the configuration names. */
  target?: FileStore;
}

const USAGE = `用法 (usage): npm run files:migrate -- [--with-backups] [--dry-run]
  把 DATA_DIR/uploads（及 --with-backups 时的 DATA_DIR/backups）复制到 FILE_STORE=s3 配置的对象存储，
  并逐个校验数量与 SHA-256 (copy DATA_DIR files into the object store and verify count and checksums)`;

async function sha256(stream: AsyncIterable<Buffer>): Promise<string> {
  const h = createHash('sha256');
  for await (const c of stream) h.update(c);
  return h.digest('hex');
}

export async function runMigrate(argv: string[], io: MigrateIo): Promise<number> {
  let values: { 'with-backups'?: boolean; 'dry-run'?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { 'with-backups': { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
      strict: true,
    }));
  } catch (e) {
    io.err((e as Error).message);
    io.err(USAGE);
    return 2;
  }
  let target: FileStore | null = null;
  try {
    const config = loadConfig(io.env ?? process.env);
    target = io.target ?? null;
    if (!target) {
      if (config.fileStore.kind !== 's3') {
        io.err('拒绝 (refused): 请先配置 FILE_STORE=s3 与 S3_* (set FILE_STORE=s3 and the S3_* settings first)');
        return 1;
      }
      target = openFileStore(config);
    }
    const source = new LocalFileStore(config.dataDir);
    const prefixes = [UPLOADS_PREFIX, ...(values['with-backups'] ? [BACKUPS_PREFIX] : [])];
    const files: { key: string; size: number; sha: string }[] = [];
    for (const prefix of prefixes)
      for await (const o of source.list(prefix)) {
        // Hidden working files (an upload of a backup being checked) are not the installation's.
        if (path.basename(o.key).startsWith('.')) continue;
        files.push({ key: o.key, size: o.size, sha: '' });
      }
    const bytes = files.reduce((n, f) => n + f.size, 0);
    io.out(`源 (source): ${config.dataDir}：${files.length} 个文件，${bytes} 字节`);
    io.out(`目标 (target): ${target.where}`);
    if (values['dry-run']) return 0;

    let copied = 0;
    for (const f of files) {
      // Hashed on the way out: the file is read once per copy, streamed.
      const h = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _enc, done) {
          h.update(chunk);
          done(null, chunk);
        },
      });
      fs.createReadStream(source.abs(f.key))
        .on('error', (e) => hashing.destroy(e))
        .pipe(hashing);
      await target.put(f.key, hashing);
      f.sha = h.digest('hex');
      copied += 1;
      if (copied % 100 === 0) io.err(`  已复制 (copied) ${copied}/${files.length}`);
    }
    io.out(`已复制 (copied): ${copied} 个文件`);

    // Verify: every source file is in the target with its size and SHA-256; the counts agree.
    const problems: string[] = [];
    const inTarget = new Map<string, number>();
    for (const prefix of prefixes) for await (const o of target.list(prefix)) inTarget.set(o.key, o.size);
    for (const f of files) {
      const size = inTarget.get(f.key);
      if (size === undefined) {
        problems.push(`缺少 (missing): ${f.key}`);
        continue;
      }
      if (size !== f.size) {
        problems.push(`大小不符 (size differs): ${f.key} ${f.size} ≠ ${size}`);
        continue;
      }
      const body = await target.get(f.key);
      const sha = body ? await sha256(body as AsyncIterable<Buffer>) : '';
      if (sha !== f.sha) problems.push(`校验和不符 (checksum differs): ${f.key}`);
    }
    const sourceKeys = new Set(files.map((f) => f.key));
    const extra = [...inTarget.keys()].filter((k) => !sourceKeys.has(k)).length;
    if (problems.length) {
      for (const p of problems.slice(0, 50)) io.err(p);
      io.err(`校验失败 (verification failed): ${problems.length} 个文件不一致`);
      return 1;
    }
    io.out(`已校验 (verified): ${files.length} 个文件，数量与 SHA-256 全部一致 (count and checksums match)`);
    if (extra) io.out(`对象存储中另有 ${extra} 个文件（不在 DATA_DIR 中）(objects not in DATA_DIR: ${extra})`);
    return 0;
  } catch (e) {
    if (e instanceof ConfigError) {
      io.err(`配置错误 (configuration error): ${e.message}`);
      return 1;
    }
    io.err(`失败 (failed): ${(e as Error).message}`);
    return 1;
  } finally {
    if (target && !io.target) target.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runMigrate(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) }).then((code) =>
    process.exit(code),
  );
}
