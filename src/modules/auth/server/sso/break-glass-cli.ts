import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '@/server/config';
import { openDb, type Db } from '@/server/db/dialect';
import { migrateToLatest } from '@/server/db/migrate';
import { BREAK_GLASS_DEFAULT_MINUTES, BreakGlassRefused, closeBreakGlass, openBreakGlass } from './break-glass';

/**
 * The operator's recovery command when single sign-on is down and the password back door is
 * closed (`npm run sso:break-glass -- …`), run on the server against the configured database.
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
export const USAGE = `用法 (usage):
  npm run sso:break-glass -- open --user <administrator> [--minutes ${BREAK_GLASS_DEFAULT_MINUTES}]
  npm run sso:break-glass -- close`;

export interface BreakGlassIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Tests pass their database; otherwise the configured one is opened and migrated. */
  db?: Db;
  /** Who ran the command, for the audit row (default: the operating-system user). */
  by?: string;
}

async function withDb<T>(io: BreakGlassIo, fn: (db: Db) => Promise<T>): Promise<T> {
  if (io.db) return fn(io.db);
  const config = loadConfig(io.env ?? process.env);
  const { db } = openDb({ databaseUrl: config.databaseUrl, sqliteFile: `${config.dataDir}/campus-portal.sqlite` });
  try {
    await migrateToLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

export async function runBreakGlassCli(argv: string[], io: BreakGlassIo): Promise<number> {
  const [command, ...rest] = argv;
  const by = `cli:${io.by ?? os.userInfo().username}`;
  let values: { user?: string; minutes?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { user: { type: 'string' }, minutes: { type: 'string' } },
      strict: true,
    }));
  } catch (e) {
    io.err((e as Error).message);
    io.err(USAGE);
    return 2;
  }
  try {
    if (command === 'open') {
      const user = values.user?.trim();
      if (!user) {
        io.err('缺少参数 --user (missing --user)');
        io.err(USAGE);
        return 2;
      }
      const minutes = values.minutes === undefined ? BREAK_GLASS_DEFAULT_MINUTES : Number(values.minutes);
      const until = await withDb(io, (db) => openBreakGlass(db, user, minutes, by));
      io.out(`已开启：${user} 可在管理员登录页用密码登录，至 ${new Date(until).toISOString()} (break-glass open)`);
      io.out('用完请执行 close 提前关闭 (run close when done)');
      return 0;
    }
    if (command === 'close') {
      const wasOpen = await withDb(io, (db) => closeBreakGlass(db, by));
      io.out(wasOpen ? '已关闭 (closed)' : '没有开启中的应急登录 (nothing was open)');
      return 0;
    }
    io.err(command ? `未知命令 (unknown command): ${command}` : '缺少命令 (missing command)');
    io.err(USAGE);
    return 2;
  } catch (e) {
    if (e instanceof BreakGlassRefused) {
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
  runBreakGlassCli(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) }).then((code) =>
    process.exit(code),
  );
}
