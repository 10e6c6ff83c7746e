import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { audit } from '../identity/audit';
import { RSA_SETTING_KEY } from '../identity/password-transport';
import { LICENCE_SETTING } from '../licence/store';
import { BackupFormatError } from './format';
import { installationBackupKey, type BackupKey } from './key';
import { isUnsealedGzip, readBackupHeader, verifyBackup } from './reader';
import { restoreBackup, RestoreError } from './restore';
import { fileChecksum, Sealer } from './seal';
import { writeBackup, type BackupProgress } from './writer';
import { backupKey, LocalFileStore, openFileStore, workDir, type FileStore } from '../uploads/file-store';
import { listStoredBackups, storeBackupFile, tempBackupPath, withStoredBackup } from './stored';

/**
 * The operator's backup command (`npm run backup -- …`, issue 26): the same backups as the back
 * office, of any size, streamed, with the server's configuration (DATABASE_URL, DATA_DIR,
 * BACKUP_KEY). Every create and restore, refused ones included, is audited as `cli:<os user>`.
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
export const USAGE = `用法 (usage):
  npm run backup -- create [--note <备注>]      备份到 DATA_DIR/backups (make a backup)
  npm run backup -- list                       列出 DATA_DIR/backups 中的备份 (list backups)
  npm run backup -- verify <文件>              完整校验封签与内容 (verify seal and content)
  npm run backup -- restore <文件> [--online]  恢复，先停止服务器 (restore; stop the server first)
  verify/restore 加 --legacy-unsealed：接受旧版本（未加密）的备份 (accept a previous release's unsealed backup)`;

export interface BackupCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Tests pass their database; otherwise the configured one is opened and migrated. */
  db?: Db;
  /** Who ran the command, for the audit rows (default: the operating-system user). */
  by?: string;
  /** Whether a server answers on the configured address (tests replace the HTTP probe). */
  serverRunning?: (config: Config) => Promise<boolean>;
}

/** Settings that stay the installation's own on a restore (as the back office's restore keeps them). */
const INSTALLATION_SETTINGS = new Set([LICENCE_SETTING, RSA_SETTING_KEY, 'backup_schedule']);

const backupsDir = (config: Config) => path.join(config.dataDir, 'backups');

/** The installation's file store (FILE_STORE: DATA_DIR or the bucket), closed afterwards. */
async function withStore<T>(config: Config, fn: (files: FileStore) => Promise<T>): Promise<T> {
  const files = openFileStore(config);
  try {
    return await fn(files);
  } finally {
    files.close();
  }
}

/** Where a stored backup is, for messages: its path in the local store, else its key in the bucket. */
const storedAt = (files: FileStore, name: string) =>
  files instanceof LocalFileStore ? files.abs(backupKey(name)) : `${files.where} ${backupKey(name)}`;

/** The back office's naming (server-made names only), so a file made here fits its catalogue. */
function newFileName(now: number): string {
  const d = new Date(now);
  const p = (n: number) => String(n).padStart(2, '0');
  return `campus-portal-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}-${randomBytes(3).toString('hex')}.jsonl.gz`;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Asks the configured address whether a server answers (any HTTP answer within a second counts). */
async function probeServer(config: Config): Promise<boolean> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  try {
    await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${config.port}/`, {
      signal: AbortSignal.timeout(1000),
    });
    return true;
  } catch {
    return false;
  }
}

async function withDb<T>(io: BackupCliIo, config: Config, fn: (db: Db) => Promise<T>): Promise<T> {
  if (io.db) return fn(io.db);
  const { db } = openDb({ databaseUrl: config.databaseUrl, sqliteFile: `${config.dataDir}/campus-portal.sqlite` });
  try {
    await migrateToLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** Progress on stderr every two seconds at most (a large backup runs for minutes). */
function progressPrinter(io: BackupCliIo): (p: Readonly<BackupProgress>) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (now - last < 2000 && p.phase !== 'done') return;
    last = now;
    io.err(
      p.phase === 'database'
        ? `  数据库：表 ${p.tables}/${p.tablesTotal}，${p.rows} 行`
        : `  文件：${p.files}/${p.filesTotal}，${mb(p.bytes)}/${mb(p.bytesTotal)}`,
    );
  };
}

async function create(io: BackupCliIo, config: Config, by: string, note: string | undefined): Promise<number> {
  const key = installationBackupKey(config);
  const fileName = newFileName(Date.now());
  return withStore(config, (files) =>
    withDb(io, config, async (db) => {
      const where = storedAt(files, fileName);
      io.err(`正在备份 (backing up) → ${where}`);
      const tmp = tempBackupPath(config, fileName);
      let written: Awaited<ReturnType<typeof writeBackup>>;
      try {
        written = await writeBackup(db, files, tmp, { key, onProgress: progressPrinter(io) });
        // Into the file store: every app server's back office can then catalogue and restore it.
        await storeBackupFile(files, tmp, fileName);
      } finally {
        fs.rmSync(tmp, { force: true });
      }
      await audit(db, {
        action: 'backup_created',
        result: 'ok',
        actorName: by,
        target: fileName,
        detail: `${written.size} bytes, sha256 ${written.checksum}${note?.trim() ? `, ${note.trim()}` : ''}`,
      });
      io.out(`已备份 (done): ${where}`);
      io.out(`大小 (size): ${written.size} bytes`);
      io.out(`SHA-256: ${written.checksum}`);
      io.out(
        `表 ${Object.keys(written.rows).length}，行 ${Object.values(written.rows).reduce((a, b) => a + b, 0)}，文件 ${written.files}`,
      );
      return 0;
    }),
  );
}

async function list(io: BackupCliIo, config: Config): Promise<number> {
  const key = installationBackupKey(config);
  return withStore(config, async (files) => {
    const stored = (await listStoredBackups(files)).filter((b) => !b.name.endsWith('.part'));
    if (!stored.length) {
      io.out(
        `${files instanceof LocalFileStore ? backupsDir(config) : `${files.where} backups/`} 中没有备份 (no backups)`,
      );
      return 0;
    }
    for (const { name, size } of stored) {
      let about: string;
      try {
        const h = await withStoredBackup(files, config, name, (file) => readBackupHeader(file, key), { head: true });
        about = h
          ? `${new Date(h.createdAt).toLocaleString('zh-CN', { hour12: false })}  ${h.dialect}`
          : '已不存在 (gone)';
      } catch (e) {
        if (!(e instanceof BackupFormatError)) throw e;
        about = `不可用 (unusable): ${e.message}`;
      }
      io.out(`${name}  ${mb(size)}  ${about}`);
    }
    return 0;
  });
}

async function verify(io: BackupCliIo, config: Config, file: string, legacy: boolean): Promise<number> {
  const key = installationBackupKey(config);
  const unsealed = legacy && isUnsealedGzip(file);
  const summary = await verifyBackup(file, key, { legacyUnsealed: legacy });
  const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  io.out(
    unsealed
      ? `旧版本（未加密）备份，内容完整；没有封签，无法证明备份后未被改动 (unsealed legacy backup, content verified): ${file}`
      : `封签与内容完整 (seal and content verified): ${file}`,
  );
  io.out(`备份时间 (made): ${new Date(summary.header.createdAt).toISOString()}，数据库 ${summary.header.dialect}`);
  io.out(`表 ${Object.keys(summary.rows).length}，行 ${rows}，文件 ${summary.files}`);
  io.out(`SHA-256: ${await fileChecksum(file)}`);
  return 0;
}

/**
 * A sealed copy of the previous release's unsealed backup, 0600 in DATA_DIR/backups (0700), so it
 * goes through the one restore path (restoreBackup verifies and restores exactly what is sealed
 * here: a change to the original after this copy is made cannot reach the database).
 */
async function sealedCopy(config: Config, file: string, key: BackupKey): Promise<string> {
  const dir = backupsDir(config);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const copy = path.join(dir, `.legacy-restore-${randomBytes(6).toString('hex')}.part`);
  try {
    await pipeline(fs.createReadStream(file), new Sealer(key), fs.createWriteStream(copy, { mode: 0o600 }));
  } catch (e) {
    fs.rmSync(copy, { force: true });
    throw e;
  }
  return copy;
}

async function restore(
  io: BackupCliIo,
  config: Config,
  by: string,
  file: string,
  online: boolean,
  legacy: boolean,
): Promise<number> {
  const key = installationBackupKey(config);
  if (!online && (await (io.serverRunning ?? probeServer)(config))) {
    io.err(
      `拒绝 (refused): 服务器正在 ${config.host}:${config.port} 运行。请先停止服务器再恢复；确需在线恢复请加 --online (stop the server first)`,
    );
    return 1;
  }
  return withDb(io, config, async (db) => {
    const target = path.basename(file);
    // Only with --legacy-unsealed, and only for a file that is one: a sealed file is restored as always.
    const unsealed = legacy && isUnsealedGzip(file);
    const how = unsealed ? '命令行恢复（旧版本未加密备份，--legacy-unsealed）' : '命令行恢复';
    let copy: string | null = null;
    try {
      io.err(`正在校验并恢复 (verifying and restoring) ${file}`);
      if (unsealed) {
        io.err('旧版本（未加密）备份：没有封签，请确认文件来源可信 (unsealed legacy backup: trust its source)');
        copy = await sealedCopy(config, file, key);
      }
      const outcome = await withStore(config, (files) =>
        restoreBackup(db, { store: files, workDir: workDir(config) }, copy ?? file, key, {
          keepSetting: (k) => INSTALLATION_SETTINGS.has(k),
          appendOnly: { audit_log: 'at' },
          inTransaction: (trx) =>
            audit(trx, { action: 'backup_restored', result: 'ok', actorName: by, target, detail: how }),
        }),
      );
      const rows = Object.values(outcome.rows).reduce((a, b) => a + b, 0);
      io.out(`已恢复 (restored): 表 ${Object.keys(outcome.rows).length}，行 ${rows}，文件 ${outcome.files}`);
      if (outcome.migrated.length) io.out(`已升级到当前版本 (migrated forward): ${outcome.migrated.join(', ')}`);
      io.out('所有用户已退出登录，请重新登录 (everybody was signed out)');
      return 0;
    } catch (e) {
      if (!(e instanceof RestoreError)) throw e;
      await audit(db, {
        action: 'backup_restored',
        result: 'fail',
        actorName: by,
        target,
        detail: unsealed ? `旧版本未加密备份：${e.message}` : e.message,
      });
      io.err(`拒绝 (refused): ${e.message}`);
      return 1;
    } finally {
      if (copy) fs.rmSync(copy, { force: true });
    }
  });
}

export async function runBackupCli(argv: string[], io: BackupCliIo): Promise<number> {
  const [command, ...rest] = argv;
  const by = `cli:${io.by ?? os.userInfo().username}`;
  let values: { note?: string; online?: boolean; 'legacy-unsealed'?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: { note: { type: 'string' }, online: { type: 'boolean' }, 'legacy-unsealed': { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (e) {
    io.err((e as Error).message);
    io.err(USAGE);
    return 2;
  }
  const needsFile = command === 'verify' || command === 'restore';
  const legacy = values['legacy-unsealed'] ?? false;
  if (
    !['create', 'list', 'verify', 'restore'].includes(command ?? '') ||
    positionals.length !== (needsFile ? 1 : 0) ||
    (legacy && !needsFile)
  ) {
    io.err(
      !command
        ? '缺少命令 (missing command)'
        : needsFile
          ? '请给出一个备份文件 (one backup file)'
          : `未知命令或多余参数 (unknown command or extra arguments): ${argv.join(' ')}`,
    );
    io.err(USAGE);
    return 2;
  }
  try {
    const config = loadConfig(io.env ?? process.env);
    if (command === 'create') return await create(io, config, by, values.note);
    if (command === 'list') return await list(io, config);
    const file = path.resolve(positionals[0]!);
    const run = (f: string) =>
      command === 'verify' ? verify(io, config, f, legacy) : restore(io, config, by, f, values.online ?? false, legacy);
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return await run(file);
    // Not a file here: the name of a backup in the file store (as `list` shows it), from any server.
    const name = path.basename(positionals[0]!);
    const stored =
      name === positionals[0]!.replace(/^backups\//, '') || positionals[0] === `backups/${name}`
        ? await withStore(config, (files) => withStoredBackup(files, config, name, run))
        : null;
    if (stored === null) {
      io.err(`文件不存在 (no such file): ${file}`);
      return 1;
    }
    return stored;
  } catch (e) {
    if (e instanceof BackupFormatError) {
      io.err(`拒绝 (refused): ${e.message}`);
      return 1;
    }
    if (e instanceof ConfigError) {
      io.err(`配置错误 (configuration error): ${e.message}`);
      return 1;
    }
    io.err(`失败 (failed): ${(e as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runBackupCli(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) }).then((code) =>
    process.exit(code),
  );
}
