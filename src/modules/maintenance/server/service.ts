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
import { uploadsDir } from '@/server/uploads/store';
import { writeBackup } from '@/server/backup/writer';
import { verifyBackup } from '@/server/backup/reader';
import { BackupFormatError } from '@/server/backup/format';
import { restoreBackup, RestoreError } from '@/server/backup/restore';
import { trustedPublicKey } from '@/server/licence/issuer';
import { installLicence, LicenceRefused, LICENCE_SETTING } from '@/server/licence/store';
import { countActiveUsers } from '@/server/licence/status';
import type { LicenceProblem } from '@/shared/licence';
import {
  DEFAULT_BACKUP_SCHEDULE,
  type BackupItem,
  type BackupKind,
  type BackupSchedule,
  type LicenceUploadResult,
  type RestoreResult,
} from '../contract';
import { deleteBackupRow, findBackup, insertBackup, scheduledBeyond } from './repository';
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

export const backupsDir = (app: FastifyInstance) => path.join(app.config.dataDir, 'backups');

/** Server-made names only: nothing a client sends ever becomes part of a path. */
const FILE_NAME = /^campus-portal-\d{8}-\d{6}-[0-9a-f]{6}\.jsonl\.gz$/;

function newFileName(now: number): string {
  const d = new Date(now);
  const p = (n: number) => String(n).padStart(2, '0');
  return `campus-portal-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}-${randomBytes(3).toString('hex')}.jsonl.gz`;
}

/** The file of a catalogue row, or 404 when the row or the file is gone. */
export async function backupFile(app: FastifyInstance, id: number): Promise<{ item: BackupItem; file: string }> {
  const item = await findBackup(app.db, id);
  if (!item) throw notFound('备份不存在');
  const file = path.join(backupsDir(app), item.fileName);
  if (!FILE_NAME.test(item.fileName) || !fs.existsSync(file)) throw notFound('备份文件已不存在');
  return { item, file };
}

export async function createBackup(
  app: FastifyInstance,
  actor: Actor,
  kind: BackupKind,
  note: string | null,
): Promise<BackupItem> {
  const now = Date.now();
  const fileName = newFileName(now);
  const file = path.join(backupsDir(app), fileName);
  const size = await writeBackup(app.db, uploadsDir(app), file);
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
    fs.rmSync(file, { force: true });
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
  if (FILE_NAME.test(item.fileName)) fs.rmSync(path.join(backupsDir(app), item.fileName), { force: true });
}

/** Scheduled backups beyond the newest `keep` go (row and file). */
export async function pruneScheduled(app: FastifyInstance, keep: number): Promise<number> {
  const old = await scheduledBeyond(app.db, keep);
  for (const b of old) {
    await deleteBackupRow(app.db, b.id);
    if (FILE_NAME.test(b.fileName)) fs.rmSync(path.join(backupsDir(app), b.fileName), { force: true });
  }
  return old.length;
}

/**
 * Settings that describe this installation, not its data: a restore keeps the current ones.
 * The licence (an old backup must not bring back an expired one), the RSA key pair (every
 * app server holds it in memory) and the backup schedule (the job runner's schedule follows it).
 */
export const keepOnRestore = (key: string) =>
  key === LICENCE_SETTING || key === RSA_SETTING_KEY || key === SCHEDULE_SETTING;

export async function restore(app: FastifyInstance, actor: Actor, id: number, confirm: string): Promise<RestoreResult> {
  const { item, file } = await backupFile(app, id);
  if (confirm.trim() !== item.fileName) throw badInput('请输入完整的备份文件名以确认恢复', { field: 'confirm' });
  try {
    const summary = await restoreBackup(app.db, uploadsDir(app), file, {
      keepSetting: keepOnRestore,
      // The audit trail is append-only: a restore must not erase what happened (restores included).
      appendOnly: { audit_log: 'at' },
      // Written inside the restore's transaction, after the audit log itself was replaced.
      inTransaction: (trx) =>
        audit(trx, {
          action: 'backup_restored',
          result: 'ok',
          actorId: actor.id,
          actorName: actor.name,
          target: item.fileName,
          ip: actor.ip,
        }),
    });
    await app.licence({ fresh: true });
    return { fileName: item.fileName, rows: summary.rows, files: summary.files, signedOut: true };
  } catch (e) {
    if (!(e instanceof RestoreError)) throw e;
    if (e.cause) app.log.warn({ err: e.cause }, 'restore rolled back');
    await audit(app.db, {
      action: 'backup_restored',
      result: 'fail',
      actorId: actor.id,
      actorName: actor.name,
      target: item.fileName,
      detail: e.message,
      ip: actor.ip,
    });
    throw new AppError(Codes.inputError, 400, e.message);
  }
}

/** An uploaded backup: streamed to a temporary file, verified whole (header, structure, counts), then catalogued under a server-made name. */
export async function uploadBackup(app: FastifyInstance, actor: Actor, part: MultipartFile): Promise<BackupItem> {
  const dir = backupsDir(app);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.upload-${randomBytes(6).toString('hex')}.part`);
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > BACKUP_UPLOAD_MAX_BYTES) return done(new AppError(Codes.payloadTooLarge, 413, '备份文件过大'));
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, count, fs.createWriteStream(tmp));
    if (part.file.truncated) throw new AppError(Codes.payloadTooLarge, 413, '备份文件过大');
    if (size === 0) throw badInput('文件为空', { field: 'file' });
    try {
      await verifyBackup(tmp);
    } catch (e) {
      if (e instanceof BackupFormatError) throw badInput(e.message, { field: 'file' });
      throw e;
    }
    const now = Date.now();
    const fileName = newFileName(now);
    const file = path.join(dir, fileName);
    fs.renameSync(tmp, file);
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
      fs.rmSync(file, { force: true });
      throw e;
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

export async function readSchedule(app: FastifyInstance): Promise<BackupSchedule> {
  return { ...DEFAULT_BACKUP_SCHEDULE, ...(await getSetting<Partial<BackupSchedule>>(app.db, SCHEDULE_SETTING)) };
}

export async function saveSchedule(app: FastifyInstance, actor: Actor, s: BackupSchedule): Promise<BackupSchedule> {
  const value: BackupSchedule = { enabled: s.enabled, hour: s.hour, keep: s.keep };
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
  return value;
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
