import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { Codes } from '@/shared/errors';
import { AppError, badInput, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { getSetting, putSetting } from '@/server/identity/settings';
import { RSA_SETTING_KEY } from '@/server/identity/password-transport';
import { UPLOADS_PREFIX, backupKey, workDir } from '@/server/uploads/file-store';
import { storeBackupFile, tempBackupPath, withStoredBackup } from '@/server/backup/stored';
import { writeBackup } from '@/server/backup/writer';
import { verifyBackup } from '@/server/backup/reader';
import { BackupFormatError } from '@/server/backup/format';
import { fileChecksum } from '@/server/backup/seal';
import { restoreBackup, RestoreError, type RestoreOutcome } from '@/server/backup/restore';
import { installationBackupKey } from '@/server/backup/key';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { trustedPublicKey } from '@/server/licence/issuer';
import { installLicence, LicenceRefused, LICENCE_SETTING } from '@/server/licence/store';
import { countActiveUsers } from '@/server/licence/status';
import type { LicenceProblem } from '@/shared/licence';
import {
  DEFAULT_BACKUP_SCHEDULE,
  RESTORE_KEEPS,
  type BackupItem,
  type BackupKind,
  type BackupProgressView,
  type BackupSchedule,
  type BackupScheduleView,
  type LicenceUploadResult,
  type RestoreResult,
} from '../contract';
import {
  activeAdministratorIds,
  backupsBeyond,
  databaseBytes,
  deleteBackupRow,
  findBackup,
  insertBackup,
  lastBackupAt,
  lastScheduledResult,
  settingSavedAt,
} from './repository';
import { MISSED_SLOT_GRACE_MS } from '@/server/jobs/sqlite-engine';
import { BACKUP_JOB, backupCron } from './backup-schedule';

/** Who did it, for the audit row and the backup catalogue. */
export interface Actor {
  id: number | null;
  name: string | null;
  ip: string | null;
}

export const SYSTEM_ACTOR: Actor = { id: null, name: '系统', ip: null };

export const SCHEDULE_SETTING = 'backup_schedule';

/** A backup a person uploads may be larger than an ordinary upload (it carries every uploaded file). */
export const BACKUP_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;

/** The local file store's backups folder (DATA_DIR/backups); with FILE_STORE=s3 backups are in the bucket (backups/). */
export const backupsDir = (app: FastifyInstance) => path.join(app.config.dataDir, 'backups');

/** Server-made names only: nothing a client sends ever becomes part of a path. */
const FILE_NAME = /^campus-portal-\d{8}-\d{6}-[0-9a-f]{6}\.jsonl\.gz$/;

function newFileName(now: number): string {
  const d = new Date(now);
  const p = (n: number) => String(n).padStart(2, '0');
  return `campus-portal-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}-${randomBytes(3).toString('hex')}.jsonl.gz`;
}

/** The stored file of a catalogue row (in the file store, seen by every app server), or 404 when the row or the file is gone. */
export async function backupFile(app: FastifyInstance, id: number): Promise<{ item: BackupItem; size: number }> {
  const item = await findBackup(app.db, id);
  if (!item) throw notFound('备份不存在');
  const stored = FILE_NAME.test(item.fileName) ? await app.files.stat(backupKey(item.fileName)) : null;
  if (!stored) throw notFound('备份文件已不存在');
  return { item, size: stored.size };
}

/** Free disk a backup must leave at least, whatever its size (the server keeps running on this disk). */
export const MIN_FREE_BYTES = 256 * 1024 * 1024;
/** Free disk a backup needs, as a multiple of its estimated size. */
export const FREE_SPACE_FACTOR = 1.2;

/**
 * What a backup will take at most: the database's size on disk (its rows, before compression)
 * plus every uploaded file (already compressed, mostly: they gain nothing from gzip).
 */
export async function estimateBackupBytes(app: FastifyInstance): Promise<number> {
  let files = 0;
  for await (const o of app.files.list(UPLOADS_PREFIX)) files += o.size;
  return (await databaseBytes(app.db)) + files;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/**
 * Refuses to start a backup that could fill the disk (issue 26): the free space where backups
 * are written must be at least the estimated size × FREE_SPACE_FACTOR and MIN_FREE_BYTES.
 */
export async function checkFreeSpace(app: FastifyInstance): Promise<void> {
  // Where the backup is written before it goes to the file store (DATA_DIR/tmp; the local store's backups/ is on the same disk).
  const dir = workDir(app.config);
  const st = fs.statfsSync(dir);
  const free = Number(st.bavail) * Number(st.bsize);
  const estimate = await estimateBackupBytes(app);
  const need = Math.max(Math.ceil(estimate * FREE_SPACE_FACTOR), MIN_FREE_BYTES);
  if (free < need)
    throw new AppError(
      Codes.backupDiskFull,
      507,
      `磁盘空间不足，未开始备份：备份约 ${mb(estimate)}，需要至少 ${mb(need)} 可用空间，当前可用 ${mb(free)}。请清理旧备份或扩容后再试`,
    );
}

/** Backups being written by this app server (file name → latest progress), for the progress route. */
const running = new WeakMap<FastifyInstance, Map<string, BackupProgressView>>();
const runningBackups = (app: FastifyInstance) => {
  let m = running.get(app);
  if (!m) running.set(app, (m = new Map()));
  return m;
};

/** The newest backup this app server is writing, with how far it got; null when none is. */
export function backupProgress(app: FastifyInstance): BackupProgressView | null {
  let newest: BackupProgressView | null = null;
  for (const p of runningBackups(app).values()) if (!newest || p.startedAt >= newest.startedAt) newest = p;
  return newest;
}

export async function createBackup(
  app: FastifyInstance,
  actor: Actor,
  kind: BackupKind,
  note: string | null,
): Promise<BackupItem> {
  try {
    await checkFreeSpace(app);
  } catch (e) {
    if (e instanceof AppError && kind === 'manual')
      await audit(app.db, {
        action: 'backup_created',
        result: 'fail',
        actorId: actor.id,
        actorName: actor.name,
        detail: e.message,
        ip: actor.ip,
      });
    throw e;
  }
  const now = Date.now();
  const fileName = newFileName(now);
  const file = tempBackupPath(app.config, fileName);
  const progress = runningBackups(app);
  let size: number;
  let checksum: string;
  try {
    ({ size, checksum } = await writeBackup(app.db, app.files, file, {
      key: installationBackupKey(app.config),
      onProgress: (p) => progress.set(fileName, { kind, startedAt: now, ...p }),
    }));
    // Into the file store (DATA_DIR/backups or the bucket): every app server lists and restores it.
    await storeBackupFile(app.files, file, fileName);
  } finally {
    progress.delete(fileName);
    fs.rmSync(file, { force: true });
  }
  try {
    return await app.db.transaction().execute(async (trx) => {
      const item = await insertBackup(trx, {
        fileName,
        size,
        createdAt: now,
        createdBy: actor.id,
        createdByName: actor.name,
        kind,
        note: note?.trim() || null,
        checksum,
      });
      await audit(trx, {
        action: kind === 'scheduled' ? 'backup_scheduled' : 'backup_created',
        result: 'ok',
        actorId: actor.id,
        actorName: actor.name,
        target: fileName,
        detail: `${size} bytes`,
        ip: actor.ip,
      });
      return item;
    });
  } catch (e) {
    await app.files.delete(backupKey(fileName));
    throw e;
  }
}

export async function deleteBackup(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  const item = await findBackup(app.db, id);
  if (!item) throw notFound('备份不存在');
  await app.db.transaction().execute(async (trx) => {
    await deleteBackupRow(trx, id);
    await audit(trx, {
      action: 'backup_deleted',
      result: 'ok',
      actorId: actor.id,
      actorName: actor.name,
      target: item.fileName,
      ip: actor.ip,
    });
  });
  if (FILE_NAME.test(item.fileName)) await app.files.delete(backupKey(item.fileName));
}

/** Backups of a kind beyond the newest `keep` go (row and file). */
export async function pruneBackups(app: FastifyInstance, kind: BackupKind, keep: number): Promise<number> {
  const old = await backupsBeyond(app.db, kind, keep);
  for (const b of old) {
    await deleteBackupRow(app.db, b.id);
    if (FILE_NAME.test(b.fileName)) await app.files.delete(backupKey(b.fileName));
  }
  return old.length;
}

/** A manual backup, then the oldest manual ones beyond the retention (keepManual; 0 keeps all). */
export async function createManualBackup(app: FastifyInstance, actor: Actor, note: string | null): Promise<BackupItem> {
  const item = await createBackup(app, actor, 'manual', note);
  const { keepManual } = await readSchedule(app);
  if (keepManual > 0) await pruneBackups(app, 'manual', keepManual);
  return item;
}

/**
 * Settings that describe this installation, not its data: a restore keeps the current ones.
 * The licence (an old backup must not bring back an expired one), the RSA key pair (every
 * app server holds it in memory) and the backup schedule (the job runner's schedule follows it).
 */
export const keepOnRestore = (key: string) =>
  key === LICENCE_SETTING || key === RSA_SETTING_KEY || key === SCHEDULE_SETTING;

/** A refused or failed restore: audited (who, which file, why), then answered with the reason. */
async function refuseRestore(
  app: FastifyInstance,
  actor: Actor,
  target: string | null,
  error: AppError,
): Promise<never> {
  await audit(app.db, {
    action: 'backup_restored',
    result: 'fail',
    actorId: actor.id,
    actorName: actor.name,
    target,
    detail: error.message,
    ip: actor.ip,
  });
  throw error;
}

/** The restore's audit detail: what came back, table by table (fits the 2,000 characters a detail keeps). */
export function restoreDetail(o: RestoreOutcome, auditRows: RestoreResult['audit']): string {
  const tables = Object.entries(o.restored)
    .map(([t, n]) => `${t}:${n}`)
    .join(',');
  const migrated = o.migrated.length ? `；升级迁移 ${o.migrated.join(',')}` : '';
  return `恢复 ${Object.values(o.restored).reduce((a, b) => a + b, 0)} 行，文件 ${o.files} 个；审计日志 备份 ${auditRows.inBackup} 条（新增 ${auditRows.added}，已存在 ${auditRows.present}）${migrated}；各表 ${tables}`;
}

export async function restore(app: FastifyInstance, actor: Actor, id: number, confirm: string): Promise<RestoreResult> {
  const item = await findBackup(app.db, id);
  let found: { item: BackupItem; size: number };
  try {
    found = await backupFile(app, id);
  } catch (e) {
    if (e instanceof AppError) return refuseRestore(app, actor, item?.fileName ?? `#${id}`, e);
    throw e;
  }
  const fileName = found.item.fileName;
  if (confirm.trim() !== fileName)
    return refuseRestore(app, actor, fileName, badInput('请输入完整的备份文件名以确认恢复', { field: 'confirm' }));
  try {
    // The stored file (read in place from DATA_DIR, or through a private copy from the bucket);
    // the files go back into the file store, so every app server sees the restore.
    const restored = await withStoredBackup(app.files, app.config, fileName, (file) =>
      restoreBackup(
        app.db,
        { store: app.files, workDir: workDir(app.config) },
        file,
        installationBackupKey(app.config),
        {
          keepSetting: keepOnRestore,
          // The audit trail is append-only: a restore brings back every row of the backup's and
          // erases nothing that happened here (restores included).
          appendOnly: { audit_log: 'at' },
          // Written inside the restore's transaction, after the audit log was merged: its id is the newest.
          inTransaction: (trx, o) =>
            audit(trx, {
              action: 'backup_restored',
              result: 'ok',
              actorId: actor.id,
              actorName: actor.name,
              target: fileName,
              detail: restoreDetail(o, auditShare(o)),
              ip: actor.ip,
            }),
        },
      ),
    );
    if (!restored) return refuseRestore(app, actor, fileName, notFound('备份文件已不存在'));
    const outcome = restored;
    await app.licence({ fresh: true });
    return {
      fileName,
      rows: outcome.rows,
      files: outcome.files,
      signedOut: true,
      restored: outcome.restored,
      audit: auditShare(outcome),
      migrated: outcome.migrated,
      kept: RESTORE_KEEPS,
      schedule: await readScheduleView(app),
    };
  } catch (e) {
    if (!(e instanceof RestoreError)) throw e;
    if (e.cause) app.log.warn({ err: e.cause }, 'restore rolled back');
    // The file's problem has its own code (not ours, damaged, seal broken, another key).
    return refuseRestore(app, actor, fileName, new AppError(e.code, 400, e.message));
  }
}

const auditShare = (o: RestoreOutcome): RestoreResult['audit'] =>
  o.merged.audit_log ?? { inBackup: o.rows.audit_log ?? 0, added: 0, present: 0 };

/** Larger backups travel by the command line (src/server/backup/README.md, recovery runbook). */
const TOO_LARGE = `备份文件超过 ${BACKUP_UPLOAD_MAX_BYTES / 1024 / 1024 / 1024} GB，请复制到服务器后用命令行恢复：npm run backup -- restore <文件>`;

/** An uploaded backup: streamed to a temporary file, verified whole (header, structure, counts), then catalogued under a server-made name. */
export async function uploadBackup(app: FastifyInstance, actor: Actor, part: MultipartFile): Promise<BackupItem> {
  const tmp = path.join(workDir(app.config), `.upload-${randomBytes(6).toString('hex')}.part`);
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > BACKUP_UPLOAD_MAX_BYTES) return done(new AppError(Codes.payloadTooLarge, 413, TOO_LARGE));
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, count, fs.createWriteStream(tmp));
    if (part.file.truncated) throw new AppError(Codes.payloadTooLarge, 413, TOO_LARGE);
    if (size === 0) throw badInput('文件为空', { field: 'file' });
    try {
      await verifyBackup(tmp, installationBackupKey(app.config));
    } catch (e) {
      if (e instanceof BackupFormatError) throw new AppError(e.code, 400, e.message, { field: 'file' });
      throw e;
    }
    const checksum = await fileChecksum(tmp);
    const now = Date.now();
    const fileName = newFileName(now);
    await storeBackupFile(app.files, tmp, fileName);
    const original = path.basename(part.filename || '').slice(0, 150);
    try {
      return await app.db.transaction().execute(async (trx) => {
        const item = await insertBackup(trx, {
          fileName,
          size,
          createdAt: now,
          createdBy: actor.id,
          createdByName: actor.name,
          kind: 'uploaded',
          note: original ? `上传：${original}` : null,
          checksum,
        });
        await audit(trx, {
          action: 'backup_uploaded',
          result: 'ok',
          actorId: actor.id,
          actorName: actor.name,
          target: fileName,
          detail: original,
          ip: actor.ip,
        });
        return item;
      });
    } catch (e) {
      await app.files.delete(backupKey(fileName));
      throw e;
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

export async function readSchedule(app: FastifyInstance): Promise<Required<BackupSchedule>> {
  return { ...DEFAULT_BACKUP_SCHEDULE, ...(await getSetting<Partial<BackupSchedule>>(app.db, SCHEDULE_SETTING)) };
}

/** The server's time zone, which the schedule's hour is in (cron runs on server time). */
export function serverTimeZone(now = Date.now()): { timeZone: string; utcOffset: string } {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const minutes = -new Date(now).getTimezoneOffset();
  const abs = Math.abs(minutes);
  const utcOffset = `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return { timeZone, utcOffset };
}

export async function readScheduleView(app: FastifyInstance): Promise<BackupScheduleView> {
  return { ...(await readSchedule(app)), ...serverTimeZone() };
}

export async function saveSchedule(app: FastifyInstance, actor: Actor, s: BackupSchedule): Promise<BackupScheduleView> {
  const before = await readSchedule(app);
  const value: Required<BackupSchedule> = {
    enabled: s.enabled,
    hour: s.hour,
    keep: s.keep,
    // A client that does not know the manual retention keeps the one saved.
    keepManual: s.keepManual ?? before.keepManual,
  };
  await app.db.transaction().execute(async (trx) => {
    await putSetting(trx, SCHEDULE_SETTING, value);
    await audit(trx, {
      action: 'backup_schedule_saved',
      result: 'ok',
      actorId: actor.id,
      actorName: actor.name,
      target: SCHEDULE_SETTING,
      detail: JSON.stringify(value),
      ip: actor.ip,
    });
  });
  // The job runner keeps its schedules apart (pg-boss's schema): if this fails, the next start
  // reads the saved setting again.
  await app.jobs.schedule(BACKUP_JOB, backupCron(value));
  return { ...value, ...serverTimeZone() };
}

/**
 * A scheduled backup failed: its audit row, and a message to every active administrator in the
 * message centre — once per burst (not again while the scheduled backups keep failing, retries
 * included; the next failure after a success alerts again).
 */
export async function reportScheduledFailure(app: FastifyInstance, err: unknown): Promise<void> {
  const detail = err instanceof Error ? err.message : String(err);
  await app.db.transaction().execute(async (trx) => {
    const burstGoingOn = (await lastScheduledResult(trx)) === 'fail';
    await audit(trx, { action: 'backup_scheduled', result: 'fail', actorName: SYSTEM_ACTOR.name, detail });
    if (burstGoingOn) return;
    await sendMessage(trx, {
      userIds: await activeAdministratorIds(trx),
      kind: 'system',
      title: '定时备份失败',
      body: `定时备份未能完成：${detail}。在问题解决并有一次定时备份成功之前，不再重复提醒。请在“数据备份”页检查磁盘空间与运行记录，必要时立即手动备份。`,
      link: '/cms/systemSetting/dataBackup',
    });
  });
}

/** The newest slot of a daily schedule at `hour` (server time) at or before `now`. */
export function lastSlot(hour: number, now: number): number {
  const d = new Date(now);
  d.setHours(hour, 0, 0, 0);
  if (d.getTime() > now) d.setDate(d.getDate() - 1);
  return d.getTime();
}

/**
 * After downtime (at start): when the schedule is on and its newest slot passed with no
 * scheduled backup, no run of the job since and the schedule already saved then, one catch-up
 * run is queued. The SQLite runner itself still runs a slot missed by less than an hour, so it
 * is left to that; pg-boss never runs a missed slot. Answers the slot caught up, or null.
 */
export async function catchUpMissedBackup(app: FastifyInstance, now = Date.now()): Promise<number | null> {
  const schedule = await readSchedule(app);
  if (!schedule.enabled) return null;
  const slot = lastSlot(schedule.hour, now);
  if (app.jobs.engine === 'sqlite' && now - slot <= MISSED_SLOT_GRACE_MS) return null;
  const savedAt = await settingSavedAt(app.db, SCHEDULE_SETTING);
  if (savedAt === null || savedAt > slot) return null;
  const last = await lastBackupAt(app.db, 'scheduled');
  if (last !== null && last >= slot) return null;
  const [run] = (await app.jobs.runs({ name: BACKUP_JOB, page: 1, pageSize: 1 })).list;
  if (run && run.startedAt >= slot) return null;
  await app.jobs.enqueue(BACKUP_JOB, { catchUpSlot: slot });
  return slot;
}

/* ---------- licence ---------- */

const LICENCE_REFUSED: Record<LicenceProblem, string> = {
  forged: '授权文件签名无效',
  expired: '授权已过期',
  malformed: '授权文件格式错误',
  missing: '请上传授权文件',
};

/** Verifies with the trusted key, then installs (with its audit row); a refused licence replaces nothing. */
export async function uploadLicence(app: FastifyInstance, actor: Actor, text: string): Promise<LicenceUploadResult> {
  const key = trustedPublicKey(app.config);
  try {
    await app.db.transaction().execute(async (trx) => {
      const { licence } = await installLicence(trx, key, text);
      await audit(trx, {
        action: 'licence_uploaded',
        result: 'ok',
        actorId: actor.id,
        actorName: actor.name,
        target: licence?.holder ?? null,
        detail: `${licence?.id ?? ''} 至 ${licence?.expiresAt ?? ''}`,
        ip: actor.ip,
      });
    });
  } catch (e) {
    if (!(e instanceof LicenceRefused)) throw e;
    const message = LICENCE_REFUSED[e.result.reason ?? 'malformed'];
    await audit(app.db, {
      action: 'licence_uploaded',
      result: 'fail',
      actorId: actor.id,
      actorName: actor.name,
      detail: message,
      ip: actor.ip,
    });
    throw badInput(message, { field: 'licence' });
  }
  const [status, users] = await Promise.all([app.licence({ fresh: true }), countActiveUsers(app.db)]);
  return { ...status, users };
}
