import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createPgSchema, dropPgSchema, usePostgres, type TestApp } from '@/server/test/helper';
import { multipartBody } from '@/server/test/multipart';
import { openDb, type Db } from '@/server/db/dialect';
import {
  addPreviousReleaseRows,
  migrateToPreviousRelease,
  PREVIOUS_RELEASE_MIGRATIONS,
} from '@/server/db/upgrade-fixture/previous-release';
import { appliedMigrations, raw } from '@/server/backup/catalog';
import { installationBackupKey } from '@/server/backup/key';
import { writeBackup } from '@/server/backup/writer';
import { Codes } from '@/shared/errors';
import type { BackupItem, RestoreResult } from '../contract';
import { BACKUP_JOB } from './backup-schedule';
import { backupsDir, catchUpMissedBackup, lastSlot, MIN_FREE_BYTES } from './service';

const BASE = '/user/api/v1.backup';
/** One key for every server of this file: a backup made on one restores on the others. */
const BACKUP_KEY = randomBytes(32).toString('base64');

async function newApp(): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-backup-ops-'));
  return buildTestApp({ env: { DATA_DIR: dataDir, BACKUP_KEY } });
}

const call = (app: TestApp, opts: InjectOptions) => app.injectAs('admin', opts);
const post = (app: TestApp, p: string, payload: Record<string, unknown>) =>
  call(app, { method: 'POST', url: `${BASE}/${p}/`, payload });
async function backupNow(app: TestApp, note = ''): Promise<BackupItem> {
  const res = await post(app, 'create', { note });
  expect(res.json().errorCode).toBe(Codes.ok);
  return res.json().data as BackupItem;
}
async function restoreItem(app: TestApp, item: BackupItem): Promise<RestoreResult> {
  const res = await post(app, 'restore', { id: item.id, confirm: item.fileName });
  expect(res.json().message).toBe('成功');
  return res.json().data as RestoreResult;
}
/** Moves a backup file made on one server to another, through the upload endpoint. */
async function carry(from: TestApp, item: BackupItem, to: TestApp): Promise<BackupItem> {
  const content = fs.readFileSync(path.join(backupsDir(from), item.fileName));
  const res = await call(to, {
    method: 'POST',
    url: `${BASE}/upload/`,
    ...multipartBody({ filename: item.fileName, content }),
  });
  expect(res.json().errorCode).toBe(Codes.ok);
  return res.json().data as BackupItem;
}
const auditOf = (app: TestApp) =>
  app.db.selectFrom('auditLog').select(['id', 'at', 'action', 'actorName', 'target', 'result']).orderBy('id').execute();
const manualBackups = async (app: TestApp) =>
  (
    (await call(app, { method: 'GET', url: `${BASE}/list/`, query: { pageSize: '200' } })).json().data as {
      list: BackupItem[];
    }
  ).list.filter((b) => b.kind === 'manual');

describe('backups an operator can trust (issue 26)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await newApp();
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('brings back every audit row onto a standby where someone already signed in, and says exactly what came back', async () => {
    // Twenty events on the live server, then its backup.
    for (let i = 0; i < 20; i++)
      await app.db
        .insertInto('auditLog')
        .values({ at: 1_790_000_000_000 + i, action: 'login', actorName: `用户${i}`, result: 'ok' })
        .execute();
    // A department made and deleted before the backup: its id was handed out on the live server.
    const gone = await app.db
      .insertInto('department')
      .values({ parentId: null, code: 'GONE', name: '已删除', kind: 'office', sort: 0, createdAt: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.deleteFrom('department').where('id', '=', gone.id).execute();
    // What the backup holds: its own backup_created row is written after it.
    const live = await auditOf(app);
    const item = await backupNow(app);

    const standby = await newApp();
    try {
      // On the standby the administrator signs in: its own rows take the first ids.
      for (let i = 0; i < 3; i++)
        await standby.db
          .insertInto('auditLog')
          .values({ at: Date.now(), action: 'login', actorName: 'admin', target: 'standby', result: 'ok' })
          .execute();
      const before = await auditOf(standby);
      const moved = await carry(app, item, standby);
      const result = await restoreItem(standby, moved);

      // Every row of the backup is in the standby's log now, and none of its own was lost.
      const after = await auditOf(standby);
      const key = (r: { at: number; action: string; actorName: string | null; target: string | null }) =>
        `${r.at}|${r.action}|${r.actorName}|${r.target}`;
      const afterKeys = after.map(key);
      for (const r of live) expect(afterKeys).toContain(key(r));
      for (const r of before) expect(afterKeys).toContain(key(r));
      expect(result.audit).toEqual({ inBackup: live.length, added: live.length, present: 0 });
      expect(result.rows.audit_log).toBe(live.length);
      // The restore's own row is written after (the newest id), naming what came back.
      const own = after.at(-1)!;
      expect([own.action, own.result, own.target]).toEqual(['backup_restored', 'ok', moved.fileName]);
      const detail = (
        await standby.db.selectFrom('auditLog').select('detail').where('id', '=', own.id).executeTakeFirstOrThrow()
      ).detail!;
      expect(detail).toContain(`审计日志 备份 ${live.length} 条（新增 ${live.length}，已存在 0）`);
      expect(detail).toContain(`app_user:${result.restored.app_user}`);
      expect(Object.keys(result.restored)).toEqual(expect.arrayContaining(['app_user', 'department', 'setting']));
      expect(result.restored.sign_in_failure).toBeUndefined();

      // Ids continue past every id the live server used, the deleted department's too.
      const next = await standby.db
        .insertInto('department')
        .values({ parentId: null, code: 'NEXT', name: '恢复后新建', kind: 'office', sort: 0, createdAt: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBeGreaterThan(gone.id);
      // Restoring the same file again doubles nothing: every row is already there.
      const again = await restoreItem(standby, moved);
      expect(again.audit).toEqual({ inBackup: live.length, added: 0, present: live.length });
      expect(await auditOf(standby)).toHaveLength(after.length + 1);
    } finally {
      await standby.close();
    }
  });

  it('never hands out an id again after a restore (delete, back up, restore, create)', async () => {
    const dept = (code: string) =>
      app.db
        .insertInto('department')
        .values({ parentId: null, code, name: code, kind: 'office', sort: 0, createdAt: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
    const kept = await dept('KEPT');
    const deleted = await dept('DELETED');
    expect(deleted.id).toBeGreaterThan(kept.id);
    await app.db.deleteFrom('department').where('id', '=', deleted.id).execute();
    const item = await backupNow(app);
    await restoreItem(app, item);
    const fresh = await dept('NEW');
    expect(fresh.id).toBeGreaterThan(deleted.id);
    // The audit log continues too: the restore's own row has the newest id.
    const ids = (await auditOf(app)).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps only the newest N manual backups when retention is set; uploaded ones are never pruned', async () => {
    const uploaded = await carry(app, await backupNow(app, 'to upload'), app);
    const save = await post(app, 'saveSchedule', { enabled: false, hour: 2, keep: 7, keepManual: 2 });
    expect(save.json().data).toMatchObject({ keepManual: 2 });
    const made = [await backupNow(app, 'a'), await backupNow(app, 'b'), await backupNow(app, 'c')];
    const manual = await manualBackups(app);
    expect(manual.map((b) => b.id).sort()).toEqual([made[1]!.id, made[2]!.id].sort());
    const files = fs.readdirSync(backupsDir(app));
    expect(files).not.toContain(made[0]!.fileName);
    expect(files).toContain(uploaded.fileName);
    // A client that does not send the manual retention keeps the one saved.
    const without = await post(app, 'saveSchedule', { enabled: false, hour: 2, keep: 7 });
    expect(without.json().data).toMatchObject({ keepManual: 2 });
    await post(app, 'saveSchedule', { enabled: false, hour: 2, keep: 7, keepManual: 0 });
  });

  it('refuses to start a backup without free disk for it, with a coded message, and writes nothing', async () => {
    const before = fs.readdirSync(backupsDir(app)).sort();
    const real = fs.statfsSync(backupsDir(app));
    // Less free space than the floor.
    vi.spyOn(fs, 'statfsSync').mockReturnValue({ ...real, bsize: 4096, bavail: Math.floor(MIN_FREE_BYTES / 4096) - 1 });
    const res = await post(app, 'create', { note: '' });
    expect(res.statusCode).toBe(507);
    expect(res.json().errorCode).toBe(Codes.backupDiskFull);
    expect(res.json().message).toMatch(/^磁盘空间不足，未开始备份：备份约 .+，需要至少 256 MB 可用空间，当前可用 .+/);
    expect(fs.readdirSync(backupsDir(app)).sort()).toEqual(before);
    const failed = await app.db
      .selectFrom('auditLog')
      .select(['result', 'detail'])
      .where('action', '=', 'backup_created')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ result: 'fail', detail: res.json().message });
    vi.restoreAllMocks();
    expect((await post(app, 'create', { note: '' })).json().errorCode).toBe(Codes.ok);
  });

  it('tells the administrators in the message centre when scheduled backups fail, once per run of failures', async () => {
    const alerts = () =>
      app.db.selectFrom('message').select(['userId', 'body']).where('title', '=', '定时备份失败').execute();
    const admins = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('isAdmin', '=', 1)
      .where('status', '=', 'active')
      .execute();
    expect(admins.length).toBeGreaterThan(0);
    const real = fs.statfsSync(backupsDir(app));
    const full = () => vi.spyOn(fs, 'statfsSync').mockReturnValue({ ...real, bsize: 4096, bavail: 1 });
    const runOnce = async () => {
      await app.jobs.runNow(BACKUP_JOB);
      await app.jobs.drain();
    };

    full();
    await runOnce();
    await runOnce(); // still failing: the same burst
    expect(await alerts()).toHaveLength(admins.length);
    expect((await alerts())[0]!.body).toContain('磁盘空间不足');
    vi.restoreAllMocks();
    await runOnce(); // a success ends the burst
    full();
    await runOnce();
    expect(await alerts()).toHaveLength(2 * admins.length);
    vi.restoreAllMocks();
    const results = await app.db
      .selectFrom('auditLog')
      .select('result')
      .where('action', '=', 'backup_scheduled')
      .orderBy('id')
      .execute();
    expect(results.map((r) => r.result)).toEqual(['fail', 'fail', 'ok', 'fail']);
  });

  it('catches up once at start when the scheduled slot passed while the server was down', async () => {
    const now = Date.now();
    // A slot three hours ago (past the SQLite runner's own hour of grace), saved a day before.
    const hour = new Date(now - 3 * 3_600_000).getHours();
    await post(app, 'saveSchedule', { enabled: true, hour, keep: 7, keepManual: 0 });
    await app.db
      .updateTable('setting')
      .set({ updatedAt: now - 2 * 86_400_000 })
      .where('key', '=', 'backup_schedule')
      .execute();
    // Nothing scheduled has run since the slot (earlier tests' runs were before it).
    await app.db.deleteFrom('backup').where('kind', '=', 'scheduled').execute();
    await app.db.deleteFrom('jobRun').where('name', '=', BACKUP_JOB).execute();
    const slot = lastSlot(hour, now);
    expect(await catchUpMissedBackup(app, now)).toBe(slot);
    await app.jobs.drain();
    const scheduled = (
      (await call(app, { method: 'GET', url: `${BASE}/list/`, query: { pageSize: '200' } })).json().data as {
        list: BackupItem[];
      }
    ).list.filter((b) => b.kind === 'scheduled');
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.note).toMatch(/^补做：停机错过 .+ 的定时备份$/);
    // Made: a second start finds nothing to catch up.
    expect(await catchUpMissedBackup(app, now)).toBeNull();
    // Nor when the schedule was saved after the slot, or is off.
    await app.db.deleteFrom('backup').where('kind', '=', 'scheduled').execute();
    await app.db.deleteFrom('jobRun').where('name', '=', BACKUP_JOB).execute();
    await app.db.updateTable('setting').set({ updatedAt: now }).where('key', '=', 'backup_schedule').execute();
    expect(await catchUpMissedBackup(app, now)).toBeNull();
    await post(app, 'saveSchedule', { enabled: false, hour, keep: 7, keepManual: 0 });
    expect(await catchUpMissedBackup(app, now + 86_400_000)).toBeNull();
  });

  it('restores a backup made before a migration: the data goes in at its level, then the migrations run forward', async () => {
    // A database of the previous release, with its data, backed up by this version's writer.
    let old: Db;
    let dropOld = async () => undefined as void;
    if (usePostgres()) {
      const schema = await createPgSchema();
      old = openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolSize: 2 }).db;
      dropOld = () => dropPgSchema(schema);
    } else {
      old = openDb({
        databaseUrl: null,
        sqliteFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-old-')), 'old.sqlite'),
      }).db;
    }
    try {
      await migrateToPreviousRelease(old);
      await addPreviousReleaseRows(old);
      const uploads = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-old-up-')), 'uploads');
      fs.mkdirSync(uploads, { recursive: true });
      fs.writeFileSync(path.join(uploads, 'old.txt'), '旧文件');
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-old-bak-')), 'old.bak');
      await writeBackup(old, uploads, file, { key: installationBackupKey(app.config) });

      const up = await call(app, {
        method: 'POST',
        url: `${BASE}/upload/`,
        ...multipartBody({ filename: 'old.bak', content: fs.readFileSync(file) }),
      });
      expect(up.json().errorCode).toBe(Codes.ok);
      const item = up.json().data as BackupItem;
      const migrationsBefore = await appliedMigrations(raw(app.db));
      const result = await restoreItem(app, item);

      expect(result.migrated.length).toBeGreaterThan(0);
      expect(result.migrated).toEqual(
        migrationsBefore.filter((m) => !(PREVIOUS_RELEASE_MIGRATIONS as readonly string[]).includes(m)),
      );
      expect(await appliedMigrations(raw(app.db))).toEqual(migrationsBefore);
      const user = await app.db
        .selectFrom('appUser')
        .select(['realName', 'isAdmin'])
        .where('username', '=', 'old_admin')
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ realName: '旧版管理员', isAdmin: 1 });
      expect((await app.db.selectFrom('notice').select('title').execute()).map((n) => n.title)).toEqual(['旧版通知']);
      expect(fs.readFileSync(path.join(app.config.dataDir, 'uploads', 'old.txt'), 'utf8')).toBe('旧文件');
      // The scratch database it went through is gone.
      expect(fs.readdirSync(app.config.dataDir).filter((f) => f.startsWith('.restore-upgrade-'))).toEqual([]);
      const detail = (
        await app.db
          .selectFrom('auditLog')
          .select('detail')
          .where('action', '=', 'backup_restored')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).detail!;
      expect(detail).toContain('升级迁移');
    } finally {
      await old.destroy();
      await dropOld();
    }
  });
});
