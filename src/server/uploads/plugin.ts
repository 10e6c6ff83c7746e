import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { Codes } from '@/shared/errors';
import type { FastifyRequest } from 'fastify';
import { AppError, noPermission, notFound } from '../errors';
import { sendUpload } from './send-upload';
import { openFileStore, type FileStore } from './file-store';
import { uploadRefsRegistry } from './upload-refs';

/** A module's rule for its own non-public files: may this signed-in caller read this one? */
export type FileReadRule = (
  req: FastifyRequest,
  file: { id: string; ownerId: number | null; purpose: string },
) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Rules by purpose prefix (e.g. 'form:'); a non-public file whose purpose starts with one is served only if it allows. */
    fileReadRules: Map<string, FileReadRule>;
    /** Where uploads and backups live: DATA_DIR (FILE_STORE=local) or an S3-compatible bucket (FILE_STORE=s3). */
    files: FileStore;
  }
}

/** Multipart bodies have their own limits (issue 2: uploads apart from the 1 MB JSON/form limit). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Multipart parsing for upload routes, and GET /resource/api/v1.file/:id serving stored files:
 * public ones (logos, login picture) to anyone, the rest to signed-in callers only, and
 * narrower still where a module registered a read rule for the file's purpose.
 */
export const uploadsPlugin = fp(async (app) => {
  app.decorate('fileReadRules', new Map<string, FileReadRule>());
  // Modules declare here which uploads their records still use (the orphan sweep asks them all).
  app.decorate('uploadRefs', uploadRefsRegistry());
  const files = openFileStore(app.config);
  app.decorate('files', files);
  app.addHook('onClose', async () => files.close());
  // A bucket that is missing or refuses the keys stops the start with the reason, not the first upload.
  await files.check();
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 5, fields: 20, fieldSize: 64 * 1024 } });

  app.get(
    '/resource/api/v1.file/:id',
    {
      schema: { params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) }) },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const row = await app.db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('文件不存在');
      if (!row.isPublic && !req.auth) throw new AppError(Codes.notAuthenticated, 401, '请先登录');
      if (!row.isPublic) {
        for (const [prefix, rule] of app.fileReadRules) {
          if (row.purpose.startsWith(prefix) && !(await rule(req, row))) throw noPermission('无权查看该文件');
        }
      }
      return sendUpload(app, reply, row);
    },
  );
});
