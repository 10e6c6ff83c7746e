import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, installTestLicence, usePostgres, type TestApp } from '@/server/test/helper';
import { multipartBody } from '@/server/test/multipart';
import { readBackupHeader } from '@/server/backup/reader';
import { installationBackupKey } from '@/server/backup/key';
import { Codes } from '@/shared/errors';
import { MAGIC, Sealer } from '@/server/backup/seal';
import { CORRUPT, NOT_A_BACKUP, SEAL_BROKEN, UNSEALED } from '@/server/backup/format';
import { fileChecksum } from '@/server/backup/seal';
import type { BackupItem, RestoreResult } from '../contract';
import { BACKUP_JOB } from './backup-schedule';
import { backupsDir } from './service';

const BASE = '/user/api/v1.backup';

describe('data backup endpoints', () => {
  let app: TestApp;
  let dataDir: string;
  const asAdmin = (opts: InjectOptions) => app.injectAs('admin', opts);
  const post = (p: string, payload: Record<string, unknown>) =>
    asAdmin({ method: 'POST', url: `${BASE}/${p}/`, payload });
  const list = async () =>
    (await asAdmin({ method: 'GET', url: `${BASE}/list/`, query: { pageSize: '200' } })).json().data as {
      list: BackupItem[];
      total: number;
    };
  const auditRows = (action: string) =>
    app.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id').execute();
  const backupFiles = () => (fs.existsSync(backupsDir(app)) ? fs.readdirSync(backupsDir(app)).sort() : []);
  /** Plain bytes sealed with this installation's key, as writeBackup seals (a file made by someone holding the key). */
  const sealed = async (plain: Buffer): Promise<Buffer> => {
    const sealer = new Sealer(installationBackupKey(app.config));
    const chunks: Buffer[] = [];
    sealer.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => sealer.on('end', resolve));
    sealer.end(plain);
    await done;
    return Buffer.concat(chunks);
  };
  const create = async (note = '') => {
    const res = await post('create', { note });
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data as BackupItem;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-maint-'));
    app = await buildTestApp({ env: { DATA_DIR: dataDir } });
    // An uploaded file larger than the 1 MB body limit, so backups (and their upload) are too.
    fs.mkdirSync(path.join(dataDir, 'uploads/2026/11'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads/2026/11/photo.bin'), randomBytes(1_500_000));
  });
  afterAll(async () => {
    await app.close();
  });

  const endpoints: InjectOptions[] = [
    { method: 'POST', url: `${BASE}/create/`, payload: { note: '' } },
    { method: 'GET', url: `${BASE}/list/` },
    { method: 'GET', url: `${BASE}/download/`, query: { id: '1' } },
    { method: 'POST', url: `${BASE}/delete/`, payload: { id: 1 } },
    { method: 'POST', url: `${BASE}/restore/`, payload: { id: 1, confirm: 'x' } },
    { method: 'POST', url: `${BASE}/upload/`, ...multipartBody({ filename: 'a.jsonl.gz', content: Buffer.from('x') }) },
    { method: 'GET', url: `${BASE}/schedule/` },
    { method: 'POST', url: `${BASE}/saveSchedule/`, payload: { enabled: true, hour: 3, keep: 5 } },
  ];

  it('refuses every endpoint without a token and with a user token', async () => {
    for (const e of endpoints) {
      const anonymous = await app.inject(e);
      expect(anonymous.json().errorCode, `${e.method} ${e.url}`).toBe(Codes.notAuthenticated);
      const user = await app.injectAs('student', e);
      expect(user.json().errorCode, `${e.method} ${e.url}`).toBe(Codes.noPermission);
    }
    expect(backupFiles()).toEqual([]);
    expect(
      await app.db.selectFrom('setting').select('key').where('key', '=', 'backup_schedule').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('creates a backup now: a file under DATA_DIR/backups, a catalogue row naming who made it, an audit row', async () => {
    const item = await create('学期末');
    expect(item.fileName).toMatch(/^campus-portal-\d{8}-\d{6}-[0-9a-f]{6}\.jsonl\.gz$/);
    expect(item).toMatchObject({ kind: 'manual', createdByName: 'admin', note: '学期末' });
    expect(fs.statSync(path.join(backupsDir(app), item.fileName)).size).toBe(item.size);
    expect(item.size).toBeGreaterThan(1_000_000);
    const { list: rows, total } = await list();
    expect(total).toBe(1);
    expect(rows[0]!.id).toBe(item.id);
    expect((await auditRows('backup_created')).map((r) => r.target)).toEqual([item.fileName]);
  });

  it('lists newest first, paginated', async () => {
    await create();
    const page = (await asAdmin({ method: 'GET', url: `${BASE}/list/`, query: { page: '1', pageSize: '1' } })).json()
      .data as { list: BackupItem[]; total: number };
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    const all = await list();
    expect(page.list[0]!.id).toBe(Math.max(...all.list.map((b) => b.id)));
    const bad = await asAdmin({ method: 'GET', url: `${BASE}/list/`, query: { pageSize: '500' } });
    expect(bad.json().errorCode).toBe(Codes.inputError);
  });

  it('downloads a backup as it is on disk (sealed and encrypted)', async () => {
    const [item] = (await list()).list;
    const res = await asAdmin({ method: 'GET', url: `${BASE}/download/`, query: { id: String(item!.id) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(item!.fileName);
    expect(res.rawPayload.subarray(0, MAGIC.length)).toEqual(MAGIC);
    expect(res.rawPayload.length).toBe(item!.size);
    expect(item!.checksum).toBe(await fileChecksum(path.join(backupsDir(app), item!.fileName)));
    const missing = await asAdmin({ method: 'GET', url: `${BASE}/download/`, query: { id: '99999' } });
    expect(missing.json().errorCode).toBe(Codes.notFound);
  });

  it('uploads a backup file after checking it, under a server-made name', async () => {
    const [item] = (await list()).list;
    const bytes = fs.readFileSync(path.join(backupsDir(app), item!.fileName));
    const res = await asAdmin({
      method: 'POST',
      url: `${BASE}/upload/`,
      ...multipartBody({ filename: '../../我的备份.jsonl.gz', content: bytes }),
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    const up = res.json().data as BackupItem;
    expect(up.kind).toBe('uploaded');
    expect(up.fileName).not.toContain('我的备份');
    expect(up.note).toBe('上传：我的备份.jsonl.gz');
    // The checksum shown in the list is the file's SHA-256, the same as the original's.
    expect(up.checksum).toBe(await fileChecksum(path.join(backupsDir(app), up.fileName)));
    expect(up.checksum).toBe(item!.checksum);
    expect(
      (await readBackupHeader(path.join(backupsDir(app), up.fileName), installationBackupKey(app.config))).format,
    ).toBe('campus-portal-backup');
    expect(await auditRows('backup_uploaded')).toHaveLength(1);
  });

  it('refuses an upload that is not a whole backup and keeps nothing of it', async () => {
    const before = backupFiles();
    const total = (await list()).total;
    const [item] = (await list()).list;
    const bytes = fs.readFileSync(path.join(backupsDir(app), item!.fileName));
    const changed = Buffer.from(bytes);
    changed[Math.floor(changed.length / 2)] ^= 0x10;
    const cases: [Buffer, string, string][] = [
      [Buffer.from('hello, not a backup'), NOT_A_BACKUP, Codes.backupNotOurs],
      [gzipSync('{"type":"header","format":"campus-portal-backup"}\n'), UNSEALED, Codes.backupNotOurs],
      [await sealed(gzipSync('{"type":"header","format":"other"}\n')), NOT_A_BACKUP, Codes.backupNotOurs],
      [bytes.subarray(0, bytes.length - 100), CORRUPT, Codes.backupDamaged],
      // One byte changed after the backup was made (e.g. is_admin set on a student): the seal fails.
      [changed, SEAL_BROKEN, Codes.backupSealBroken],
    ];
    for (const [content, message, code] of cases) {
      const res = await asAdmin({
        method: 'POST',
        url: `${BASE}/upload/`,
        ...multipartBody({ filename: 'x.jsonl.gz', content }),
      });
      expect(res.json()).toMatchObject({ errorCode: code, data: { field: 'file' } });
      expect(res.json().message).toContain(message);
    }
    const noFile = await asAdmin({ method: 'POST', url: `${BASE}/upload/`, payload: { a: 1 } });
    expect(noFile.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'file' } });
    expect(backupFiles()).toEqual(before);
    expect((await list()).total).toBe(total);
  });

  it('restores only when the confirmation repeats the file name; refusals are audited (who, file, why)', async () => {
    const [item] = (await list()).list;
    for (const confirm of ['是', item!.fileName.slice(0, -1)]) {
      const res = await post('restore', { id: item!.id, confirm });
      expect(res.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'confirm' } });
    }
    const missing = await post('restore', { id: 99_999, confirm: 'x' });
    expect(missing.json().errorCode).toBe(Codes.notFound);
    expect((await auditRows('backup_restored')).map((r) => [r.result, r.actorName, r.target, r.detail])).toEqual([
      ['fail', 'admin', item!.fileName, '请输入完整的备份文件名以确认恢复'],
      ['fail', 'admin', item!.fileName, '请输入完整的备份文件名以确认恢复'],
      ['fail', 'admin', '#99999', '备份不存在'],
    ]);
  });

  it('restores a backup: data as it was, everybody signed out, the licence and the audit of the restore kept', async () => {
    const item = await create('恢复点');
    const adminToken = await app.tokenFor('admin');
    // Changes after the backup, which the restore must undo.
    await app.db
      .insertInto('department')
      .values({ parentId: null, code: 'AFTER', name: '备份后新建', kind: 'office', sort: 0, createdAt: Date.now() })
      .execute();
    await app.db.updateTable('appUser').set({ realName: '改过的名字' }).where('username', '=', 'teacher').execute();
    fs.writeFileSync(path.join(dataDir, 'uploads/after.txt'), 'added later');
    await installTestLicence(app, { holder: '续期后的大学' }); // renewed after the backup was taken

    const res = await app.inject({
      method: 'POST',
      url: `${BASE}/restore/`,
      headers: { authorization: adminToken },
      payload: { id: item.id, confirm: item.fileName },
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(res.json().data).toMatchObject({ fileName: item.fileName, signedOut: true });
    expect(res.json().data.rows.app_user).toBeGreaterThan(3);

    expect(
      await app.db.selectFrom('department').select('id').where('code', '=', 'AFTER').executeTakeFirst(),
    ).toBeUndefined();
    expect(
      (
        await app.db
          .selectFrom('appUser')
          .select('realName')
          .where('username', '=', 'teacher')
          .executeTakeFirstOrThrow()
      ).realName,
    ).not.toBe('改过的名字');
    expect(fs.existsSync(path.join(dataDir, 'uploads/after.txt'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'uploads/2026/11/photo.bin'))).toBe(true);
    // The administrator's own session ended with everybody's.
    const again = await app.inject({ method: 'GET', url: `${BASE}/list/`, headers: { authorization: adminToken } });
    expect(again.json().errorCode).toBe(Codes.notAuthenticated);
    // The catalogue is not part of the data: it still lists every file.
    expect((await list()).list.map((b) => b.id)).toContain(item.id);
    const restored = (await auditRows('backup_restored')).filter((r) => r.result === 'ok');
    expect(restored.map((r) => [r.result, r.target])).toEqual([['ok', item.fileName]]);
    // What came back, table by table, in the reply and in the restore's audit row.
    const data = res.json().data as RestoreResult;
    expect(data.restored.app_user).toBe(data.rows.app_user);
    expect(data.restored.department).toBe(data.rows.department);
    expect(data.audit.inBackup).toBe(data.rows.audit_log);
    expect(data.audit.added + data.audit.present).toBe(data.audit.inBackup);
    expect(data.migrated).toEqual([]);
    expect(restored[0]!.detail).toContain(`app_user:${data.restored.app_user}`);
    expect(restored[0]!.detail).toContain(`审计日志 备份 ${data.audit.inBackup} 条`);
    // The installation's schedule stays and the reply says so.
    expect(data.kept).toContain('备份计划与保留份数');
    expect(data.schedule).toMatchObject({ enabled: false, hour: 2, keep: 7, keepManual: 0 });
    // Nothing of the audit trail is erased, not even what happened after the backup.
    expect((await auditRows('backup_created')).map((r) => r.target)).toContain(item.fileName);
    // The installation's licence stays: the server still answers non-public calls.
    expect(await app.licence({ fresh: true })).toMatchObject({ valid: true, holder: '续期后的大学' });
  });

  it('refuses a backup of another database version and changes nothing', async () => {
    const file = path.join(os.tmpdir(), `cp-other-${Date.now()}.jsonl.gz`);
    const header = {
      type: 'header',
      format: 'campus-portal-backup',
      version: 1,
      createdAt: 1,
      dialect: 'sqlite',
      migrations: ['0001-core'],
      tables: [],
    };
    const footer = { type: 'footer', rows: {}, files: 0, bytes: 0 };
    fs.writeFileSync(file, await sealed(gzipSync(`${JSON.stringify(header)}\n${JSON.stringify(footer)}\n`)));
    const up = await asAdmin({
      method: 'POST',
      url: `${BASE}/upload/`,
      ...multipartBody({ filename: 'old.jsonl.gz', content: fs.readFileSync(file) }),
    });
    expect(up.json().errorCode).toBe(Codes.ok);
    const item = up.json().data as BackupItem;
    const users = await app.db
      .selectFrom('appUser')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('restore', { id: item.id, confirm: item.fileName });
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '备份的数据库版本与当前系统不一致' });
    expect(
      await app.db
        .selectFrom('appUser')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(users);
    const failed = (await auditRows('backup_restored')).filter((r) => r.result === 'fail');
    expect(failed.map((r) => [r.target, r.detail]).at(-1)).toEqual([item.fileName, '备份的数据库版本与当前系统不一致']);
  });

  it('deletes a backup: row, file and an audit row', async () => {
    const item = await create();
    const res = await post('delete', { id: item.id });
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(fs.existsSync(path.join(backupsDir(app), item.fileName))).toBe(false);
    expect((await list()).list.map((b) => b.id)).not.toContain(item.id);
    expect((await auditRows('backup_deleted')).map((r) => r.target)).toContain(item.fileName);
    expect((await post('delete', { id: item.id })).json().errorCode).toBe(Codes.notFound);
    expect((await post('delete', { id: 'abc' })).json()).toMatchObject({ errorCode: Codes.inputError });
  });

  it('keeps nothing when the audit row of a change cannot be written (one transaction)', async () => {
    // A trigger makes the audit insert fail, after the setting / catalogue write succeeded.
    const pg = app.dialect === 'postgres';
    if (pg) {
      await sql`create function fail_backup_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(
        app.db,
      );
      await sql`create trigger fail_backup_audit before insert on audit_log for each row when (new.action in ('backup_schedule_saved', 'backup_created')) execute function fail_backup_audit()`.execute(
        app.db,
      );
    } else {
      await sql`create trigger fail_backup_audit before insert on audit_log when new.action in ('backup_schedule_saved', 'backup_created') begin select raise(abort, 'audit refused'); end`.execute(
        app.db,
      );
    }
    try {
      const files = backupFiles();
      const total = (await list()).total;
      expect((await post('create', { note: '' })).statusCode).toBe(500);
      expect(backupFiles()).toEqual(files);
      expect((await list()).total).toBe(total);
      expect((await post('saveSchedule', { enabled: true, hour: 9, keep: 9 })).statusCode).toBe(500);
      expect(
        await app.db.selectFrom('setting').select('key').where('key', '=', 'backup_schedule').executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await sql`drop trigger fail_backup_audit${sql.raw(pg ? ' on audit_log' : '')}`.execute(app.db);
      if (pg) await sql`drop function fail_backup_audit()`.execute(app.db);
    }
  });

  it('saves the schedule with checked bounds', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect((await asAdmin({ method: 'GET', url: `${BASE}/schedule/` })).json().data).toEqual({
      enabled: false,
      hour: 2,
      keep: 7,
      keepManual: 0,
      timeZone: zone,
      utcOffset: expect.stringMatching(/^UTC[+-]\d\d:\d\d$/),
    });
    for (const [body, field] of [
      [{ enabled: true, hour: 24, keep: 5 }, 'hour'],
      [{ enabled: true, hour: 3, keep: 0 }, 'keep'],
      [{ enabled: true, hour: 3, keep: 101 }, 'keep'],
      [{ enabled: true, hour: 3, keep: 5, keepManual: -1 }, 'keepManual'],
    ] as const) {
      const res = await post('saveSchedule', body);
      expect(res.json().errorCode).toBe(Codes.inputError);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    const ok = await post('saveSchedule', { enabled: 'true', hour: '4', keep: '2' });
    expect(ok.json().data).toMatchObject({ enabled: true, hour: 4, keep: 2, keepManual: 0, timeZone: zone });
    expect((await asAdmin({ method: 'GET', url: `${BASE}/schedule/` })).json().data).toMatchObject({
      enabled: true,
      hour: 4,
      keep: 2,
      keepManual: 0,
    });
    expect(await auditRows('backup_schedule_saved')).toHaveLength(1);
  });

  it('makes a scheduled backup once at the chosen hour, whoever checks, and keeps only the newest N', async () => {
    const backupJob = async () => (await app.jobs.list()).find((j) => j.name === BACKUP_JOB)!;
    const scheduledRuns = () =>
      app.db.selectFrom('jobRun').select(['trigger', 'status']).where('name', '=', BACKUP_JOB).execute();
    // The saved schedule (hour 4, keep 2, from the test above) is the job's cron.
    const job = await backupJob();
    expect(job).toMatchObject({ title: '定时备份', cron: '0 4 * * *' });
    const slot = job.nextRunAt!;
    expect([new Date(slot).getHours(), new Date(slot).getMinutes()]).toEqual([4, 0]);
    const day = 86_400_000;
    // pg-boss fires a schedule on the database's clock, so on PostgreSQL each day's slot is a run queued now.
    const reachSlot = async (n: number) => {
      if (usePostgres()) await app.jobs.runNow(BACKUP_JOB);
      await (usePostgres() ? app.jobs.drain() : app.jobs.drain(slot + n * day + 60_000));
    };
    if (!usePostgres()) await app.jobs.drain(slot - 3_600_000); // not the hour
    expect(await scheduledRuns()).toHaveLength(0);
    if (usePostgres()) await app.jobs.runNow(BACKUP_JOB);
    // Two checks at once (two workers): the slot runs once.
    await Promise.all(
      usePostgres()
        ? [app.jobs.drain(), app.jobs.drain()]
        : [app.jobs.drain(slot + 60_000), app.jobs.drain(slot + 60_000)],
    );
    expect(await scheduledRuns()).toHaveLength(1);
    if (!usePostgres()) await app.jobs.drain(slot + 120_000);
    expect(await scheduledRuns()).toHaveLength(1);
    await reachSlot(1);
    await reachSlot(2);
    expect(await scheduledRuns()).toHaveLength(3);
    const scheduled = (await list()).list.filter((x) => x.kind === 'scheduled');
    expect(scheduled).toHaveLength(2); // keep = 2
    expect(scheduled.map((x) => x.createdByName)).toEqual(['系统', '系统']);
    expect((await list()).list.some((x) => x.kind === 'manual')).toBe(true); // manual ones are never pruned
    for (const s of scheduled) expect(fs.existsSync(path.join(backupsDir(app), s.fileName))).toBe(true);
    expect(backupFiles()).toHaveLength((await list()).total);
    expect((await scheduledRuns()).every((r) => r.status === 'ok')).toBe(true);
    expect(await auditRows('backup_scheduled')).toHaveLength(3);
    // Switched off: no schedule, nothing runs at the hour any more.
    await post('saveSchedule', { enabled: false, hour: 4, keep: 2 });
    expect(await backupJob()).toMatchObject({ cron: null, nextRunAt: null });
    if (!usePostgres()) await app.jobs.drain(slot + 5 * day + 60_000);
    expect(await scheduledRuns()).toHaveLength(3);
    // Switched on at another hour: the cron follows.
    await post('saveSchedule', { enabled: true, hour: 23, keep: 2 });
    expect(await backupJob()).toMatchObject({ cron: '0 23 * * *' });
    expect(new Date((await backupJob()).nextRunAt!).getHours()).toBe(23);
  });
});
