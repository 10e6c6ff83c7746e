import { Codes, DEFAULT_MESSAGES, type Code } from '@/shared/errors';

/**
 * An error a handler throws on purpose: it carries the catalogue code, the HTTP status that
 * matches its meaning, and a message a person can act on. The error handler turns it into
 * the envelope; anything else becomes a generic 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    readonly status: number,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? DEFAULT_MESSAGES[code] ?? '请求失败');
  }
}

export const badInput = (message: string, data: unknown = null) => new AppError(Codes.inputError, 400, message, data);
export const notAuthenticated = (message?: string) => new AppError(Codes.notAuthenticated, 401, message);
export const noPermission = (message?: string) => new AppError(Codes.noPermission, 403, message);
export const notFound = (message?: string) => new AppError(Codes.notFound, 404, message);
export const conflict = (message?: string) => new AppError(Codes.conflict, 409, message);
