/**
 * The auth module's tables. Times ms.
 * - captcha (migration 0001-captcha, split from 0001-core): one image's hashed answer, one use.
 * - visit_stat (migration 0001-visit-stat, split from 0001-core): visits counted per day.
 * - sign_in_failure (migration 0010-sign-in-failures): `address` is the client address of a
 *   sign-in attempt, or '' for the account-wide streak.
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

declare module '@/server/db/schema' {
  interface Database {
    captcha: CaptchaTable;
    visitStat: VisitStatTable;
    signInFailure: SignInFailureTable;
  }
}
