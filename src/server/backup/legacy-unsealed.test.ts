import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/dialect';
import {
  addPreviousReleaseRows,
  migrateToPreviousRelease,
  PREVIOUS_RELEASE_MIGRATIONS,
} from '../db/upgrade-fixture/previous-release';
import { buildTestApp, createPgSchema, dropPgSchema, usePostgres, type TestApp } from '../test/helper';
import { multipartBody } from '../test/multipart';
import { Codes } from '@/shared/errors';
import { appliedMigrations, dialectOf, listTables, parentsFirst, raw } from './catalog';
import { runBackupCli, type BackupCliIo } from './cli';
import { BACKUP_FORMAT, BACKUP_VERSION, CORRUPT, FILE_CHUNK, type BackupRecord } from './format';
import { listFiles, tablePages } from './writer';

const dialect = usePostgres() ? 'postgres' : 'sqlite';
const KEY = Buffer.alloc(32, 9).toString('base64');
/** What the back office and a refusal without the flag must say (issue 26 item 7 follow-up). */
const OPERATOR_ONLY =
  '旧版本（未加密）的备份只能由运维人员在服务器上用 npm run backup -- restore 文件 --legacy-unsealed 恢复';

/**
 * The previous release's writer (writer.ts before commit 6d96617), kept to the format: gzip'd
 * JSON lines — header (no sequences), per table a table line and rows lines, files, footer —
 * with no seal and no encryption.
 */
async function writeLegacyBackup(db: Db, uploadsDir: string, file: string): Promise<void> {
  const r = raw(db);
  async function* records(): AsyncGenerator<BackupRecord> {
    const tables = parentsFirst(await listTables(r));
    yield {
      type: 'header',
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: Date.now(),
      dialect: dialectOf(r),
      migrations: await appliedMigrations(r),
      tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
    };
    const counts: Record<string, number> = {};
    for (const t of tables) {
      yield { type: 'table', name: t.name, columns: t.columns };
      counts[t.name] = 0;
      for await (const rows of tablePages(r, t)) {
        counts[t.name] += rows.length;
        yield { type: 'rows', rows };
      }
    }
    let files = 0;
    let bytes = 0;
    for (const rel of listFiles(uploadsDir)) {
      files += 1;
      for await (const chunk of fs.createReadStream(path.join(uploadsDir, rel), {
        highWaterMark: FILE_CHUNK,
      }) as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        yield { type: 'file', path: rel, data: chunk.toString('base64') };
      }
    }
    yield { type: 'footer', rows: counts, files, bytes };
  }
  await pipeline(
    Readable.from(
      (async function* () {
        for await (const rec of records()) yield `${JSON.stringify(rec)}\n`;
      })(),
    ),
    createGzip(),
    fs.createWriteStream(file),
  );
}

describe(`a previous release's unsealed backup (${dialect})`, () => {
  let app: TestApp;
  let dataDir: string;
  let legacy: string;
  let work: string;

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: BackupCliIo = {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { NODE_ENV: 'test', DATA_DIR: dataDir, BACKUP_KEY: KEY },
      db: app.db,
      by: 'operator',
      serverRunning: async () => false,
    };
    const code = await runBackupCli(argv, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const restoreAudits = () =>
    app.db
      .selectFrom('auditLog')
      .select(['result', 'actorName', 'detail'])
      .where('action', '=', 'backup_restored')
      .orderBy('id')
      .execute();
  const userNames = async () =>
    (await app.db.selectFrom('appUser').select('username').orderBy('username').execute()).map((u) => u.username);

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-legacy-'));
    dataDir = path.join(work, 'data');
    app = await buildTestApp({ env: { DATA_DIR: dataDir, BACKUP_KEY: KEY } });

    // An installation of the previous release (its migrations as they shipped), with data and a file.
    let old: Db;
    let dropOld = async () => undefined as void;
    if (dialect === 'postgres') {
      const schema = await createPgSchema();
      old = openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolSize: 2 }).db;
      dropOld = () => dropPgSchema(schema);
    } else {
      old = openDb({ databaseUrl: null, sqliteFile: path.join(work, 'old.sqlite') }).db;
    }
    try {
      await migrateToPreviousRelease(old);
      await addPreviousReleaseRows(old);
      const uploads = path.join(work, 'old-uploads');
      fs.mkdirSync(path.join(uploads, '2025'), { recursive: true });
      fs.writeFileSync(path.join(uploads, '2025/old.txt'), '旧文件');
      legacy = path.join(work, 'campus-portal-20251101-030000-a1b2c3.jsonl.gz');
      await writeLegacyBackup(old, uploads, legacy);
    } finally {
      await old.destroy();
      await dropOld();
    }
  });
  afterAll(async () => {
    await app?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('is a plain gzip file at the previous release level', () => {
    const head = fs.readFileSync(legacy).subarray(0, 2);
    expect([...head]).toEqual([0x1f, 0x8b]);
  });

  it('the back office upload refuses it and says who can restore it, keeping nothing', async () => {
    const res = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.backup/upload/',
      ...multipartBody({ filename: path.basename(legacy), content: fs.readFileSync(legacy) }),
    });
    expect(res.json()).toMatchObject({ errorCode: Codes.backupNotOurs, data: { field: 'file' } });
    expect(res.json().message).toContain(OPERATOR_ONLY);
    const backups = path.join(dataDir, 'backups');
    expect(fs.existsSync(backups) ? fs.readdirSync(backups) : []).toEqual([]);
  });

  it("the back office restore refuses an old installation's catalogued one with the same message", async () => {
    // An upgraded installation still lists the backups its previous release made in DATA_DIR/backups.
    const backups = path.join(dataDir, 'backups');
    fs.mkdirSync(backups, { recursive: true });
    const fileName = path.basename(legacy);
    fs.copyFileSync(legacy, path.join(backups, fileName));
    const { id } = await app.db
      .insertInto('backup')
      .values({
        fileName,
        size: fs.statSync(legacy).size,
        createdAt: 1_780_000_000_000,
        createdBy: null,
        createdByName: '旧版管理员',
        kind: 'manual',
        note: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await userNames();
    try {
      const res = await app.injectAs('admin', {
        method: 'POST',
        url: '/user/api/v1.backup/restore/',
        payload: { id, confirm: fileName },
      });
      expect(res.json()).toMatchObject({ errorCode: Codes.backupNotOurs });
      expect(res.json().message).toContain(OPERATOR_ONLY);
      expect(await userNames()).toEqual(before);
    } finally {
      await app.db.deleteFrom('backup').where('id', '=', id).execute();
      await app.db.deleteFrom('auditLog').where('action', '=', 'backup_restored').execute();
      fs.rmSync(path.join(backups, fileName));
    }
  });

  it('without --legacy-unsealed the command line refuses it (verify, and restore audited); nothing changes', async () => {
    const before = await userNames();
    const verify = await run(['verify', legacy]);
    expect(verify.code).toBe(1);
    expect(verify.err).toContain(OPERATOR_ONLY);
    const restore = await run(['restore', legacy]);
    expect(restore.code).toBe(1);
    expect(restore.err).toContain(OPERATOR_ONLY);
    expect(await restoreAudits()).toEqual([
      expect.objectContaining({
        result: 'fail',
        actorName: 'cli:operator',
        detail: expect.stringContaining(OPERATOR_ONLY),
      }),
    ]);
    expect(await userNames()).toEqual(before);
    expect(before).not.toContain('old_admin');
  });

  it('the flag is only for verify and restore', async () => {
    expect((await run(['create', '--legacy-unsealed'])).code).toBe(2);
    expect((await run(['list', '--legacy-unsealed'])).code).toBe(2);
  });

  it('with the flag a damaged legacy file is still refused (gzip cut short; footer counts changed)', async () => {
    const cut = path.join(work, 'cut.jsonl.gz');
    const bytes = fs.readFileSync(legacy);
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 20));
    const edited = path.join(work, 'edited.jsonl.gz');
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const lines = gunzipSync(bytes).toString('utf8').trimEnd().split('\n');
    const footer = JSON.parse(lines[lines.length - 1]!) as { rows: Record<string, number> };
    footer.rows.app_user = (footer.rows.app_user ?? 0) + 1;
    lines[lines.length - 1] = JSON.stringify(footer);
    fs.writeFileSync(edited, gzipSync(`${lines.join('\n')}\n`));
    const before = await userNames();
    for (const f of [cut, edited]) {
      expect((await run(['verify', f, '--legacy-unsealed'])).err).toContain(CORRUPT);
      const res = await run(['restore', f, '--legacy-unsealed']);
      expect(res.code).toBe(1);
      expect(res.err).toContain(CORRUPT);
    }
    expect(await userNames()).toEqual(before);
    expect((await restoreAudits()).at(-1)).toMatchObject({
      result: 'fail',
      detail: `旧版本未加密备份：${CORRUPT}`,
    });
  });

  it('with the flag verify reads it whole and says it has no seal', async () => {
    const res = await run(['verify', legacy, '--legacy-unsealed']);
    expect(res.code).toBe(0);
    expect(res.out).toContain('旧版本（未加密）备份，内容完整');
    expect(res.out).toMatch(/行 \d+，文件 1/);
  });

  it('with the flag restore brings it back and runs the migrations forward, audited as a legacy restore', async () => {
    const migrationsBefore = await appliedMigrations(raw(app.db));
    const res = await run(['restore', legacy, '--legacy-unsealed']);
    expect(res.err).not.toContain('拒绝');
    expect(res.code).toBe(0);
    const migrated = migrationsBefore.filter((m) => !(PREVIOUS_RELEASE_MIGRATIONS as readonly string[]).includes(m));
    expect(migrated.length).toBeGreaterThan(0);
    expect(res.out).toContain(`已升级到当前版本 (migrated forward): ${migrated.join(', ')}`);
    expect(await appliedMigrations(raw(app.db))).toEqual(migrationsBefore);

    expect(
      await app.db
        .selectFrom('appUser')
        .innerJoin('department', 'department.id', 'appUser.departmentId')
        .select(['appUser.realName', 'appUser.isAdmin', 'department.name'])
        .where('appUser.username', '=', 'old_admin')
        .executeTakeFirstOrThrow(),
    ).toEqual({ realName: '旧版管理员', isAdmin: 1, name: '旧版学院' });
    expect(await userNames()).toEqual(['old_admin']);
    expect((await app.db.selectFrom('notice').select('title').execute()).map((n) => n.title)).toEqual(['旧版通知']);
    expect(fs.readFileSync(path.join(dataDir, 'uploads/2025/old.txt'), 'utf8')).toBe('旧文件');
    // The sealed working copy and the upgrade's scratch database are gone; the original is untouched.
    expect(fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f.startsWith('.legacy-restore-'))).toEqual([]);
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('.restore-upgrade-'))).toEqual([]);
    expect([...fs.readFileSync(legacy).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    const audits = await restoreAudits();
    expect(audits.at(-1)).toEqual({
      result: 'ok',
      actorName: 'cli:operator',
      detail: '命令行恢复（旧版本未加密备份，--legacy-unsealed）',
    });
    // The old installation's audit row merged in beside this one's.
    expect(
      await app.db.selectFrom('auditLog').select('actorName').where('action', '=', 'login').execute(),
    ).toContainEqual({ actorName: '旧版管理员' });
  });
});
