/** Longest error text a history row keeps. */
const MAX_ERROR_CHARS = 500;

/**
 * The error a run failed with, as the history keeps it: the message only (never the stack),
 * first line, with the password of any `scheme://user:password@host` masked, and cut short.
 */
export function runErrorText(err: unknown): string {
  const raw = err instanceof Error ? err.message : typeof err === 'string' ? err : '未知错误';
  const line = raw.split('\n')[0]!.trim() || (err instanceof Error ? err.name : '未知错误');
  const masked = line.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]*@/gi, '$1:***@');
  return masked.length > MAX_ERROR_CHARS ? `${masked.slice(0, MAX_ERROR_CHARS - 1)}…` : masked;
}
