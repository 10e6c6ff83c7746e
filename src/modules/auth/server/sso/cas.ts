/**
 * CAS 3 service ticket validation (GET {server}/p3/serviceValidate). The answer is read with
 * a deliberately small parser: a document with a DOCTYPE or entity declaration is refused,
 * so no entity is ever expanded, and only the five predefined entities and character
 * references are decoded in the user name.
 */
export type CasResult =
  | { ok: true; user: string; attributes: Record<string, string> }
  | { ok: false; code: string; message: string };

const CAS_TIMEOUT_MS = 10_000;

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function casLoginUrl(serverUrl: string, service: string): string {
  return `${trimSlash(serverUrl)}/login?service=${encodeURIComponent(service)}`;
}

export function casLogoutUrl(serverUrl: string, service: string): string {
  return `${trimSlash(serverUrl)}/logout?service=${encodeURIComponent(service)}`;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const REF = /&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g;

/** Decodes the predefined entities and character references; a bare '&' or any other entity is refused (null). */
function decodeText(s: string): string | null {
  if (/&(?!(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);)/.test(s)) return null;
  try {
    return s.replace(REF, (_m, ref: string) => {
      if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
      if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
      return PREDEFINED[ref]!;
    });
  } catch {
    return null; // a character reference beyond Unicode
  }
}

/** The CAS 3 <attributes> of a success, by local name; the first value of a repeated one. */
function attributesOf(success: string): Record<string, string> {
  const block = /<(?:[\w.-]+:)?attributes\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?attributes>/.exec(success)?.[1] ?? '';
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/<(?:[\w.-]+:)?([\w.-]+)\b[^>]*>([^<]*)<\/(?:[\w.-]+:)?\1>/g)) {
    const value = decodeText(m[2]!.trim());
    if (value && !(m[1]! in out)) out[m[1]!] = value;
  }
  return out;
}

/** Reads a CAS 3 serviceValidate answer (any namespace prefix, conventionally `cas:`). */
export function parseCasResponse(xml: string): CasResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    return { ok: false, code: 'INVALID_RESPONSE', message: 'CAS 应答包含 DTD，已拒绝' };
  const body = xml.replace(/<!--[\s\S]*?-->/g, '');
  const success = /<(?:[\w.-]+:)?authenticationSuccess\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?authenticationSuccess>/.exec(
    body,
  );
  if (success) {
    const user = /<(?:[\w.-]+:)?user\b[^>]*>([^<]*)<\/(?:[\w.-]+:)?user>/.exec(success[1]!);
    const name = user ? decodeText(user[1]!.trim()) : null;
    if (!name) return { ok: false, code: 'INVALID_RESPONSE', message: 'CAS 应答缺少用户名' };
    return { ok: true, user: name, attributes: attributesOf(success[1]!) };
  }
  const failure = /<(?:[\w.-]+:)?authenticationFailure\b([^>]*)>([\s\S]*?)<\/(?:[\w.-]+:)?authenticationFailure>/.exec(
    body,
  );
  if (failure) {
    const code = /\bcode\s*=\s*["']([^"']*)["']/.exec(failure[1]!)?.[1] ?? 'UNKNOWN';
    return { ok: false, code, message: decodeText(failure[2]!.trim()) ?? '' };
  }
  return { ok: false, code: 'INVALID_RESPONSE', message: '无法识别的 CAS 应答' };
}

/** Asks the CAS server whether this ticket was issued for exactly this service URL. */
export async function validateCasTicket(serverUrl: string, service: string, ticket: string): Promise<CasResult> {
  const url = `${trimSlash(serverUrl)}/p3/serviceValidate?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(CAS_TIMEOUT_MS), redirect: 'error' });
  } catch {
    return { ok: false, code: 'UNREACHABLE', message: '无法连接统一身份认证服务器' };
  }
  if (!res.ok) return { ok: false, code: `HTTP_${res.status}`, message: `统一身份认证服务器返回 ${res.status}` };
  const text = await res.text();
  if (text.length > 256 * 1024) return { ok: false, code: 'INVALID_RESPONSE', message: 'CAS 应答过大' };
  return parseCasResponse(text);
}

/**
 * The service ticket a CAS single-logout request names (CAS protocol 3, §2.3.3: the CAS server
 * POSTs `logoutRequest`, a SAML LogoutRequest whose SessionIndex is the ticket the sign-in was
 * validated with); null when the document is not one (a DTD is refused as above).
 */
export function parseLogoutRequest(xml: string): string | null {
  if (xml.length > 64 * 1024 || /<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  const body = xml.replace(/<!--[\s\S]*?-->/g, '');
  if (!/<(?:[\w.-]+:)?LogoutRequest\b/.test(body)) return null;
  const index = /<(?:[\w.-]+:)?SessionIndex\b[^>]*>([^<]*)<\/(?:[\w.-]+:)?SessionIndex>/.exec(body);
  const ticket = index ? decodeText(index[1]!.trim()) : null;
  return ticket || null;
}
