import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, exportJWK, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * Tests only: a real OpenID provider (`oidc-provider`) on loopback, and a browser's part of its
 * pages (cookie jar, redirects, the dev login/consent forms, the end-session confirmation).
 * The signing key is the test's own, so a test can also forge logout tokens with it.
 */
export const TEST_CLIENT = { id: 'campus-portal', secret: 'portal-client-secret' };

export interface TestIdpAccount {
  preferred_username: string;
  [claim: string]: unknown;
}

export async function startTestIdp(opts: {
  /** By subject. */
  accounts: Record<string, TestIdpAccount>;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** Where back-channel logout tokens go (the feature is on when given). */
  backchannelLogoutUri?: string;
  /** Claims the profile scope gives besides preferred_username. */
  profileClaims?: string[];
}) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        ...(opts.backchannelLogoutUri
          ? { backchannel_logout_uri: opts.backchannelLogoutUri, backchannel_logout_session_required: true }
          : {}),
      },
    ],
    jwks: { keys: [jwk] },
    findAccount: async (_ctx, sub) => {
      const a = opts.accounts[sub];
      return a ? { accountId: sub, claims: async () => ({ sub, ...a }) } : undefined;
    },
    claims: { openid: ['sub'], profile: ['preferred_username', ...(opts.profileClaims ?? [])], email: ['email'] },
    conformIdTokenClaims: false,
    // The provider refuses loopback addresses for its own calls (SSRF guard); the portal is on loopback here.
    fetch: (url: string, init: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _guard, ...rest } = init;
      return globalThis.fetch(url, rest);
    },
    features: { backchannelLogout: { enabled: !!opts.backchannelLogoutUri } },
    cookies: { keys: ['oidc-test-cookie-key'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  /** Authorization requests (not their resumptions): a sign-in page bouncing would show here. */
  const authorizations: string[] = [];
  /** Back-channel logout calls the provider could not deliver. */
  const backchannelErrors: string[] = [];
  provider.on('backchannel.error', (_ctx: unknown, err: Error) => backchannelErrors.push(err.message));
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if ((req.url ?? '').startsWith('/auth?')) authorizations.push(req.url ?? '');
    handle(req, res);
  });
  /** A logout token as the provider would sign it (or not: `claims` may break any rule). */
  const signLogoutToken = (claims: Record<string, unknown>, o: { aud?: string; iss?: string } = {}) =>
    new SignJWT({ events: { 'http://schemas.openid.net/event/backchannel-logout': {} }, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'logout+jwt' })
      .setIssuer(o.iss ?? issuer)
      .setAudience(o.aud ?? TEST_CLIENT.id)
      .setIssuedAt()
      .setJti(Math.random().toString(36).slice(2))
      .sign(privateKey);
  return {
    issuer,
    authorizations,
    backchannelErrors,
    signLogoutToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One browser at the provider: its cookies persist across sign-in and sign-out. */
export function idpBrowser() {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };

  /** Follows the provider's pages from `startUrl` until it sends the browser off the provider; answers that address. */
  async function walk(startUrl: string, loginAs: string): Promise<URL> {
    const origin = new URL(startUrl).origin;
    let url = startUrl;
    let method = 'GET';
    let body: string | undefined;
    for (let step = 0; step < 20; step++) {
      const res = await fetch(url, {
        method,
        body,
        redirect: 'manual',
        headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      });
      remember(res);
      method = 'GET';
      body = undefined;
      const location = res.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.origin !== origin) return next;
        url = next.toString();
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
      if (!action || (!prompt && !xsrf))
        throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 300)}`);
      url = new URL(action, url).toString();
      method = 'POST';
      body = xsrf
        ? new URLSearchParams({ xsrf, logout: 'yes' }).toString()
        : prompt === 'login'
          ? new URLSearchParams({ prompt, login: loginAs, password: 'unused' }).toString()
          : new URLSearchParams({ prompt: prompt ?? '' }).toString();
    }
    throw new Error('the provider did not send the browser back');
  }

  return {
    /** Signs in as the subject and answers the portal address the provider returns to (code, state). */
    authorize: (authUrl: string, subject: string) => walk(authUrl, subject),
    /** Confirms sign-out at the end-session address; answers where the provider sends the browser. */
    signOut: (endSessionUrl: string) => walk(endSessionUrl, ''),
  };
}
