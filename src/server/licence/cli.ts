import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { ALL_MODULES, generateIssuerKeys, makeLicence, parsePrivateKey, parsePublicKey, signLicence } from './licence';
import { ISSUER_PRIVATE_FILE, ISSUER_PUBLIC_FILE, trustedPublicKey } from './issuer';
import { installLicence, LicenceRefused } from './store';
import { countActiveUsers, licenceStatus } from './status';

/**
 * The operator's licence command (`npm run licence -- <command>`):
 *   keygen  --out DIR                    make an Ed25519 issuer key pair
 *   issue   --holder X --expires YYYY-MM-DD --users N --modules all|a,b --key PRIVATE.pem [--out FILE]
 *   install --file FILE                  verify and install into the configured database
 *   show                                 the installed licence and its status
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
export const USAGE = `用法 (usage):
  npm run licence -- keygen --out <dir>
  npm run licence -- issue --holder <name> --expires <YYYY-MM-DD> --users <n> --modules <all|m1,m2> --key <private.pem> [--out <file>]
  npm run licence -- install --file <licence file>
  npm run licence -- show`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Tests pass their database; otherwise the configured one is opened and migrated. */
  db?: Db;
}

class UsageError extends Error {}

const REASON_TEXT: Record<string, string> = {
  missing: '未安装授权 (no licence installed)',
  forged: '签名无效 (signature does not match the trusted key)',
  expired: '已过期 (expired)',
  malformed: '格式错误 (malformed)',
};

function need(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`缺少参数 --${name} (missing --${name})`);
  return v.trim();
}

export function keygen(outDir: string, io: CliIo): number {
  const keyFile = path.join(outDir, ISSUER_PRIVATE_FILE);
  const pubFile = path.join(outDir, ISSUER_PUBLIC_FILE);
  if (fs.existsSync(keyFile) || fs.existsSync(pubFile)) {
    io.err(`拒绝覆盖已有密钥 (refusing to overwrite): ${fs.existsSync(keyFile) ? keyFile : pubFile}`);
    return 1;
  }
  fs.mkdirSync(outDir, { recursive: true });
  const { privateKeyPem, publicKeyPem } = generateIssuerKeys();
  fs.writeFileSync(keyFile, privateKeyPem, { mode: 0o600, flag: 'wx' });
  fs.writeFileSync(pubFile, publicKeyPem, { mode: 0o644, flag: 'wx' });
  const spki = parsePublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');
  io.out(`private key (keep secret): ${keyFile}`);
  io.out(`public key: ${pubFile}`);
  io.out(`LICENCE_PUBLIC_KEY=${spki}`);
  return 0;
}

export function issue(values: Record<string, unknown>, io: CliIo): number {
  const holder = need(values, 'holder');
  const expiresAt = need(values, 'expires');
  const usersRaw = need(values, 'users');
  const modulesRaw = need(values, 'modules');
  const keyFile = need(values, 'key');
  const userCap = Number(usersRaw);
  if (!Number.isInteger(userCap) || userCap < 1)
    throw new UsageError(`--users 必须是正整数 (must be a positive integer, got "${usersRaw}")`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresAt) || Number.isNaN(Date.parse(expiresAt)))
    throw new UsageError(`--expires 必须是日期 YYYY-MM-DD (got "${expiresAt}")`);
  const modules =
    modulesRaw === 'all'
      ? [ALL_MODULES]
      : modulesRaw
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean);
  if (modules.length === 0) throw new UsageError('--modules 为空 (empty)');
  let pem: string;
  try {
    pem = fs.readFileSync(keyFile, 'utf8');
  } catch {
    io.err(`无法读取私钥文件 (cannot read key file): ${keyFile}`);
    return 1;
  }
  let text: string;
  try {
    text = signLicence(makeLicence({ holder, expiresAt, userCap, modules }), parsePrivateKey(pem));
  } catch (e) {
    io.err(`签发失败 (cannot issue): ${(e as Error).message}`);
    return 1;
  }
  const out = typeof values.out === 'string' ? values.out : null;
  if (out) {
    fs.writeFileSync(out, `${text}\n`);
    io.out(`licence for ${holder} until ${expiresAt} written to ${out}`);
  } else {
    io.out(text);
  }
  return 0;
}

async function withDb<T>(config: Config, io: CliIo, fn: (db: Db) => Promise<T>): Promise<T> {
  if (io.db) return fn(io.db);
  const { db } = openDb({ databaseUrl: config.databaseUrl, sqliteFile: `${config.dataDir}/campus-portal.sqlite` });
  try {
    await migrateToLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

export async function install(file: string, config: Config, io: CliIo): Promise<number> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    io.err(`无法读取授权文件 (cannot read licence file): ${file}`);
    return 1;
  }
  const key = trustedPublicKey(config);
  return withDb(config, io, async (db) => {
    try {
      const licence = (await installLicence(db, key, text)).licence!;
      io.out(`已安装授权 (installed): ${licence.holder}, 到期 ${licence.expiresAt}, 用户上限 ${licence.userCap}`);
      io.out('running servers pick it up within 30 seconds');
      return 0;
    } catch (e) {
      if (e instanceof LicenceRefused) {
        io.err(`授权无效，未安装 (refused): ${REASON_TEXT[e.result.reason!] ?? e.result.reason}`);
        return 1;
      }
      throw e;
    }
  });
}

export async function show(config: Config, io: CliIo): Promise<number> {
  const key = trustedPublicKey(config);
  return withDb(config, io, async (db) => {
    const [s, users] = await Promise.all([licenceStatus(db, key), countActiveUsers(db)]);
    io.out(`状态 (status): ${s.valid ? '有效 (valid)' : `无效 (invalid): ${REASON_TEXT[s.reason!] ?? s.reason}`}`);
    if (s.holder) {
      io.out(`授权单位 (holder): ${s.holder}`);
      io.out(`编号 (id): ${s.id}`);
      io.out(`签发 (issued): ${s.issuedAt}`);
      io.out(`到期 (expires): ${s.expiresAt} (${s.daysLeft} days left)`);
      io.out(`用户 (users): ${users} / ${s.userCap}`);
      io.out(`模块 (modules): ${s.modules.includes(ALL_MODULES) ? 'all' : s.modules.join(', ')}`);
    }
    return s.valid ? 0 : 1;
  });
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const { values } = parseArgs({
      args: rest,
      options: {
        holder: { type: 'string' },
        expires: { type: 'string' },
        users: { type: 'string' },
        modules: { type: 'string' },
        key: { type: 'string' },
        out: { type: 'string' },
        file: { type: 'string' },
      },
      strict: true,
    });
    switch (command) {
      case 'keygen':
        return keygen(need(values, 'out'), io);
      case 'issue':
        return issue(values, io);
      case 'install':
        return await install(need(values, 'file'), loadConfig(io.env ?? process.env), io);
      case 'show':
        return await show(loadConfig(io.env ?? process.env), io);
      default:
        throw new UsageError(command ? `未知命令 (unknown command): ${command}` : '缺少命令 (missing command)');
    }
  } catch (e) {
    if (e instanceof UsageError || (e as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err((e as Error).message);
      io.err(USAGE);
      return 2;
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
  runCli(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) }).then((code) =>
    process.exit(code),
  );
}
