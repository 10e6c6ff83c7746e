import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { buildTestApp, usePostgres, type TestApp } from '../test/helper';
import { backupKeyFrom } from './key';
import { verifyBackup } from './reader';
import { writeBackup, type BackupProgress } from './writer';

const KEY = backupKeyFrom(Buffer.alloc(32, 3));
const dialect = usePostgres() ? 'postgres' : 'sqlite';

/**
 * Issue 26 item 1: a backup never holds the app's database connection while it reads, and
 * streams the uploads with no connection at all, so requests go on being answered. These tests
 * are functional (what completes while the backup is still running), not timed; the timing is
 * the bench's (src/server/bench/backup-latency.ts).
 */
describe(`a backup in progress blocks no request (${dialect})`, () => {
  let app: TestApp;
  let dataDir: string;
  let uploads: string;
  const auditCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-snap-'));
    uploads = path.join(dataDir, 'uploads');
    app = await buildTestApp({ env: { DATA_DIR: dataDir } });
    // Enough rows for many pages and enough files for a backup that takes a while.
    const now = Date.now();
    for (let i = 0; i < 12; i += 1) {
      await app.db
        .insertInto('auditLog')
        .values(
          Array.from({ length: 500 }, (_, j) => ({
            at: now - i * 1000 - j,
            action: 'bulk',
            detail: 'x'.repeat(200),
            result: 'ok',
          })),
        )
        .execute();
    }
    fs.mkdirSync(path.join(uploads, 'big'), { recursive: true });
    for (let i = 0; i < 24; i += 1) fs.writeFileSync(path.join(uploads, `big/f${i}.bin`), randomBytes(2 * 1024 * 1024));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers requests and takes writes while tables are read and files streamed; the backup is the snapshot', async () => {
    const before = await auditCount();
    const seen: BackupProgress[] = [];
    let duringTables: Promise<string> | null = null;
    let duringFiles: Promise<string> | null = null;
    let current: BackupProgress | null = null;
    const file = path.join(dataDir, 'backups', 'snap.bak');
    const running = writeBackup(app.db, uploads, file, {
      key: KEY,
      onProgress: (p) => {
        current = p as BackupProgress;
        if (seen[seen.length - 1]?.phase !== p.phase) seen.push({ ...p });
        // A write through the app's own connection while the backup is half-way through the tables.
        if (!duringTables && p.phase === 'database' && p.rows > 0) {
          duringTables = app.db
            .insertInto('auditLog')
            .values({ at: Date.now(), action: 'during_backup', result: 'ok' })
            .execute()
            .then(() => current!.phase);
        }
        // A request (session check, a query, the reply) while the uploads stream.
        if (!duringFiles && p.phase === 'files' && p.bytes > 0) {
          duringFiles = app
            .injectAs('admin', { method: 'GET', url: '/user/api/v1.backup/list/' })
            .then((res) => `${res.statusCode} ${current!.phase} ${current!.bytes < current!.bytesTotal}`);
        }
      },
    });
    const written = await running;
    // Both finished while the backup was still in the phase that started them.
    expect(await duringTables!).toBe('database');
    expect(await duringFiles!).toBe('200 files true');
    expect(seen.map((p) => p.phase)).toEqual(['database', 'files', 'done']);
    expect(seen[2]).toMatchObject({ files: 24, filesTotal: 24, bytes: 48 * 1024 * 1024, bytesTotal: 48 * 1024 * 1024 });

    // The row written during the backup is not in it: one consistent snapshot from before.
    const summary = await verifyBackup(file, KEY);
    expect(summary.rows.audit_log).toBe(before);
    expect(await auditCount()).toBe(before + 1);
    expect(summary.files).toBe(24);
    expect(written.size).toBe(fs.statSync(file).size);
    expect(written.checksum).toMatch(/^[0-9a-f]{64}$/);
    // Private: the file 0600, its folder 0700, no snapshot copy or .part left behind.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['snap.bak']);
  });

  it.skipIf(dialect === 'postgres')('snapshots a SQLite file in WAL mode while the app writes to it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-snap-file-'));
    const { db } = openDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      await migrateToLatest(db);
      await db.insertInto('auditLog').values({ at: 1, action: 'first', result: 'ok' }).execute();
      const file = path.join(dir, 'backups', 'file.bak');
      let wrote: Promise<unknown> | null = null;
      await writeBackup(db, path.join(dir, 'uploads'), file, {
        key: KEY,
        onProgress: (p) => {
          if (!wrote && p.phase === 'database' && p.rows > 0)
            wrote = db.insertInto('auditLog').values({ at: 2, action: 'second', result: 'ok' }).execute();
        },
      });
      await wrote;
      expect((await verifyBackup(file, KEY)).rows.audit_log).toBe(1);
      expect(fs.readdirSync(path.join(dir, 'backups'))).toEqual(['file.bak']);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
