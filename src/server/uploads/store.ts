import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { Codes } from '@/shared/errors';
import { AppError, badInput } from '../errors';
import { extensionMatches, MIME, sniff, type FileKind } from './sniff';
import { uploadKey, workDir } from './file-store';

export interface SavedUpload {
  id: string;
  /** Where the browser fetches it. */
  url: string;
  mime: string;
  size: number;
  name: string;
}

export interface UploadRules {
  purpose: string;
  accept: readonly FileKind[];
  maxBytes: number;
  isPublic: boolean;
  ownerId: number | null;
}

/** The local store's uploads folder (DATA_DIR/uploads); with FILE_STORE=s3 the files are in the bucket (app.files). */
export const uploadsDir = (app: FastifyInstance) => path.join(app.config.dataDir, 'uploads');
export const fileUrl = (id: string) => `/resource/api/v1.file/${id}`;

const HEAD_BYTES = 4096;

/**
 * Stores one multipart file in the file store as uploads/YYYY/MM/<uuid>.<kind>: the name is the
 * server's, the type is sniffed from the content and must match the extension, the size is
 * enforced while streaming into a private temporary file (DATA_DIR/tmp), which then goes to the
 * store (the local store renames it; S3 streams it). Nothing is kept when a rule fails.
 */
export async function saveUpload(app: FastifyInstance, file: MultipartFile, rules: UploadRules): Promise<SavedUpload> {
  // Control characters (a NUL above all: PostgreSQL refuses it in text, a 500) have no place in a name.
  // eslint-disable-next-line no-control-regex
  const original = path.basename(file.filename.replace(/[\u0000-\u001f\u007f]/g, '') || 'file').slice(0, 200);
  const extension = path.extname(original).slice(1).toLowerCase();
  const id = randomUUID();
  const now = new Date();
  const rel = `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}/${id}`;
  const tmp = path.join(workDir(app.config), `${id}.part`);

  let size = 0;
  let head = Buffer.alloc(0);
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > rules.maxBytes)
        return done(
          new AppError(Codes.payloadTooLarge, 413, `文件不能超过 ${Math.floor(rules.maxBytes / 1024 / 1024) || 1} MB`),
        );
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  const out = fs.createWriteStream(tmp, { mode: 0o600 });
  try {
    await pipeline(file.file, limit, out);
    if (file.file.truncated) throw new AppError(Codes.payloadTooLarge, 413, '文件过大');
    if (size === 0) throw badInput('文件为空');
    const kind = sniff(head, extension);
    if (!kind || !rules.accept.includes(kind))
      throw badInput(`不支持的文件类型，请上传 ${rules.accept.join('/')} 文件`);
    if (!extensionMatches(kind, extension) && !(kind === 'zip' && extension === 'zip'))
      throw badInput('文件内容与扩展名不符');
    const finalRel = `${rel}.${kind}`;
    await app.files.putFile(uploadKey(finalRel), tmp, { contentType: MIME[kind], move: true });
    await app.db
      .insertInto('upload')
      .values({
        id,
        ownerId: rules.ownerId,
        purpose: rules.purpose,
        originalName: original,
        mime: MIME[kind],
        size,
        path: finalRel,
        isPublic: rules.isPublic ? 1 : 0,
        createdAt: now.getTime(),
      })
      .execute();
    return { id, url: fileUrl(id), mime: MIME[kind], size, name: original };
  } finally {
    // A refused upload's stream may still be opening its file: remove it only once it is closed.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Removes uploads whose owning record is gone: the rows and their files in the store. A file
 * the store cannot delete now is logged; its row is removed all the same (nothing serves it).
 */
export async function deleteUploads(app: FastifyInstance, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await app.db.selectFrom('upload').select(['id', 'path']).where('id', 'in', ids).execute();
  if (!rows.length) return;
  await app.db
    .deleteFrom('upload')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  for (const r of rows) {
    try {
      await app.files.delete(uploadKey(r.path));
    } catch (e) {
      app.log.warn({ err: e, upload: r.id }, 'upload file not deleted from the file store');
    }
  }
}
