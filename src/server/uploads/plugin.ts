import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { Codes } from '../../shared/errors';
import { AppError, notFound } from '../errors';
import { uploadsDir } from './store';

/** Multipart bodies have their own limits (issue 2: uploads apart from the 1 MB JSON/form limit). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Multipart parsing for upload routes, and GET /resource/api/v1.file/:id serving stored files:
 * public ones (logos, login picture) to anyone, the rest to signed-in callers only.
 */
export const uploadsPlugin = fp(async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 5, fields: 20, fieldSize: 64 * 1024 } });

  app.get('/resource/api/v1.file/:id', {
    schema: { params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) }) },
    config: { access: 'public' },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const row = await app.db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('文件不存在');
    if (!row.isPublic && !req.auth) throw new AppError(Codes.notAuthenticated, 401, '请先登录');
    const abs = path.join(uploadsDir(app), row.path);
    if (!fs.existsSync(abs)) throw notFound('文件不存在');
    return reply
      .header('Content-Type', row.mime)
      .header('Content-Length', row.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `${row.mime.startsWith('image/') ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
      .header('Cache-Control', row.isPublic ? 'public, max-age=86400' : 'private, max-age=3600')
      .send(fs.createReadStream(abs));
  });
});
