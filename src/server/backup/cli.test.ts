import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { createPgSchema, dropPgSchema, usePostgres } from '../test/helper';
import { runBackupCli, type BackupCliIo } from './cli';
import { KEY_MISMATCH, SEAL_BROKEN } from './format';
import { fileChecksum } from './seal';

const dialect = usePostgres() ? 'postgres' : 'sqlite';
const KEY_A = Buffer.alloc(32, 5).toString('base64');
const KEY_B = Buffer.alloc(32, 6).toString('hex');

interface Server {
  db: Db;
  dataDir: string;
  close: () => Promise<void>;
}

/** One installation: its database (the suite's dialect) and its DATA_DIR. */
async function server(): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-cli-'));
  if (dialect === 'postgres') {
    const schema = await createPgSchema();
    const { db } = openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolSize: 2 });
    await migrateToLatest(db);
    return {
      db,
      dataDir,
      close: async () => {
        await db.destroy();
        await dropPgSchema(schema);
      },
    };
  }
  const { db } = openDb({ databaseUrl: null, sqliteFile: ':memory:' });
  await migrateToLatest(db);
  return { db, dataDir, close: async () => db.destroy() };
}

async function run(s: Server, argv: string[], opts: { key?: string; running?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: BackupCliIo = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { NODE_ENV: 'test', DATA_DIR: s.dataDir, BACKUP_KEY: opts.key ?? KEY_A },
    db: s.db,
    by: 'tester',
    serverRunning: async () => opts.running ?? false,
  };
  const code = await runBackupCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const auditOf = (db: Db, action: string) =>
  db.selectFrom('auditLog').select(['result', 'actorName', 'target', 'detail']).where('action', '=', action).execute();

describe(`npm run backup (${dialect})`, () => {
  let source: Server;
  let target: Server;
  let file: string;

  beforeAll(async () => {
    source = await server();
    target = await server();
    await seedDemo(source.db, { size: 'small' });
    await source.db.insertInto('setting').values({ key: 'cli_marker', value: '"from source"', updatedAt: 1 }).execute();
    fs.mkdirSync(path.join(source.dataDir, 'uploads/2026'), { recursive: true });
    fs.writeFileSync(path.join(source.dataDir, 'uploads/2026/a.txt'), 'uploaded');
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it('creates a sealed backup in DATA_DIR/backups (0600), prints its SHA-256, audits it', async () => {
    const res = await run(source, ['create', '--note', '迁移']);
    expect(res.code).toBe(0);
    const names = fs.readdirSync(path.join(source.dataDir, 'backups'));
    expect(names).toHaveLength(1);
    file = path.join(source.dataDir, 'backups', names[0]!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(res.out).toContain(`SHA-256: ${await fileChecksum(file)}`);
    expect(await auditOf(source.db, 'backup_created')).toEqual([
      expect.objectContaining({ result: 'ok', actorName: 'cli:tester', target: names[0] }),
    ]);
  });

  it('lists the backups with their date, and says when another key made one', async () => {
    const listed = await run(source, ['list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(path.basename(file));
    expect(listed.out).toContain(dialect);
    expect((await run(source, ['list'], { key: KEY_B })).out).toContain(KEY_MISMATCH);
  });

  it('verifies the whole file; refuses a changed one and another key', async () => {
    const ok = await run(source, ['verify', file]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('封签与内容完整');
    const changed = path.join(source.dataDir, 'changed.bak');
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    fs.writeFileSync(changed, bytes);
    const bad = await run(source, ['verify', changed]);
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.err).toContain(SEAL_BROKEN);
    expect((await run(source, ['verify', file], { key: KEY_B })).err).toContain(KEY_MISMATCH);
  });

  it('restores on another installation with the same BACKUP_KEY (hex or base64), audited', async () => {
    const hexKey = Buffer.from(KEY_A, 'base64').toString('hex');
    const refused = await run(target, ['restore', file], { key: hexKey, running: true });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('请先停止服务器');

    const res = await run(target, ['restore', file], { key: hexKey });
    expect(res.code).toBe(0);
    expect(res.out).toContain('已恢复');
    const marker = await target.db
      .selectFrom('setting')
      .select('value')
      .where('key', '=', 'cli_marker')
      .executeTakeFirst();
    expect(marker?.value).toBe('"from source"');
    expect(fs.readFileSync(path.join(target.dataDir, 'uploads/2026/a.txt'), 'utf8')).toBe('uploaded');
    expect(await auditOf(target.db, 'backup_restored')).toEqual([
      expect.objectContaining({ result: 'ok', actorName: 'cli:tester' }),
    ]);
  });

  it('refuses a restore with another key and audits the refusal; the data stays', async () => {
    await target.db.insertInto('setting').values({ key: 'after_restore', value: '1', updatedAt: 1 }).execute();
    const res = await run(target, ['restore', file, '--online'], { key: KEY_B });
    expect(res.code).toBe(1);
    expect(res.err).toContain(KEY_MISMATCH);
    expect(await auditOf(target.db, 'backup_restored')).toContainEqual(
      expect.objectContaining({ result: 'fail', detail: KEY_MISMATCH }),
    );
    expect(
      await target.db.selectFrom('setting').select('key').where('key', '=', 'after_restore').executeTakeFirst(),
    ).toBeTruthy();
  });

  it('answers bad usage with the usage and exit code 2', async () => {
    for (const argv of [[], ['verify'], ['restore', 'a', 'b'], ['explode'], ['create', '--bogus']]) {
      const res = await run(source, argv);
      expect(res.code).toBe(2);
      expect(res.err).toContain('npm run backup -- create');
    }
    expect((await run(source, ['verify', '/nonexistent/file.bak'])).code).toBe(1);
  });
});
