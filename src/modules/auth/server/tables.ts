/**
 * The auth module's tables. Times ms.
 * - captcha (migration 0001-captcha, split from 0001-core): one image's hashed answer, one use.
 * - visit_stat (migration 0001-visit-stat, split from 0001-core): visits counted per day.
 * - sign_in_failure (migration 0010-sign-in-failures): `address` is the client address of a
 *   sign-in attempt, or '' for the account-wide streak.
 * - sso_session (migration 0021-sso-sessions): the SSO sign-in behind a session (OIDC issuer,
 *   subject and sid; CAS server, user and the service ticket's SHA-256), for provider logout.
 */
export interface CaptchaTable {
  id: string;
  answerHash: string;
  expiresAt: number;
  used: number;
  createdAt: number;
}

export interface VisitStatTable {
  /** YYYY-MM-DD */
  day: string;
  count: number;
}

export interface SignInFailureTable {
  username: string;
  address: string;
  /** Failures in a row (for an address: since its last lock, which restarts the count). */
  failedCount: number;
  /** An address's lock end; always null on the account-wide row. */
  lockedUntil: number | null;
  lastFailedAt: number;
}

export interface SsoSessionTable {
  /** SHA-256 of the session token (session.token_hash). */
  sessionHash: string;
  /** 'oidc' | 'cas' */
  kind: string;
  /** OIDC issuer, or the CAS server URL. */
  issuer: string;
  /** OIDC sub, or the CAS user. */
  subject: string;
  sid: string | null;
  ticketHash: string | null;
  createdAt: number;
}

declare module '@/server/db/schema' {
  interface Database {
    captcha: CaptchaTable;
    visitStat: VisitStatTable;
    signInFailure: SignInFailureTable;
    ssoSession: SsoSessionTable;
  }
}
