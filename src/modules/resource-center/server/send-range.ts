import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uploadKey } from '@/server/uploads/file-store';
import { AppError, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';

const INLINE = /^(application\/pdf|image\/|video\/)/;

/**
 * Streams a stored resource file with HTTP range support (a video seeks, a PDF viewer reads
 * pages on demand): one `bytes=a-b` range answers 206, none the whole file. PDF, images and
 * video open inline; office files download.
 */
export async function sendRange(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  f: { path: string; mime: string; size: number | string; originalName: string },
): Promise<FastifyReply> {
  // The file store (DATA_DIR or the bucket) streams the bytes asked for; the row knows the size.
  const key = uploadKey(f.path);
  const size = Number(f.size);
  reply
    .header('Content-Type', f.mime)
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Disposition',
      `${INLINE.test(f.mime) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(f.originalName)}`,
    )
    .header('Cache-Control', 'private, no-store');
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!req.headers.range || !range || (!range[1] && !range[2])) {
    const body = await app.files.get(key);
    if (!body) throw notFound('文件不存在');
    return reply.header('Content-Length', size).send(body);
  }
  // bytes=a-b, bytes=a- (to the end), bytes=-n (the last n bytes)
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start >= size || start > end) {
    reply.header('Content-Range', `bytes */${size}`);
    throw new AppError(Codes.inputError, 416, '请求的范围超出文件大小');
  }
  const body = await app.files.get(key, { start, end });
  if (!body) throw notFound('文件不存在');
  return reply
    .code(206)
    .header('Content-Range', `bytes ${start}-${end}/${size}`)
    .header('Content-Length', end - start + 1)
    .send(body);
}
