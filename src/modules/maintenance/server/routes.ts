import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { badInput, notFound } from '@/server/errors';
import { backupKey } from '@/server/uploads/file-store';
import { audit } from '@/server/identity/audit';
import { keysetRows, sendExcel } from '@/server/excel/export';
import {
  AuditExportQuery,
  AuditListQuery,
  AUDIT_RESULT_TEXT,
  auditActionText,
  auditDetailText,
  BackupCreateBody,
  BackupIdFields,
  BackupListQuery,
  BackupRestoreBody,
  BackupSchedule,
  type AuditRow,
} from '../contract';
import { auditAfter, listAudit, listBackups } from './repository';
import {
  BACKUP_UPLOAD_MAX_BYTES,
  backupFile,
  backupProgress,
  createManualBackup,
  deleteBackup,
  readScheduleView,
  restore,
  saveSchedule,
  uploadBackup,
  uploadLicence,
  type Actor,
} from './service';

const actorOf = (req: FastifyRequest): Actor => ({
  id: req.auth?.userId ?? null,
  name: req.auth?.username ?? null,
  ip: req.ip,
});

const admin = { access: 'admin' as const };

/** A licence is a short text: more than this is not one. */
const LICENCE_MAX_BYTES = 64 * 1024;

/** Data backup: create, list, download, delete, restore, upload, schedule (administrators; every change audited). */
export const backupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/user/api/v1.backup/create/', { schema: { body: BackupCreateBody }, config: admin }, async (req) =>
    ok(await createManualBackup(app, actorOf(req), req.body.note ?? null)),
  );

  app.get('/user/api/v1.backup/list/', { schema: { querystring: BackupListQuery }, config: admin }, async (req) =>
    ok(await listBackups(app.db, req.query)),
  );

  app.get(
    '/user/api/v1.backup/download/',
    { schema: { querystring: BackupIdFields }, config: admin },
    async (req, reply) => {
      const { item, size } = await backupFile(app, req.query.id);
      // Streamed from the file store (DATA_DIR/backups or the bucket), whichever server made it.
      const body = await app.files.get(backupKey(item.fileName));
      if (!body) throw notFound('备份文件已不存在');
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', size)
        .header('Content-Disposition', `attachment; filename="${item.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  app.post('/user/api/v1.backup/delete/', { schema: { body: BackupIdFields }, config: admin }, async (req) => {
    await deleteBackup(app, actorOf(req), req.body.id);
    return ok(null);
  });

  app.post('/user/api/v1.backup/restore/', { schema: { body: BackupRestoreBody }, config: admin }, async (req) =>
    ok(await restore(app, actorOf(req), req.body.id, req.body.confirm)),
  );

  app.post('/user/api/v1.backup/upload/', { config: admin }, async (req) => {
    if (!req.isMultipart()) throw badInput('请选择要上传的备份文件', { field: 'file' });
    const file = await req.file({ limits: { fileSize: BACKUP_UPLOAD_MAX_BYTES, files: 1 } });
    if (!file) throw badInput('请选择要上传的备份文件', { field: 'file' });
    return ok(await uploadBackup(app, actorOf(req), file));
  });

  app.get('/user/api/v1.backup/schedule/', { config: admin }, async () => ok(await readScheduleView(app)));

  // In memory: the backup this app server writes (a scheduled one may run on another server).
  app.get('/user/api/v1.backup/progress/', { config: admin }, async () => ok(backupProgress(app)));

  app.post('/user/api/v1.backup/saveSchedule/', { schema: { body: BackupSchedule }, config: admin }, async (req) =>
    ok(await saveSchedule(app, actorOf(req), req.body)),
  );
};

/** POST /user/api/v1.licence/upload/: a licence file (multipart) or its text (field `licence`). Works without a valid licence, to install one. */
export const licenceUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/user/api/v1.licence/upload/', { config: { access: 'admin', licenceExempt: true } }, async (req) => {
    let text: string | undefined;
    if (req.isMultipart()) {
      for await (const part of req.parts({ limits: { fileSize: LICENCE_MAX_BYTES, fieldSize: LICENCE_MAX_BYTES } })) {
        if (part.type === 'file') {
          const content = (await part.toBuffer()).toString('utf8');
          text ??= content;
        } else if (part.fieldname === 'licence' && typeof part.value === 'string') {
          text ??= part.value;
        }
      }
    } else {
      const body = req.body as { licence?: unknown } | undefined;
      if (typeof body?.licence === 'string') text = body.licence;
    }
    if (!text?.trim()) throw badInput('请上传授权文件', { field: 'licence' });
    return ok(await uploadLicence(app, actorOf(req), text));
  });
};

const EXPORT_COLUMNS = [
  { header: '时间', width: 20, value: (r: AuditRow) => new Date(r.at).toLocaleString('zh-CN', { hour12: false }) },
  { header: '操作人', width: 16, value: (r: AuditRow) => r.actorName },
  { header: '操作', width: 18, value: (r: AuditRow) => auditActionText(r.action) },
  { header: '操作代码', width: 20, value: (r: AuditRow) => r.action },
  { header: '对象', width: 30, value: (r: AuditRow) => r.target },
  { header: '结果', width: 8, value: (r: AuditRow) => AUDIT_RESULT_TEXT[r.result] ?? r.result },
  { header: 'IP', width: 16, value: (r: AuditRow) => r.ip },
  { header: '详情', width: 40, value: (r: AuditRow) => auditDetailText(r.detail) },
];

/** The audit log: read and export only. There is deliberately no route that changes or deletes a row. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/user/api/v1.audit/list/', { schema: { querystring: AuditListQuery }, config: admin }, async (req) => {
    if (req.query.from !== undefined && req.query.to !== undefined && req.query.from > req.query.to)
      throw badInput('开始时间不能晚于结束时间', { field: 'from' });
    return ok(await listAudit(app.db, req.query));
  });

  app.get(
    '/user/api/v1.audit/export/',
    { schema: { querystring: AuditExportQuery }, config: admin },
    async (req, reply) => {
      const f = req.query;
      if (f.from !== undefined && f.to !== undefined && f.from > f.to)
        throw badInput('开始时间不能晚于结束时间', { field: 'from' });
      const actor = actorOf(req);
      await audit(app.db, {
        action: 'audit_exported',
        result: 'ok',
        actorId: actor.id,
        actorName: actor.name,
        detail: JSON.stringify(f),
        ip: actor.ip,
      });
      const stamp = new Date().toISOString().slice(0, 10);
      return sendExcel(reply, {
        filename: `审计日志-${stamp}.xlsx`,
        sheet: '审计日志',
        columns: EXPORT_COLUMNS,
        rows: keysetRows((after, limit) => auditAfter(app.db, f, after, limit), 1000),
      });
    },
  );
};
