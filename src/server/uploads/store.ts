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

export const uploadsDir = (app: FastifyInstance) => path.join(app.config.dataDir, 'uploads');
export const fileUrl = (id: string) => `/resource/api/v1.file/${id}`;

const HEAD_BYTES = 4096;

/**
 * Stores one multipart file under DATA_DIR/uploads/YYYY/MM/<uuid>.<kind>: the name is the
 * server's, the type is sniffed from the content and must match the extension, the size is
 * enforced while streaming. Nothing is kept when a rule fails.
 */
export async function saveUpload(app: FastifyInstance, file: MultipartFile, rules: UploadRules): Promise<SavedUpload> {
  // Control characters (a NUL above all: PostgreSQL refuses it in text, a 500) have no place in a name.
  // eslint-disable-next-line no-control-regex
  const original = path.basename(file.filename.replace(/[\u0000-\u001f\u007f]/g, '') || 'file').slice(0, 200);
  const extension = path.extname(original).slice(1).toLowerCase();
  const id = randomUUID();
  const now = new Date();
  const rel = path.join(String(now.getFullYear()), String(now.getMonth() + 1).padStart(2, '0'), id);
  const tmp = path.join(uploadsDir(app), `${rel}.part`);
  fs.mkdirSync(path.dirname(tmp), { recursive: true });

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
  try {
    await pipeline(file.file, limit, fs.createWriteStream(tmp));
    if (file.file.truncated) throw new AppError(Codes.payloadTooLarge, 413, '文件过大');
    if (size === 0) throw badInput('文件为空');
    const kind = sniff(head, extension);
    if (!kind || !rules.accept.includes(kind))
      throw badInput(`不支持的文件类型，请上传 ${rules.accept.join('/')} 文件`);
    if (!extensionMatches(kind, extension) && !(kind === 'zip' && extension === 'zip'))
      throw badInput('文件内容与扩展名不符');
    const finalRel = `${rel}.${kind}`;
    fs.renameSync(tmp, path.join(uploadsDir(app), finalRel));
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
    fs.rmSync(tmp, { force: true });
  }
}
