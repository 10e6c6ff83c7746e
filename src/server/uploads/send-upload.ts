import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../errors';
import { uploadsDir } from './store';

/** The stored facts of an upload that serving it needs. */
export interface ServedUpload {
  path: string;
  mime: string;
  size: number;
  originalName: string;
  isPublic: boolean | number;
}

/**
 * Streams a stored upload with its own type and name (images inline, the rest as a download,
 * never sniffed by the browser); the caller has already decided the reader may have it.
 */
export function sendUpload(app: FastifyInstance, reply: FastifyReply, row: ServedUpload): FastifyReply {
  const abs = path.join(uploadsDir(app), row.path);
  if (!fs.existsSync(abs)) throw notFound('文件不存在');
  return reply
    .header('Content-Type', row.mime)
    .header('Content-Length', row.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Disposition',
      `${row.mime.startsWith('image/') ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
    )
    .header('Cache-Control', row.isPublic ? 'public, max-age=86400' : 'private, max-age=3600')
    .send(fs.createReadStream(abs));
}
