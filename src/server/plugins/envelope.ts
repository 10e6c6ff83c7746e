import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Codes, DEFAULT_MESSAGES } from '@/shared/errors';
import { AppError } from '../errors';
import { isDatabaseUnavailable } from '../db/connection-errors';

/** Field names a person reads, for validation messages. Unknown fields show as written. */
function fieldOf(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return '';
  const missing =
    (v.params as { missingProperty?: string; requiredProperties?: string[] } | undefined)?.missingProperty ??
    (v.params as { requiredProperties?: string[] } | undefined)?.requiredProperties?.[0];
  const p = (missing ?? v.instancePath.replace(/^\//, '').replace(/\//g, '.')) || '';
  return p;
}

/** @fastify/multipart's refusals of an upload's shape: the client's fault (it sends 406 or 500 for some). */
const MULTIPART_MALFORMED = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
]);
const MULTIPART_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_REQ_FILE_TOO_LARGE']);
// busboy (and its streamsearch) throw plain Errors for a body that is not well-formed multipart:
// no or an empty boundary, one over 256 characters, a cut-off body, a broken part header.
const BUSBOY_MALFORMED =
  /^(Multipart: Boundary not found|Boundary required|The needle cannot|Unexpected end of (multipart data|form)|Malformed part header)|terminated early due to unexpected end of multipart data/;

function isMalformedUpload(err: FastifyError, req: FastifyRequest): boolean {
  if (err.code && MULTIPART_MALFORMED.has(err.code)) return true;
  return !err.code && req.isMultipart?.() === true && BUSBOY_MALFORMED.test(err.message ?? '');
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (`/%`, `/%E0%A4%A`) fails before routing,
 * where the error handler does not run; it is answered here as an input error, still the envelope.
 */
export function frameworkErrorHandler(_err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  return reply.status(400).send({ errorCode: Codes.inputError, message: '请求地址不合法', data: null });
}

/**
 * One error handler for the whole server (DESIGN §5): AppError → its code and status;
 * schema failures → 400 input error naming the field; body too large → 413; a broken upload
 * (multipart without boundary, cut off, over its part limits) → 400/413; the database
 * out of reach → 503 Codes.databaseUnavailable; everything else → 500 with a generic
 * message. Stack traces and SQL never leave the server.
 */
export const envelopePlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ errorCode: err.code, message: err.message, data: err.data });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const field = fieldOf(fe);
      const message = field ? `参数 ${field} 不合法：${fe.validation[0]?.message ?? ''}`.trim() : '请求参数不合法';
      return reply.status(400).send({ errorCode: Codes.inputError, message, data: field ? { field } : null });
    }
    if (fe.code && MULTIPART_LIMITS.has(fe.code)) {
      return reply.status(413).send({
        errorCode: Codes.payloadTooLarge,
        message: '上传的文件或字段过多、过大，请减少后重试',
        data: null,
      });
    }
    if (isMalformedUpload(fe, req)) {
      return reply.status(400).send({
        errorCode: Codes.inputError,
        message: '上传内容不完整或格式不正确，请重新选择文件上传',
        data: null,
      });
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply
        .status(413)
        .send({ errorCode: Codes.payloadTooLarge, message: DEFAULT_MESSAGES[Codes.payloadTooLarge], data: null });
    }
    if (fe.statusCode === 429) {
      return reply
        .status(429)
        .send({ errorCode: Codes.tooManyRequests, message: DEFAULT_MESSAGES[Codes.tooManyRequests], data: null });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      return reply.status(fe.statusCode).send({ errorCode: Codes.inputError, message: '请求格式不正确', data: null });
    }
    if (isDatabaseUnavailable(err)) {
      // The pool reconnects by itself: the caller is told to retry, not that we failed.
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        errorCode: Codes.databaseUnavailable,
        message: DEFAULT_MESSAGES[Codes.databaseUnavailable],
        data: null,
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ errorCode: Codes.genericError, message: DEFAULT_MESSAGES[Codes.genericError], data: null });
  });
});
