import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { trimSlash } from './cas';

/**
 * OpenID Connect authorization-code flow as a confidential client: discovery, the
 * authorization URL (state, nonce, PKCE S256), the code exchange at the token endpoint with
 * client_secret_basic, and the id_token checked against the provider's JWKS (signature, iss,
 * aud, exp, nonce).
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
}

export class OidcFailure extends Error {}

const TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const discoveries = new Map<string, { at: number; doc: Discovery }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export async function discover(issuer: string): Promise<Discovery> {
  const hit = discoveries.get(issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.doc;
  let doc: Discovery;
  try {
    const res = await fetch(`${trimSlash(issuer)}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(String(res.status));
    doc = (await res.json()) as Discovery;
  } catch {
    throw new OidcFailure('无法读取身份提供方的配置');
  }
  if (
    typeof doc.authorization_endpoint !== 'string' ||
    typeof doc.token_endpoint !== 'string' ||
    typeof doc.jwks_uri !== 'string'
  ) {
    throw new OidcFailure('身份提供方的配置不完整');
  }
  // OIDC Discovery §4.3: the issuer in the document must be the one we asked.
  if (trimSlash(doc.issuer ?? '') !== trimSlash(issuer)) throw new OidcFailure('身份提供方的 issuer 不一致');
  discoveries.set(issuer, { at: Date.now(), doc });
  return doc;
}

export const newState = () => randomBytes(24).toString('base64url');
export const newNonce = () => randomBytes(24).toString('base64url');
export const newCodeVerifier = () => randomBytes(32).toString('base64url');
export const codeChallengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function authorizationUrl(
  s: OidcSettings,
  p: { redirectUri: string; state: string; nonce: string; codeVerifier: string; scope?: string },
): Promise<string> {
  const d = await discover(s.issuer);
  const url = new URL(d.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', s.clientId);
  url.searchParams.set('redirect_uri', p.redirectUri);
  url.searchParams.set('scope', p.scope ?? 'openid profile');
  url.searchParams.set('state', p.state);
  url.searchParams.set('nonce', p.nonce);
  url.searchParams.set('code_challenge', codeChallengeOf(p.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): the provider's end-session address
 * with client_id, where to come back to and, when known, the id_token of the sign-in as
 * id_token_hint (so the provider knows whose session ends and may skip asking); '' when the
 * provider has no end-session endpoint.
 */
export async function endSessionUrl(
  s: OidcSettings,
  p: { postLogoutRedirectUri: string; idTokenHint?: string | null },
): Promise<string> {
  const endpoint = (await discover(s.issuer)).end_session_endpoint;
  if (!endpoint) return '';
  const url = new URL(endpoint);
  if (p.idTokenHint) url.searchParams.set('id_token_hint', p.idTokenHint);
  url.searchParams.set('client_id', s.clientId);
  url.searchParams.set('post_logout_redirect_uri', p.postLogoutRedirectUri);
  return url.toString();
}

function keySetOf(d: Discovery) {
  let jwks = keySets.get(d.jwks_uri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(d.jwks_uri), { timeoutDuration: TIMEOUT_MS });
    keySets.set(d.jwks_uri, jwks);
  }
  return jwks;
}

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * A back-channel logout token (OpenID Connect Back-Channel Logout 1.0 §2.6): a JWT signed with a
 * key of the provider's JWKS, for this client, from this issuer, recent (iat), with the logout
 * event, a sid or a sub, and no nonce. Answers whose sign-in ended.
 */
export async function verifyLogoutToken(
  s: OidcSettings,
  token: string,
): Promise<{ issuer: string; sid?: string; sub?: string }> {
  const d = await discover(s.issuer);
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, keySetOf(d), {
      issuer: d.issuer,
      audience: s.clientId,
      requiredClaims: ['iat'],
      maxTokenAge: '10m',
      clockTolerance: 60,
    }));
  } catch (e) {
    throw new OidcFailure(`logout_token 校验失败（${(e as { code?: string }).code ?? 'invalid'}）`);
  }
  const events = claims.events as Record<string, unknown> | undefined;
  const event = events && typeof events === 'object' ? events[BACKCHANNEL_LOGOUT_EVENT] : undefined;
  if (!event || typeof event !== 'object') throw new OidcFailure('logout_token 缺少 back-channel logout 事件');
  if ('nonce' in claims) throw new OidcFailure('logout_token 不能包含 nonce');
  const sid = typeof claims.sid === 'string' && claims.sid ? claims.sid : undefined;
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : undefined;
  if (!sid && !sub) throw new OidcFailure('logout_token 缺少 sid 或 sub');
  return { issuer: d.issuer, sid, sub };
}

/** client_secret_basic (RFC 6749 §2.3.1): id and secret form-encoded before base64. */
const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** Exchanges the code; answers the signed-in user's name (preferred_username, else sub) and the id_token itself. */
export async function exchangeCode(
  s: OidcSettings,
  p: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
): Promise<{ username: string; idToken: string; claims: Record<string, unknown>; issuer: string }> {
  const d = await discover(s.issuer);
  let res: Response;
  try {
    res = await fetch(d.token_endpoint, {
      method: 'POST',
      headers: {
        authorization: basicAuth(s.clientId, s.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: p.code,
        redirect_uri: p.redirectUri,
        code_verifier: p.codeVerifier,
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    throw new OidcFailure('无法连接身份提供方');
  }
  const body = (await res.json().catch(() => ({}))) as {
    id_token?: unknown;
    error?: string;
    error_description?: string;
  };
  if (!res.ok)
    throw new OidcFailure(
      `授权码无效（${body.error ?? res.status}${body.error_description ? `: ${body.error_description}` : ''}）`,
    );
  if (typeof body.id_token !== 'string') throw new OidcFailure('身份提供方未返回 id_token');

  const jwks = keySetOf(d);
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(body.id_token, jwks, {
      issuer: d.issuer,
      audience: s.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (e) {
    throw new OidcFailure(`id_token 校验失败（${(e as { code?: string }).code ?? 'invalid'}）`);
  }
  if (claims.nonce !== p.nonce) throw new OidcFailure('id_token 的 nonce 不匹配');
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== s.clientId)
    throw new OidcFailure('id_token 的 azp 不匹配');
  const name =
    typeof claims.preferred_username === 'string' && claims.preferred_username ? claims.preferred_username : claims.sub;
  if (typeof name !== 'string' || !name) throw new OidcFailure('id_token 中没有用户名');
  return { username: name, idToken: body.id_token, claims, issuer: d.issuer };
}
