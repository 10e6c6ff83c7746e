import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../errors';
import { uploadKey } from './file-store';

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
export async function sendUpload(app: FastifyInstance, reply: FastifyReply, row: ServedUpload): Promise<FastifyReply> {
  // Streamed from the file store (DATA_DIR or the bucket), never read whole.
  const body = await app.files.get(uploadKey(row.path));
  if (!body) throw notFound('文件不存在');
  return reply
    .header('Content-Type', row.mime)
    .header('Content-Length', row.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Disposition',
      `${row.mime.startsWith('image/') ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
    )
    .header('Cache-Control', row.isPublic ? 'public, max-age=86400' : 'private, max-age=3600')
    .send(body);
}
