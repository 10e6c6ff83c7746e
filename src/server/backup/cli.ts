import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { audit } from '../identity/audit';
import { RSA_SETTING_KEY } from '../identity/password-transport';
import { LICENCE_SETTING } from '../licence/store';
import { BackupFormatError } from './format';
import { installationBackupKey } from './key';
import { readBackupHeader, verifyBackup } from './reader';
import { restoreBackup, RestoreError } from './restore';
import { fileChecksum } from './seal';
import { writeBackup, type BackupProgress } from './writer';

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
  npm run backup -- restore <文件> [--online]  恢复，先停止服务器 (restore; stop the server first)`;

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
const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

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
  const file = path.join(backupsDir(config), fileName);
  return withDb(io, config, async (db) => {
    io.err(`正在备份 (backing up) → ${file}`);
    const written = await writeBackup(db, uploadsDir(config), file, { key, onProgress: progressPrinter(io) });
    await audit(db, {
      action: 'backup_created',
      result: 'ok',
      actorName: by,
      target: fileName,
      detail: `${written.size} bytes, sha256 ${written.checksum}${note?.trim() ? `, ${note.trim()}` : ''}`,
    });
    io.out(`已备份 (done): ${file}`);
    io.out(`大小 (size): ${written.size} bytes`);
    io.out(`SHA-256: ${written.checksum}`);
    io.out(
      `表 ${Object.keys(written.rows).length}，行 ${Object.values(written.rows).reduce((a, b) => a + b, 0)}，文件 ${written.files}`,
    );
    return 0;
  });
}

async function list(io: BackupCliIo, config: Config): Promise<number> {
  const key = installationBackupKey(config);
  const dir = backupsDir(config);
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile() && !e.name.startsWith('.') && !e.name.endsWith('.part'))
        .map((e) => e.name)
        .sort()
    : [];
  if (!names.length) {
    io.out(`${dir} 中没有备份 (no backups)`);
    return 0;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    const size = fs.statSync(file).size;
    let about: string;
    try {
      const h = await readBackupHeader(file, key);
      about = `${new Date(h.createdAt).toLocaleString('zh-CN', { hour12: false })}  ${h.dialect}`;
    } catch (e) {
      if (!(e instanceof BackupFormatError)) throw e;
      about = `不可用 (unusable): ${e.message}`;
    }
    io.out(`${name}  ${mb(size)}  ${about}`);
  }
  return 0;
}

async function verify(io: BackupCliIo, config: Config, file: string): Promise<number> {
  const key = installationBackupKey(config);
  const summary = await verifyBackup(file, key);
  const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  io.out(`封签与内容完整 (seal and content verified): ${file}`);
  io.out(`备份时间 (made): ${new Date(summary.header.createdAt).toISOString()}，数据库 ${summary.header.dialect}`);
  io.out(`表 ${Object.keys(summary.rows).length}，行 ${rows}，文件 ${summary.files}`);
  io.out(`SHA-256: ${await fileChecksum(file)}`);
  return 0;
}

async function restore(io: BackupCliIo, config: Config, by: string, file: string, online: boolean): Promise<number> {
  const key = installationBackupKey(config);
  if (!online && (await (io.serverRunning ?? probeServer)(config))) {
    io.err(
      `拒绝 (refused): 服务器正在 ${config.host}:${config.port} 运行。请先停止服务器再恢复；确需在线恢复请加 --online (stop the server first)`,
    );
    return 1;
  }
  return withDb(io, config, async (db) => {
    const target = path.basename(file);
    try {
      io.err(`正在校验并恢复 (verifying and restoring) ${file}`);
      const outcome = await restoreBackup(db, uploadsDir(config), file, key, {
        keepSetting: (k) => INSTALLATION_SETTINGS.has(k),
        appendOnly: { audit_log: 'at' },
        inTransaction: (trx) =>
          audit(trx, { action: 'backup_restored', result: 'ok', actorName: by, target, detail: '命令行恢复' }),
      });
      const rows = Object.values(outcome.rows).reduce((a, b) => a + b, 0);
      io.out(`已恢复 (restored): 表 ${Object.keys(outcome.rows).length}，行 ${rows}，文件 ${outcome.files}`);
      io.out('所有用户已退出登录，请重新登录 (everybody was signed out)');
      return 0;
    } catch (e) {
      if (!(e instanceof RestoreError)) throw e;
      await audit(db, { action: 'backup_restored', result: 'fail', actorName: by, target, detail: e.message });
      io.err(`拒绝 (refused): ${e.message}`);
      return 1;
    }
  });
}

export async function runBackupCli(argv: string[], io: BackupCliIo): Promise<number> {
  const [command, ...rest] = argv;
  const by = `cli:${io.by ?? os.userInfo().username}`;
  let values: { note?: string; online?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: { note: { type: 'string' }, online: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (e) {
    io.err((e as Error).message);
    io.err(USAGE);
    return 2;
  }
  const needsFile = command === 'verify' || command === 'restore';
  if (!['create', 'list', 'verify', 'restore'].includes(command ?? '') || positionals.length !== (needsFile ? 1 : 0)) {
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
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
      io.err(`文件不存在 (no such file): ${file}`);
      return 1;
    }
    if (command === 'verify') return await verify(io, config, file);
    return await restore(io, config, by, file, values.online ?? false);
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
