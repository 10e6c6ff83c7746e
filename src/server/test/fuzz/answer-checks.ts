import type { LightMyRequestResponse } from 'fastify';

/** What a 5xx body (or any body) must never show: stack frames, file paths, SQL, driver names. */
export const INTERNALS =
  /\bat [\w.<>]+ \(|\.(ts|js):\d+|\/(work|home|usr|tmp|src|node_modules)\/|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bUPDATE\b.+\bSET\b|SQLITE_|\bsyntax error at\b|\bviolates\b.+\bconstraint\b|\bstack\b"?:/i;

/** The body as JSON, or undefined when it is not JSON. */
function parseJson(text: string): { errorCode?: unknown; message?: unknown } | null | undefined {
  try {
    return JSON.parse(text) as { errorCode?: unknown; message?: unknown } | null;
  } catch {
    return undefined;
  }
}

/**
 * The problems with one answer, empty if none: a 5xx, a refusal or JSON answer that is not the
 * envelope with a code, internals in a 5xx body. Files, exports and redirects are not JSON.
 */
export function problemsOf(res: LightMyRequestResponse): string[] {
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`);
  if (res.statusCode >= 300 && res.statusCode < 400) return out;
  const type = String(res.headers['content-type'] ?? '');
  const mustBeEnvelope = res.statusCode >= 400 || type.includes('json');
  if (mustBeEnvelope) {
    const body = parseJson(res.body);
    if (body === undefined) out.push(`HTTP ${res.statusCode} answered no JSON (${type}): ${res.body.slice(0, 120)}`);
    else if (typeof body?.errorCode !== 'string' || !/^0[xX][0-9a-fA-F]{8}$/.test(body.errorCode))
      out.push(`HTTP ${res.statusCode} answered no envelope code: ${res.body.slice(0, 120)}`);
    else if (typeof body.message !== 'string') out.push(`HTTP ${res.statusCode} answered no message`);
  }
  if (res.statusCode >= 500 && INTERNALS.test(res.body)) out.push('a 5xx body shows internals');
  return out;
}
